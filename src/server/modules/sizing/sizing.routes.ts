import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import * as api from '../../../contract/sizing';
import { notFound } from '../../http/errors';
import { type Ctx, route } from '../../http/route';
import { cached, versioned } from './sizing.cache';
import { findVehicle, sizeChoices, vehicleChoices } from './sizing.repository';
import { sizingGroup, vehicleYears } from './sizing.service';

export function sizingRoutes(app: FastifyInstance) {
  /** A size list of the caller's group, kept in memory per version of the stored counts. */
  const sizeList = async (
    { db, actor, query, req, reply }: Ctx<unknown, z.output<typeof api.SizingQuery>, unknown>,
    level: 'width' | 'ratio' | 'rim',
    width?: number,
    ratio?: number,
  ) => {
    const { group, version } = await sizingGroup(db, actor, query.channel, query.group);
    const { body, etag } = await versioned(db, `${group}/${level}/${width}/${ratio}`, version, async () => ({
      data: { list: await sizeChoices(db, group, level, width, ratio) },
    }));
    return cached(req, reply, body, etag);
  };
  route(app, api.widths, (ctx) => sizeList(ctx, 'width'));
  route(app, api.ratios, (ctx) => sizeList(ctx, 'ratio', ctx.params.width));
  route(app, api.rims, (ctx) => sizeList(ctx, 'rim', ctx.params.width, ctx.params.ratio));
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
