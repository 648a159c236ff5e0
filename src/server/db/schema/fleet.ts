// The fleet roster per location: units, their vehicles and tags, what was bought for each.
// Its migrations are under migrations/fleet (drizzle/fleet.config.ts).
export {};
