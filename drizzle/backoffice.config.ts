import { defineConfig } from 'drizzle-kit';

// The back-office area: audit log, customer groups, compensation, wholesale, feeds, model images.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/backoffice.ts'],
  out: './migrations/backoffice',
});
