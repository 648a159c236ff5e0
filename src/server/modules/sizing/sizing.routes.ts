import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/sizing';
import { route } from '../../http/route';
import { cached } from './sizing.cache';
import * as service from './sizing.service';

// Every dropdown answers with an ETag and a short private cache life (sizing.cache.ts cached()).
export function sizingRoutes(app: FastifyInstance) {
  route(app, api.widths, async ({ db, actor, query, req, reply }) =>
    cached(req, reply, await service.sizeList(db, actor, query, 'width')),
  );
  route(app, api.ratios, async ({ db, actor, query, params, req, reply }) =>
    cached(req, reply, await service.sizeList(db, actor, query, 'ratio', params.width)),
  );
  route(app, api.rims, async ({ db, actor, query, params, req, reply }) =>
    cached(req, reply, await service.sizeList(db, actor, query, 'rim', params.width, params.ratio)),
  );
  route(app, api.years, async ({ db, req, reply }) => cached(req, reply, await service.yearList(db)));
  route(app, api.vehicleMakes, async ({ db, params, req, reply }) =>
    cached(req, reply, await service.vehicleList(db, 'make', params.year)),
  );
  route(app, api.vehicleModels, async ({ db, params, req, reply }) =>
    cached(req, reply, await service.vehicleList(db, 'model', params.year, params.make)),
  );
  route(app, api.vehicleOptions, async ({ db, params, req, reply }) =>
    cached(req, reply, await service.vehicleList(db, 'option', params.year, params.make, params.model)),
  );
  route(app, api.vehicleSizes, async ({ db, query, req, reply }) =>
    cached(req, reply, { body: await service.vehicleSizes(db, query) }),
  );
}
