import { defineConfig } from 'drizzle-kit';

// The installer area: the installer's side of orders delivered to its bay.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/installer.ts'],
  out: './migrations/installer',
});
