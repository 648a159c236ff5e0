import { defineConfig } from 'drizzle-kit';

// Outbound webhooks: a company's endpoints, the event outbox and its deliveries.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/webhooks.ts'],
  out: './migrations/webhooks',
});
