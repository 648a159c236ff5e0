import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns';
import { companies, locations, users } from './core-accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A sales tax exemption certificate of a company for one state, for every location of the company
 * (location_id null) or for one of them. The file is kept under DATA_DIR/exemption-certificates
 * with a name the server makes (docs/security.md, "Uploads"). A new upload is a new row; a row's
 * status moves only by src/domain/exemption-status.ts.
 */
export const exemptionCertificates = pgTable(
  'exemption_certificates',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    locationId: ref('location_id').references(() => locations.id),
    /** Two-letter state code. */
    state: text('state').notNull(),
    /** resale | government | fleet_agricultural | other */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    /** Good through this day (UTC); expired from the next. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** The stored file's name (made by the server), its type (read from its bytes) and size. */
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    /** The name the uploader's file had, for the download only. */
    originalName: text('original_name').notNull(),
    /** src/domain/exemption-status.ts */
    status: text('status').notNull().default('pending'),
    uploadedBy: ref('uploaded_by').references(() => users.id),
    /** Who in finance verified or rejected it, and when. */
    decidedBy: ref('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    rejectionReason: text('rejection_reason'),
    /** When the expiry reminder went to the company admins (once per certificate). */
    reminderSentAt: at('reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('exemption_certificates_company_idx').on(t.companyId, t.state, t.status),
    index('exemption_certificates_status_idx').on(t.status, t.expiresOn),
    check(
      'exemption_certificates_kind',
      sql`${t.kind} in ('resale', 'government', 'fleet_agricultural', 'other')`,
    ),
    check(
      'exemption_certificates_status',
      sql`${t.status} in ('pending', 'verified', 'rejected', 'expired')`,
    ),
    check(
      'exemption_certificates_rejection',
      sql`${t.status} <> 'rejected' or ${t.rejectionReason} is not null`,
    ),
    check(
      'exemption_certificates_file',
      sql`${t.fileType} in ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
  ],
);
