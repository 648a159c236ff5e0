// The periodic job (exemptionsRoutes runs it every hour; tests call it with their own clock):
// verified certificates past their expiry date become expired, and the company admins get one
// e-mail per certificate 30 days before it expires.
import { dayOf } from '../../../domain/calendar-day';
import { EXPIRY_REMINDER_DAYS } from '../../../domain/exemption-status';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { queueEmail } from '../../integrations/email/outbox';
import { exemptionKindLabels } from '../../../contract/exemptions';
import type { ExemptionKind } from '../../../domain/exemption-status';
import * as repo from './exemptions.repository';

export const EXEMPTION_JOB_MS = 3_600_000;

/** Marks expired every verified certificate whose expiry date is before the day of `at`. */
export async function expireCertificates(db: Db, at = new Date()) {
  return db.transaction(async (tx) => {
    const rows = await repo.pastExpiry(tx, dayOf(at));
    for (const row of rows) await repo.setCertificateStatus(tx, row, 'expired');
    return rows.length;
  });
}

const baseUrl = (config: Config) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** One reminder per certificate expiring within 30 days of `at`, to each company admin, once. */
export async function sendExpiryReminders(db: Db, config: Config, at = new Date()) {
  const until = dayOf(new Date(at.getTime() + EXPIRY_REMINDER_DAYS * 86_400_000));
  return db.transaction(async (tx) => {
    const rows = await repo.dueForReminder(tx, dayOf(at), until);
    for (const row of rows) {
      const what = `${exemptionKindLabels[row.kind as ExemptionKind].toLowerCase()} certificate ${row.number} (${row.state})`;
      for (const admin of await repo.companyAdmins(tx, row.companyId))
        await queueEmail(tx, {
          to: admin.email,
          subject: `Your ${row.state} exemption certificate expires on ${row.expiresOn}`,
          text: `Hello ${admin.name},\n\nYour ${what} expires on ${row.expiresOn}. From the next day your orders delivered in ${row.state} are taxed again.\nUpload the renewed certificate on your account page:\n\n${baseUrl(config)}/account\n`,
          kind: 'exemption_expiry',
          meta: { certificateId: row.id },
        });
      // Marked even when the company has no admin to tell: the reminder is once per certificate.
      await repo.markReminded(tx, row.id, at);
    }
    return rows.length;
  });
}

export async function runExemptionJobs(db: Db, config: Config, at = new Date()) {
  return { expired: await expireCertificates(db, at), reminded: await sendExpiryReminders(db, config, at) };
}
