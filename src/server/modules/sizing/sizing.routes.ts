import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import * as api from '../../../contract/sizing';
import { notFound } from '../../http/errors';
import { type Ctx, route } from '../../http/route';
import { vehicleVersion } from '../../db/data-versions';
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
  route(app, api.years, async ({ db, req, reply }) => {
    // The list changes with the calendar year only: kept, with its ETag, for the year.
    const year = String(new Date().getFullYear());
    const { body, etag } = await versioned(db, 'years', year, async () => ({
      data: { list: vehicleYears() },
    }));
    return cached(req, reply, body, etag);
  });
  /** A vehicle list, kept in memory per version of the vehicle data. */
  const vehicleList = async (
    { db, req, reply }: Ctx<unknown, unknown, unknown>,
    level: 'make' | 'model' | 'option',
    year: number,
    make?: string,
    model?: string,
  ) => {
    const version = await vehicleVersion(db);
    const key = `vehicles/${level}/${year}/${make ?? ''}/${model ?? ''}`;
    const { body, etag } = await versioned(db, key, version, async () => ({
      data: { list: await vehicleChoices(db, level, year, make, model) },
    }));
    return cached(req, reply, body, etag);
  };
  route(app, api.vehicleMakes, (ctx) => vehicleList(ctx, 'make', ctx.params.year));
  route(app, api.vehicleModels, (ctx) => vehicleList(ctx, 'model', ctx.params.year, ctx.params.make));
  route(app, api.vehicleOptions, (ctx) =>
    vehicleList(ctx, 'option', ctx.params.year, ctx.params.make, ctx.params.model),
  );
  route(app, api.vehicleSizes, async ({ db, query, req, reply }) => {
    const vehicle = await findVehicle(
      db,
      sql`v.year = ${query.year} and v.make = ${query.make} and v.model = ${query.model} and v."option" = ${query.option}`,
    );
    if (!vehicle) throw notFound('Vehicle');
    return cached(req, reply, { data: { list: vehicle.sizes } });
  });
}
