import { bigint, timestamp } from 'drizzle-orm/pg-core';

// Column shapes every table shares: identity ids, bigint references and cents (integer money, see
// docs/domain.md), timestamptz stamps.
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const cents = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
