import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/fleet';
import { Id } from '../../../contract/common';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import * as service from './fleet.service';

/** 2 MB holds some 30,000 roster lines, far over the import's line limit. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The multipart upload: the optional `locationId` field comes before the file. */
async function rosterFile(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the CSV as multipart/form-data in the field "file"');
  let locationId: number | undefined;
  for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'locationId' && String(part.value).trim()) {
        const read = Id.safeParse(part.value);
        if (!read.success)
          throw new AppError('bad_request', 'The location is not an id', {
            errors: [{ pointer: '/body/locationId', detail: 'is not an id' }],
          });
        locationId = read.data;
      }
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    return { filename: part.filename || 'roster.csv', stream: part.file, locationId };
  }
  throw new AppError('bad_request', 'Send the CSV in the field "file"', {
    errors: [{ pointer: '/body/file', detail: 'is required' }],
  });
}

export function fleetRoutes(app: FastifyInstance) {
  route(app, api.listUnits, ({ db, actor, query }) => service.listUnits(db, actor, query));
  route(app, api.getUnit, async ({ db, actor, params }) => ({
    data: await service.getUnit(db, actor, params.id),
  }));
  route(app, api.createUnit, async ({ db, actor, body }) => ({
    data: await service.createUnit(db, actor, body),
  }));
  route(app, api.updateUnit, async ({ db, actor, params, body }) => ({
    data: await service.updateUnit(db, actor, params.id, body),
  }));
  route(app, api.deleteUnit, async ({ db, actor, params }) => {
    await service.deleteUnit(db, actor, params.id);
    return { ok: true as const };
  });
  route(app, api.importRoster, async ({ db, actor, req }) => ({
    data: await service.importRoster(db, actor, await rosterFile(req)),
  }));
  route(app, api.addUnitToCart, ({ db, actor, params, body }) =>
    service.addForUnit(db, actor, params.id, body.lines),
  );
  route(app, api.reorderUnit, ({ db, actor, params }) => service.reorderUnit(db, actor, params.id));
  route(app, api.listCartUnits, ({ db, actor }) => service.listCartUnits(db, actor));
  route(app, api.setCartLineUnit, ({ db, actor, body }) =>
    service.setCartLineUnit(db, actor, body.orderItemId, body.unitId),
  );
}
