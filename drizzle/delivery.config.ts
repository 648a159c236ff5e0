import { defineConfig } from 'drizzle-kit';

// The delivery promise and tire age: warehouse cut-offs and calendars, DOT-coded lots.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/delivery.ts'],
  out: './migrations/delivery',
});
