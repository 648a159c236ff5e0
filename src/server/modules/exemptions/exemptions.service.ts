// The exemptions module's entry: sales tax exemption certificates (docs/domain.md, "Exemption
// certificates"). Other modules call certificateFor (the tax terms of a delivery); the rest are
// the company's and finance's use cases, kept in the sibling files named below.
import { dayOf } from '../../../domain/calendar-day';
import type { DbOrTx } from '../../db/connection';
import * as repo from './exemptions.repository';

/**
 * The verified certificate a company holds for a state at `at`, for every location of the company
 * or for that location: null when there is none, when it is pending or rejected, and when its
 * expiry date has passed (even before the expiry job has marked it expired).
 */
export async function certificateFor(
  db: DbOrTx,
  q: { companyId: number; locationId: number | null; state: string; at: Date },
): Promise<{ id: number; kind: string; number: string } | null> {
  return repo.findValidCertificate(db, {
    companyId: q.companyId,
    locationId: q.locationId,
    state: q.state.toUpperCase(),
    day: dayOf(q.at),
  });
}

export type { CertificateUpload } from './exemptions.files';
export {
  runExemptionJobs,
  expireCertificates,
  sendExpiryReminders,
  EXEMPTION_JOB_MS,
} from './exemptions.jobs';
export { reviewCertificates, verifyCertificate, rejectCertificate } from './exemptions.review';
export { uploadCertificate, listCertificates, certificateFile } from './exemptions.uploads';
