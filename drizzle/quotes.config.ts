import { defineConfig } from 'drizzle-kit';

// The quotes area: quotes, line requests, options, generation jobs, holds, floors and quoted order prices.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/quotes.ts'],
  out: './migrations/quotes',
});
