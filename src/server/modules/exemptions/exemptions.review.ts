// Finance's side: the certificates waiting for a decision, verified or rejected with a reason.
import { type ExemptionStatus, isPastExpiry } from '../../../domain/exemption-status';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './exemptions.repository';
import { viewOf } from './exemptions.uploads';
import { toCertificate } from './exemptions.views';

/** Every company's certificates in one status, oldest first (the queue finance works through). */
export async function reviewCertificates(db: Db, status: ExemptionStatus, at = new Date()) {
  const rows = await repo.certificatesInStatus(db, status);
  return rows.map((r) => toCertificate(r.cert, r, at));
}

async function decide(
  db: Db,
  actor: Actor,
  id: number,
  to: 'verified' | 'rejected',
  rejectionReason: string | null,
) {
  await db.transaction(async (tx) => {
    const row = await repo.findCertificate(tx, id, true);
    if (!row) throw notFound('Certificate');
    // A certificate that ran out while it waited would exempt nothing: the company uploads a new one.
    if (to === 'verified' && isPastExpiry(row.expiresOn, new Date()))
      throw conflict(`The certificate expired on ${row.expiresOn}; it cannot be verified`, {
        reason: 'expired',
      });
    await repo.setCertificateStatus(tx, row, to, {
      decidedBy: actor.userId,
      decidedAt: new Date(),
      rejectionReason,
    });
    await writeAudit(tx, actor, {
      entity: 'exemption_certificate',
      entityId: id,
      action: to === 'verified' ? 'verify' : 'reject',
      before: { status: row.status },
      after: { status: to, rejectionReason },
    });
  });
  return (await viewOf(db, id))!;
}

/** Finance verifies a pending certificate (not past its expiry date). */
export const verifyCertificate = (db: Db, actor: Actor, id: number) =>
  decide(db, actor, id, 'verified', null);

/** Finance rejects a pending certificate; the company reads the reason. */
export const rejectCertificate = (db: Db, actor: Actor, id: number, reason: string) =>
  decide(db, actor, id, 'rejected', reason);
