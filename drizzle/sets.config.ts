import { defineConfig } from 'drizzle-kit';

// Staggered sets: the front and rear lines of a cart or order bought as one set.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/sets.ts'],
  out: './migrations/sets',
});
