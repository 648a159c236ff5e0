// Sales tax exemption certificates (docs/domain.md, "Exemption certificates"): a company admin
// uploads one per state, the company's users list them, finance verifies or rejects them.
import { z } from 'zod';
import { exemptionKinds, exemptionStatuses } from '../domain/exemption-status';
import { endpoint, Id, IsoDate } from './common';

export const ExemptionKind = z.enum(exemptionKinds);
export const ExemptionStatus = z.enum(exemptionStatuses);

/** The kinds as people read them. */
export const exemptionKindLabels: Record<z.infer<typeof ExemptionKind>, string> = {
  resale: 'Resale',
  government: 'Government',
  fleet_agricultural: 'Fleet / agricultural',
  other: 'Other',
};

/** What the file may be: read from its first bytes, not from its name. */
export const CERTIFICATE_FILE =
  'multipart field `file`: a PDF, PNG or JPEG read from the bytes, at most 5 MB';
export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;

/**
 * The fields sent beside the file (multipart fields, so text): the state, the kind, the number,
 * the expiry date and, for a certificate of one location only, that location's id.
 */
export const CertificateFields = z.object({
  state: z
    .string()
    .trim()
    .min(1, 'Choose the state')
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'is not a two-letter state code')),
  kind: ExemptionKind,
  number: z.string().trim().min(1, 'Enter the certificate number').max(60),
  expiresOn: z.string().trim().min(1, 'Enter the expiry date').pipe(z.iso.date('is not a date (YYYY-MM-DD)')),
  locationId: z
    .preprocess(
      (v) => (v === '' || v === undefined || v === 'all' ? null : v),
      z.coerce.number().int().positive().nullable(),
    )
    .default(null),
});
export type CertificateFields = z.input<typeof CertificateFields>;

export const Certificate = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  /** null: every location of the company. */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  state: z.string(),
  kind: ExemptionKind,
  number: z.string(),
  expiresOn: z.string(),
  /** The status now: a verified certificate past its expiry date is expired before the job runs. */
  status: ExemptionStatus,
  /** Verified and expiring within the reminder window (30 days). */
  expiringSoon: z.boolean(),
  fileType: z.string(),
  fileBytes: z.number().int(),
  originalName: z.string(),
  /** Where the file is read (`GET /api/v1/exemption/{id}/file`). */
  fileUrl: z.string(),
  uploadedAt: IsoDate,
  decidedAt: IsoDate.nullable(),
  rejectionReason: z.string().nullable(),
});
export type Certificate = z.infer<typeof Certificate>;

const Params = z.object({ id: Id });
const One = z.object({ data: Certificate });
const List = z.object({ data: z.object({ list: z.array(Certificate) }) });

export const listCertificates = endpoint({
  method: 'GET',
  path: '/api/v1/exemption',
  access: 'shop',
  summary: "The caller's company's exemption certificates, newest first",
  response: List,
});

export const uploadCertificate = endpoint({
  method: 'POST',
  path: '/api/v1/exemption',
  access: 'companyAdmin',
  summary: `Upload an exemption certificate of the company: a new pending certificate (fields state, kind, number, expiresOn, locationId; ${CERTIFICATE_FILE})`,
  response: One,
  status: 201,
});

export const certificateFile = endpoint({
  method: 'GET',
  path: '/api/v1/exemption/:id/file',
  access: 'shop',
  summary: "A certificate's file, for its company and for finance",
  params: Params,
  response: z.unknown(),
});

export const reviewCertificates = endpoint({
  method: 'GET',
  path: '/api/v1/finance/exemption',
  access: 'finance',
  summary: 'Certificates of every company in one status (pending unless asked), oldest first',
  query: z.object({ status: ExemptionStatus.default('pending') }),
  response: List,
});

export const verifyCertificate = endpoint({
  method: 'POST',
  path: '/api/v1/finance/exemption/:id/verify',
  access: 'finance',
  summary: 'Verify a pending certificate: from now its company buys tax-free in its state',
  params: Params,
  response: One,
});

export const rejectCertificate = endpoint({
  method: 'POST',
  path: '/api/v1/finance/exemption/:id/reject',
  access: 'finance',
  summary: 'Reject a pending certificate, with the reason the company reads',
  params: Params,
  body: z.object({ reason: z.string().trim().min(1, 'Enter the reason').max(500) }),
  response: One,
});
