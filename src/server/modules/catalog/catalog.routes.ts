import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import * as api from '../../../contract/catalog';
import { parseTireSize, formatSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { withDiscounts } from '../discounts/discounts.service';
import { findVehicle, searchVehicles } from '../sizing/sizing.service';
import { modelImageRoute } from './catalog.images';
import * as repo from './catalog.repository';

type Category = z.infer<typeof api.Category>;
type Make = z.infer<typeof api.Make>;
type Model = z.infer<typeof api.Model>;
type Size = z.infer<typeof api.Size>;
type ListPricedProduct = api.ListPricedProduct;

function found<T>(row: T | undefined, what: string): { data: T } {
  if (!row) throw notFound(what);
  return { data: row };
}

export function catalogRoutes(app: FastifyInstance) {
  for (const e of [api.categories, api.v1Categories]) {
    route(app, e.list, async ({ db, query }) => ({ data: await repo.listCategories<Category>(db, query) }));
    route(app, e.get, async ({ db, params }) =>
      found(await repo.findOne<Category>(db, 'category', params.id), 'Category'),
    );
  }
  for (const e of [api.makes, api.v1Makes]) {
    route(app, e.list, async ({ db, query }) => ({ data: await repo.listMakes<Make>(db, query) }));
    route(app, e.get, async ({ db, params }) =>
      found(await repo.findOne<Make>(db, 'make', params.id), 'Make'),
    );
  }
  for (const e of [api.listModels, api.v1ListModels]) {
    route(app, e, async ({ db, query }) => ({ data: await repo.listModels<Model>(db, query) }));
  }
  for (const e of [api.getModel, api.v1GetModel]) {
    route(app, e, async ({ db, params }) =>
      found(await repo.findOne<Model>(db, 'model', params.id), 'Model'),
    );
  }
  route(app, api.channels, async ({ db }) => ({ data: await repo.listChannels(db) }));
  productRoutes(app);
  sizeRoutes(app);
  vehicleRoutes(app);
  modelImageRoute(app);
}

/** A page of products with the caller's discounted prices (the cart's rule, one more statement). */
async function pricedPage(db: Db, actor: Actor, f: Omit<repo.ProductFilter, 'priceGroupId'>) {
  const page = await repo.listProducts<ListPricedProduct>(db, { ...f, priceGroupId: actor.priceGroupId });
  return { ...page, list: await withDiscounts(db, actor.companyId, page.list) };
}

function productRoutes(app: FastifyInstance) {
  for (const e of [api.listProducts, api.v1ListProducts]) {
    route(app, e, async ({ db, actor, query }) => {
      const parsed = query.size ? parseTireSize(query.size) : null;
      const sizeText = query.size ? (parsed ? formatSize(parsed) : query.size) : undefined;
      return { data: await pricedPage(db, actor, { ...query, sizeText }) };
    });
  }
  route(app, api.getProductByCode, async ({ db, actor, params, query }) => {
    const filter = { page: 0, pageSize: 1, skuCode: params.code, make: query.make };
    return found((await pricedPage(db, actor, filter)).list[0], 'Product');
  });
  route(app, api.v1GetProduct, async ({ db, actor, params }) => {
    const filter = { page: 0, pageSize: 1, productId: params.id };
    return found((await pricedPage(db, actor, filter)).list[0], 'Product');
  });
  route(app, api.productsOfSize, async ({ db, actor, params, query }) => ({
    data: await pricedPage(db, actor, { ...query, sizeSlug: params.slug }),
  }));
}

function sizeRoutes(app: FastifyInstance) {
  route(app, api.listSizes, async ({ db, query }) => ({ data: await repo.listSizes<Size>(db, query) }));
  route(app, api.getSize, async ({ db, params }) =>
    found(await repo.findOne<Size>(db, 'size', params.id), 'Size'),
  );
  route(app, api.sizesByDiameter, async ({ db, params }) => {
    const size = found(await repo.findOne<Size>(db, 'size', params.id), 'Size').data;
    return { data: { size, list: await repo.sizesNearDiameter<Size>(db, size.overallDiameter, size.id) } };
  });
  route(app, api.searchSizes, async ({ db, query }) => {
    // A full size in any notation finds its record; anything else is a prefix of a size.
    const parsed = parseTireSize(query.q);
    const dims = parsed
      ? { width: parsed.width, ratio: parsed.ratio, rim: parsed.rim }
      : { text: query.q.toUpperCase() };
    return { data: await repo.listSizes<Size>(db, { ...query, ...dims }) };
  });
}

function vehicleRoutes(app: FastifyInstance) {
  route(app, api.getVehicle, async ({ db, params }) =>
    found(await findVehicle(db, sql`v.slug = ${params.slug}`), 'Vehicle'),
  );
  for (const e of [api.searchVehicles, api.listWebVehicles]) {
    route(app, e, async ({ db, query }) => ({ data: await searchVehicles(db, query) }));
  }
  route(app, api.getWebVehicle, async ({ db, params }) =>
    found(await findVehicle(db, sql`v.id = ${params.id}`), 'Vehicle'),
  );
}
