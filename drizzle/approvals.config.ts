import { defineConfig } from 'drizzle-kit';

// Spending limits, budgets and the approval step of fleet buying.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/approvals.ts'],
  out: './migrations/approvals',
});
