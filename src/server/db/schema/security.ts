import { bigint, integer, pgTable, primaryKey, text, timestamp, index } from 'drizzle-orm/pg-core';
import { createdAt, ref } from './columns';
import { users } from './core-accounts';

/**
 * Attempts at a guarded call (sign-in, password recovery, the current-password check), per key
 * such as `login:pair:<username>|<address>`. A row is claimed atomically before the password is
 * checked (see sessions.throttle.ts), so parallel guesses cannot race past the count.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Browsers a user has signed in from (a long-lived cookie): exempt from the per-username throttle. */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);

/** The global rate limit's counters, shared by every server process on this database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** A user's TOTP second factor; enabledAt is null until the first code confirms the enrolment. */
export const userMfa = pgTable('user_mfa', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted time step: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored only as their SHA-256. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
