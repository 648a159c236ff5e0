import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/vehicles';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import * as service from './vehicles.service';

/** 20 MB is some 300,000 fitment lines, more than the whole demo catalogue. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

async function importFile(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the CSV as multipart/form-data in the field "file"');
  const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (file?.fieldname !== 'file') throw new AppError('bad_request', 'Send the CSV in the field "file"');
  return { filename: file.filename || 'vehicles.csv', stream: file.file };
}

export function vehiclesRoutes(app: FastifyInstance) {
  route(app, api.importVehicles, async ({ db, actor, req }) => ({
    data: await service.importVehicles(db, actor, await importFile(req)),
  }));
}
