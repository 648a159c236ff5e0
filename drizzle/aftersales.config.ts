import { defineConfig } from 'drizzle-kit';

// The after-sales area: returns, claims, refunds and vendor records, supplier bills.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/aftersales.ts'],
  out: './migrations/aftersales',
});
