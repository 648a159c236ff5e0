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
import { cents, createdAt, id, ref } from './columns';
import { companies, priceGroups, users } from './core-accounts';
import { makes, models, warehouses } from './core-catalog';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Who changed what in the back office, with the record before and after. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: ref('actor_user_id'),
    actorUsername: text('actor_username').notNull(),
    at: at('at').notNull().defaultNow(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);

/** Customer groups (/api/v1/group): named sets of companies, optionally priced by one price group. */
export const customerGroups = pgTable('customer_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  priceGroupId: ref('price_group_id').references(() => priceGroups.id),
  companyIds: bigint('company_ids', { mode: 'number' }).array().notNull().default([]),
  createdAt: createdAt(),
});

/** A compensation plan: who earns what share of which sales. */
export const compPlans = pgTable('comp_plans', {
  id: id(),
  name: text('name').notNull(),
  userId: ref('user_id')
    .notNull()
    .references(() => users.id),
  /** Only sales to this customer company; null = every customer. */
  companyId: ref('company_id').references(() => companies.id),
  /** Only lines of this tire make; null = every make. */
  makeId: ref('make_id').references(() => makes.id),
  basisPoints: integer('basis_points').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** What a plan earned on one order; waived records stay for the history. */
export const compRecords = pgTable(
  'comp_records',
  {
    id: id(),
    planId: ref('plan_id')
      .notNull()
      .references(() => compPlans.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    orderId: ref('order_id'),
    baseCents: cents('base_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** accrual: earned when the order was placed; adjustment: a reversing entry after a change of the order. */
    kind: text('kind').notNull().default('accrual'),
    /** accrued | waived */
    status: text('status').notNull().default('accrued'),
    note: text('note').notNull().default(''),
    waivedAt: at('waived_at'),
    waivedBy: ref('waived_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comp_records_plan_order_idx').on(t.planId, t.orderId).where(sql`${t.kind} = 'accrual'`),
    index('comp_records_user_idx').on(t.userId),
  ],
);

/**
 * A public wholesale sign-up, approved or rejected by staff. It reaches staff only once the
 * link mailed to its address is opened (`confirmed_at`).
 */
export const wholesaleApplications = pgTable(
  'wholesale_applications',
  {
    id: id(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    username: text('username').notNull(),
    address1: text('address1').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull(),
    taxId: text('tax_id').notNull().default(''),
    message: text('message').notNull().default(''),
    /** pending | approved | rejected (src/domain/wholesale-status.ts) */
    status: text('status').notNull().default('pending'),
    decisionNote: text('decision_note').notNull().default(''),
    reviewedBy: ref('reviewed_by').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    companyId: ref('company_id').references(() => companies.id),
    userId: ref('user_id').references(() => users.id),
    /** SHA-256 of the confirmation link's token; kept once confirmed, so a second click is answered alike. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: at('confirm_expires_at'),
    /** The address proved itself; null: not in staff's queue. */
    confirmedAt: at('confirmed_at'),
    /** The client address the sign-up came from. */
    requestedIp: text('requested_ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wholesale_applications_confirm_idx').on(t.confirmTokenHash)],
);

/** One upload of an inventory feed to a warehouse; progress is written while it runs. */
export const feedRuns = pgTable(
  'feed_runs',
  {
    id: id(),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    uploadedBy: ref('uploaded_by').references(() => users.id),
    filename: text('filename').notNull(),
    /** running | applied | failed */
    status: text('status').notNull().default('running'),
    processedRows: integer('processed_rows').notNull().default(0),
    goodRows: integer('good_rows').notNull().default(0),
    badRows: integer('bad_rows').notNull().default(0),
    error: text('error'),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('feed_runs_warehouse_idx').on(t.warehouseId)],
);

/** A feed row that was refused, with its line number in the file and why. */
export const feedFailures = pgTable(
  'feed_failures',
  {
    id: id(),
    runId: ref('run_id')
      .notNull()
      .references(() => feedRuns.id, { onDelete: 'cascade' }),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    raw: text('raw').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feed_failures_warehouse_idx').on(t.warehouseId)],
);

/** Images of a tire line, stored under DATA_DIR/model-images. */
export const modelImages = pgTable(
  'model_images',
  {
    id: id(),
    modelId: ref('model_id')
      .notNull()
      .references(() => models.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    altText: text('alt_text').notNull().default(''),
    position: integer('position').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('model_images_model_idx').on(t.modelId)],
);
