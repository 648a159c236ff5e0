import { defineConfig } from 'drizzle-kit';

// The marketing area: reviews and their photos and votes, comparisons, newsletter, contact messages.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/marketing.ts'],
  out: './migrations/marketing',
});
