import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/sizing';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { ensureCatalogSummary } from '../search/search.summary';
import { cached } from './sizing.cache';
import { findVehicle, sizeChoices, vehicleChoices } from './sizing.repository';
import { sizingGroup, vehicleYears } from './sizing.service';

export function sizingRoutes(app: FastifyInstance) {
  route(app, api.widths, async ({ db, actor, query, req, reply }) => {
    const group = await sizingGroup(db, actor, query.channel, query.group);
    await ensureCatalogSummary(db);
    return cached(req, reply, { data: { list: await sizeChoices(db, group, 'width') } });
  });
  route(app, api.ratios, async ({ db, actor, query, params, req, reply }) => {
    const group = await sizingGroup(db, actor, query.channel, query.group);
    await ensureCatalogSummary(db);
    return cached(req, reply, { data: { list: await sizeChoices(db, group, 'ratio', params.width) } });
  });
  route(app, api.rims, async ({ db, actor, query, params, req, reply }) => {
    const group = await sizingGroup(db, actor, query.channel, query.group);
    await ensureCatalogSummary(db);
    const list = await sizeChoices(db, group, 'rim', params.width, params.ratio);
    return cached(req, reply, { data: { list } });
  });
  route(app, api.years, ({ req, reply }) => cached(req, reply, { data: { list: vehicleYears() } }));
  route(app, api.vehicleMakes, async ({ db, params, req, reply }) =>
    cached(req, reply, { data: { list: await vehicleChoices(db, 'make', params.year) } }),
  );
  route(app, api.vehicleModels, async ({ db, params, req, reply }) =>
    cached(req, reply, { data: { list: await vehicleChoices(db, 'model', params.year, params.make) } }),
  );
  route(app, api.vehicleOptions, async ({ db, params, req, reply }) => {
    const list = await vehicleChoices(db, 'option', params.year, params.make, params.model);
    return cached(req, reply, { data: { list } });
  });
  route(app, api.vehicleSizes, async ({ db, query, req, reply }) => {
    const vehicle = await findVehicle(
      db,
      sql`v.year = ${query.year} and v.make = ${query.make} and v.model = ${query.model} and v."option" = ${query.option}`,
    );
    if (!vehicle) throw notFound('Vehicle');
    return cached(req, reply, { data: { list: vehicle.sizes } });
  });
}
