// Every table of every area, for Drizzle's typed queries. Each area's file is also the schema
// of its own migration folder (see drizzle/ and src/server/db/migrate.ts).
export * from './core-accounts';
export * from './core-catalog';
export * from './catalog';
export * from './orders';
export * from './finance-tasks';
export * from './backoffice';
export * from './aftersales';
export * from './logistics';
export * from './quotes';
export * from './security';
export * from './marketing';
export * from './installer';
export * from './exemptions';
export * from './tax';
export * from './approvals';
export * from './fleet';
export * from './webhooks';
export * from './delivery';
export * from './tire-age';
