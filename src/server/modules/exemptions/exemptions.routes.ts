import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/exemptions';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { sweepEvery } from '../../http/sweep';
import * as service from './exemptions.service';

/** The text fields and the one `file` of a certificate upload; the service checks them. */
async function certificateUpload(req: FastifyRequest) {
  if (!req.isMultipart())
    throw badRequest('Send the certificate as multipart/form-data: its fields and the file in "file"');
  const fields: Record<string, string> = {};
  let file: service.CertificateUpload | null = null;
  // A file over the limit comes back truncated (told as a 400 at its field) instead of thrown;
  // parts() reads throwFileSizeLimit at run time, though its type leaves it out.
  const options = {
    throwFileSizeLimit: false,
    limits: { fileSize: api.MAX_CERTIFICATE_BYTES + 1, files: 1, fields: 10 },
  };
  for await (const part of req.parts(options)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw badRequest('Send the certificate in the field "file"');
      const bytes = await part.toBuffer();
      file = { name: part.filename || 'certificate', bytes, truncated: part.file.truncated };
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  return { fields, file };
}

export function exemptionsRoutes(app: FastifyInstance) {
  route(app, api.listCertificates, async ({ db, actor }) => ({
    data: { list: await service.listCertificates(db, actor) },
  }));
  route(app, api.uploadCertificate, async ({ db, config, actor, req }) => {
    const { fields, file } = await certificateUpload(req);
    return { data: await service.uploadCertificate(db, config, actor, fields, file) };
  });
  route(app, api.certificateFile, async ({ db, config, actor, params, reply }) => {
    const file = await service.certificateFile(db, config, actor, params.id);
    const name = file.name.replace(/[^\w. -]/g, '_');
    reply
      .type(file.type)
      .header('content-disposition', `inline; filename="${name}"`)
      // Its type was read from its bytes, and helmet's nosniff and policy stand: shown, never run.
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
    return file.bytes;
  });
  route(app, api.reviewCertificates, async ({ db, query }) => ({
    data: { list: await service.reviewCertificates(db, query.status) },
  }));
  route(app, api.verifyCertificate, async ({ db, actor, params }) => ({
    data: await service.verifyCertificate(db, actor, params.id),
  }));
  route(app, api.rejectCertificate, async ({ db, actor, params, body }) => ({
    data: await service.rejectCertificate(db, actor, params.id, body.reason),
  }));
  sweepEvery(app, service.EXEMPTION_JOB_MS, 'exemption certificates', () =>
    service.runExemptionJobs(app.db, app.config),
  );
}
