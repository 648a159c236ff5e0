// The delivery promise and tire age: warehouse cut-offs and calendars, DOT-coded lots.
// Its migrations are under migrations/delivery (drizzle/delivery.config.ts).
export {};
