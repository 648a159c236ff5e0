import { defineConfig } from 'drizzle-kit';

// The catalog area (issue 3): sizes, vehicles, channels, catalogue summaries.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/catalog.ts'],
  out: './migrations/catalog',
});
