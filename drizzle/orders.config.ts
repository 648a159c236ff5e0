import { defineConfig } from 'drizzle-kit';

// The orders area: carts, orders, supplier sub-orders, stock holds, payments, idempotency keys, finance tasks.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/orders.ts', './src/server/db/schema/finance-tasks.ts'],
  out: './migrations/orders',
});
