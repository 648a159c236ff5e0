// The company's side: a company admin uploads a certificate (a new pending one every time), the
// company's users list them and read their files.
import { CertificateFields, type Certificate } from '../../../contract/exemptions';
import { isStateCode } from '../../../domain/address';
import { isPastExpiry } from '../../../domain/exemption-status';
import { can } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, type FieldError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import {
  type CertificateUpload,
  certificateFileType,
  fileProblem,
  readCertificateFile,
  storedName,
  writeCertificateFile,
} from './exemptions.files';
import * as repo from './exemptions.repository';
import { toCertificate } from './exemptions.views';

/** The fields and the file checked together: every problem is named at once, by its pointer. */
async function checked(db: Db, actor: Actor, fields: Record<string, string>, file: CertificateUpload | null) {
  const errors: FieldError[] = [];
  const parsed = CertificateFields.safeParse(fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      errors.push({ pointer: `/body/${issue.path.join('/')}`, detail: issue.message });
  const values = parsed.success ? parsed.data : null;
  if (values && !isStateCode(values.state))
    errors.push({ pointer: '/body/state', detail: `${values.state} is not a US state` });
  if (values && isPastExpiry(values.expiresOn, new Date()))
    errors.push({
      pointer: '/body/expiresOn',
      detail: 'is in the past: upload a certificate still in force',
    });
  if (values?.locationId != null) {
    const location = await repo.findLocation(db, values.locationId);
    if (location?.companyId !== actor.companyId)
      errors.push({ pointer: '/body/locationId', detail: 'is not a location of your company' });
  }
  const problem = fileProblem(file);
  if (problem) errors.push({ pointer: '/body/file', detail: problem });
  if (errors.length || !values || !file)
    throw badRequest(`The certificate was not uploaded: ${errors.map((e) => e.detail).join('; ')}`, errors);
  return { values, file };
}

/** A company admin's upload: a new pending certificate of the company, with its file stored. */
export async function uploadCertificate(
  db: Db,
  config: Config,
  actor: Actor,
  fields: Record<string, string>,
  upload: CertificateUpload | null,
): Promise<Certificate> {
  const { values, file } = await checked(db, actor, fields, upload);
  const type = certificateFileType(file.bytes)!;
  const fileName = storedName(type.ext);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertCertificate(tx, {
      companyId: actor.companyId,
      locationId: values.locationId,
      state: values.state,
      kind: values.kind,
      number: values.number,
      expiresOn: values.expiresOn,
      fileName,
      fileType: type.type,
      fileBytes: file.bytes.length,
      originalName: file.name.slice(0, 200),
      uploadedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      entity: 'exemption_certificate',
      entityId: row.id,
      action: 'upload',
      after: { state: row.state, kind: row.kind, number: row.number, expiresOn: row.expiresOn },
    });
    // Written inside the transaction: a failed write leaves no row pointing at a missing file.
    await writeCertificateFile(config, fileName, file.bytes);
    return row.id;
  });
  return (await viewOf(db, id))!;
}

export async function viewOf(db: Db, id: number, at = new Date()) {
  const row = await repo.findCertificateView(db, id);
  return row && toCertificate(row.cert, row, at);
}

/** The caller's company's certificates, newest first, with their status today. */
export async function listCertificates(db: Db, actor: Actor, at = new Date()) {
  const rows = await repo.certificatesOfCompany(db, actor.companyId);
  return rows.map((r) => toCertificate(r.cert, r, at));
}

/** A certificate's file for its company's users and for finance; another company's is not found. */
export async function certificateFile(db: Db, config: Config, actor: Actor, id: number) {
  const row = await repo.findCertificate(db, id);
  if (!row || (row.companyId !== actor.companyId && !can(actor.role, 'finance')))
    throw notFound('Certificate');
  return {
    bytes: await readCertificateFile(config, row.fileName),
    type: row.fileType,
    name: row.originalName,
  };
}
