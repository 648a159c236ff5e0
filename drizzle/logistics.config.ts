import { defineConfig } from 'drizzle-kit';

// The logistics area: fulfillments, shipping labels, shipments and their tracking, pickups.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/logistics.ts'],
  out: './migrations/logistics',
});
