// Spending limits, budgets and the approval step of fleet buying.
// Its migrations are under migrations/approvals (drizzle/approvals.config.ts).
export {};
