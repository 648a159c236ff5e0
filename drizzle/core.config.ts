import { defineConfig } from 'drizzle-kit';

// The core area: accounts, price groups, catalogue, warehouses, inventory, prices, discounts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/core-accounts.ts', './src/server/db/schema/core-catalog.ts'],
  out: './migrations/core',
});
