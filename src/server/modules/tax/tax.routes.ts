import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/tax';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import * as service from './tax.service';

/** 20 MB is well over the published tables (some 42,000 ZIP lines, about 3 MB). */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The multipart upload: the optional `effectiveFrom` field may come before the file. */
async function importFile(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the CSV as multipart/form-data in the field "file"');
  let effectiveFrom: string | undefined;
  for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'effectiveFrom') effectiveFrom = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    return { filename: part.filename || 'zip-rates.csv', stream: part.file, effectiveFrom };
  }
  throw new AppError('bad_request', 'Send the CSV in the field "file"', {
    errors: [{ pointer: '/body/file', detail: 'is required' }],
  });
}

export function taxRoutes(app: FastifyInstance) {
  route(app, api.listStateRates, async ({ db, query }) => ({
    data: await service.listStateRates(db, query.state),
  }));
  route(app, api.addStateRate, async ({ db, actor, body }) => ({
    data: await service.addStateRate(db, actor, body),
  }));
  route(app, api.listTaxability, async ({ db, query }) => ({
    data: await service.listTaxability(db, query.state),
  }));
  route(app, api.addTaxability, async ({ db, actor, body }) => ({
    data: await service.addTaxability(db, actor, body),
  }));
  route(app, api.listTireFees, async ({ db, query }) => ({
    data: await service.listTireFees(db, query.state),
  }));
  route(app, api.addTireFee, async ({ db, actor, body }) => ({
    data: await service.addTireFee(db, actor, body),
  }));
  route(app, api.listZipRates, ({ db, query }) => service.listZipRates(db, query));
  route(app, api.importZipRates, async ({ db, actor, req }) => ({
    data: await service.importZipRates(db, actor, await importFile(req)),
  }));
  route(app, api.listImports, async ({ db }) => ({ data: await service.listImports(db) }));
  route(app, api.getImport, async ({ db, params }) => ({ data: await service.getImport(db, params.id) }));
  route(app, api.taxCollected, async ({ db, query }) => ({ data: await service.taxCollected(db, query) }));
  route(app, api.taxTerms, async ({ db, query }) => ({ data: await service.previewTerms(db, query) }));
}
