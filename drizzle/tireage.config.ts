import { defineConfig } from 'drizzle-kit';

// Tire age: DOT-coded lots of the stock, the codes each hold took, the buyers' maximum age.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/tire-age.ts'],
  out: './migrations/tireage',
});
