import { defineConfig } from 'drizzle-kit';

// The fleet roster per location: units, their vehicles and tags, what was bought for each.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/fleet.ts'],
  out: './migrations/fleet',
});
