import { defineConfig } from 'drizzle-kit';

// The tax area: sales tax rates by state and ZIP, what each state taxes, state tire fees, and the
// runs of the ZIP-rate import. Rows are dated and only ever added (docs/tax-sources.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/tax.ts'],
  out: './migrations/tax',
});
