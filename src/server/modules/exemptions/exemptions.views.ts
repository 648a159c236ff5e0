import type { Certificate } from '../../../contract/exemptions';
import {
  type ExemptionKind,
  type ExemptionStatus,
  exemptionStatusAt,
  expiryReminderDue,
} from '../../../domain/exemption-status';
import type { CertificateRow } from './exemptions.repository';

export const certificateFileUrl = (id: number) => `/api/v1/exemption/${id}/file`;

/** A certificate as the API answers it, with its status at `at` (an expired date reads expired). */
export function toCertificate(
  row: CertificateRow,
  names: { companyName: string; locationName: string | null },
  at: Date,
): Certificate {
  const stored = row.status as ExemptionStatus;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: names.companyName,
    locationId: row.locationId,
    locationName: names.locationName,
    state: row.state,
    kind: row.kind as ExemptionKind,
    number: row.number,
    expiresOn: row.expiresOn,
    status: exemptionStatusAt(stored, row.expiresOn, at),
    expiringSoon: expiryReminderDue(stored, row.expiresOn, at),
    fileType: row.fileType,
    fileBytes: row.fileBytes,
    originalName: row.originalName,
    fileUrl: certificateFileUrl(row.id),
    uploadedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}
