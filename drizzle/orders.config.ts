import { defineConfig } from 'drizzle-kit';

// The orders area: carts, orders, supplier sub-orders, stock holds, payments, idempotency keys.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/orders.ts'],
  out: './migrations/orders',
});
