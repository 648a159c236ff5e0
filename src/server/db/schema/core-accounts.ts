import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';

/** A price group selects the markup rules for the locations (and sessions) that use it. */
export const priceGroups = pgTable('price_groups', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  /** customer | supplier | installer | reseller | staff */
  kind: text('kind').notNull().default('customer'),
  email: text('email'),
  phone: text('phone'),
  creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
  paymentTermsDays: integer('payment_terms_days').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /**
   * off | cheapest | fastest: units of this company's orders that no warehouse can fill go to a
   * distributor on their own (docs/logistics.md, "Distributors"); added by migrations/logistics.
   */
  distributorAutoSend: text('distributor_auto_send').notNull().default('off'),
  createdAt: createdAt(),
});

export const locations = pgTable(
  'locations',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address1: text('address1').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull(),
    phone: text('phone'),
    /** locationSupplierId: the supplier company id this location works for; 0 = none. */
    supplierId: integer('supplier_id').notNull().default(0),
    /** locationInstaller: above 0 when this location installs tires. */
    installer: integer('installer').notNull().default(0),
    /** locationGroupPricing: the price group of this location. */
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('locations_company_idx').on(t.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** buyer | company_admin | supplier | installer | reseller | sales | support | finance | admin */
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    currentLocationId: ref('current_location_id').references(() => locations.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_idx').on(sql`lower(${t.username})`)],
);

export const userLocations = pgTable(
  'user_locations',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: ref('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('user_locations_pk').on(t.userId, t.locationId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random session id: a leaked table cannot be replayed as cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: ref('location_id').references(() => locations.id),
    /** The session's own price group, overriding the location's (POST /api/session/group). */
    priceGroupId: ref('price_group_id').references(() => priceGroups.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Signed in with the password, the second factor still owed: grants nothing yet (migrations/security). */
    mfaPending: boolean('mfa_pending').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const apiTokens = pgTable('api_tokens', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: ref('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default('api'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: ref('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every e-mail is written here first and sent from here: nothing is lost when SMTP is down. */
export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
