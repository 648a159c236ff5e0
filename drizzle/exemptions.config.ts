import { defineConfig } from 'drizzle-kit';

// The exemptions area: the sales tax exemption certificates companies upload and finance verifies.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/exemptions.ts'],
  out: './migrations/exemptions',
});
