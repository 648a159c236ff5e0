// Outbound webhooks: a company's endpoints, the event outbox and its deliveries.
// Its migrations are under migrations/webhooks (drizzle/webhooks.config.ts).
export {};
