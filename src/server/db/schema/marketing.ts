import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns';
import { companies, users } from './core-accounts';
import { models, products } from './core-catalog';
import { orders } from './orders';

// The marketing area: tire line reviews and their photos, saved comparisons, newsletter
// subscriptions and contact messages (docs/marketing.md).

const at = (name: string) => timestamp(name, { withTimezone: true });
const stars = (name: string) => smallint(name);

/**
 * A fleet's review of a tire line: one per line and user, by a user whose company bought it
 * (src/domain/reviews-status.ts: pending → published | hidden).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    modelId: ref('model_id')
      .notNull()
      .references(() => models.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    /** The delivered order that proves the purchase (the "verified fleet purchase" badge). */
    orderId: ref('order_id').references(() => orders.id),
    productId: ref('product_id').references(() => products.id),
    ratingOverall: stars('rating_overall').notNull(),
    ratingDry: stars('rating_dry'),
    ratingWet: stars('rating_wet'),
    ratingSnow: stars('rating_snow'),
    ratingNoise: stars('rating_noise'),
    ratingTreadwear: stars('rating_treadwear'),
    milesDriven: integer('miles_driven'),
    vehicle: text('vehicle').notNull().default(''),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    hiddenReason: text('hidden_reason'),
    answer: text('answer'),
    answeredAt: at('answered_at'),
    moderatedAt: at('moderated_at'),
    moderatedBy: ref('moderated_by').references(() => users.id),
    helpfulCount: integer('helpful_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_model_user_idx').on(t.modelId, t.userId),
    index('reviews_model_status_idx').on(t.modelId, t.status),
    index('reviews_status_idx').on(t.status, t.createdAt),
    check('reviews_overall', sql`${t.ratingOverall} between 1 and 5`),
  ],
);

/** A photo of a review, stored under DATA_DIR/review-images in a few widths. */
export const reviewImages = pgTable(
  'review_images',
  {
    id: id(),
    reviewId: ref('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** The widths stored (px), each as WebP: `<id>-<width>.webp`. */
    widths: integer('widths').array().notNull(),
    /** Width and height of the largest stored copy. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    originalBytes: integer('original_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_images_review_idx').on(t.reviewId)],
);

/** "Was this helpful": one vote per user and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: ref('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** A user's saved side-by-side of up to four SKUs, in the order chosen. */
export const comparisons = pgTable(
  'comparisons',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    productIds: bigint('product_ids', { mode: 'number' }).array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('comparisons_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Newsletter consent by double opt-in (src/domain/marketing-status.ts): the request, the
 * confirmation and the unsubscription, each with its time and client address.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    userId: ref('user_id').references(() => users.id),
    /** SHA-256 of the confirmation link's token; cleared once used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: at('confirm_expires_at'),
    /** The token of the unsubscribe link every mail carries (it only ever unsubscribes). */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    requestedAt: at('requested_at').notNull().defaultNow(),
    requestedIp: text('requested_ip').notNull(),
    consentAt: at('consent_at'),
    consentIp: text('consent_ip'),
    unsubscribedAt: at('unsubscribed_at'),
    lastMailAt: at('last_mail_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_unsubscribe_idx').on(t.unsubscribeToken),
    index('newsletter_requested_ip_idx').on(t.requestedIp, t.requestedAt),
  ],
);

/** A message to the support inbox from the contact form (open → answered). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    orderNumber: text('order_number'),
    status: text('status').notNull().default('open'),
    clientIp: text('client_ip').notNull(),
    answer: text('answer'),
    answeredAt: at('answered_at'),
    answeredBy: ref('answered_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.createdAt),
    index('contact_messages_user_idx').on(t.userId, t.createdAt),
    index('contact_messages_ip_idx').on(t.clientIp, t.createdAt),
  ],
);
