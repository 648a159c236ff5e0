import { defineConfig } from 'drizzle-kit';

// The catalog area: sizes, vehicles, channels, and the search tables (search_items, facet counts).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/catalog.ts'],
  out: './migrations/catalog',
});
