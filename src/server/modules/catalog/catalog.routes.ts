import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as api from '../../../contract/catalog';
import { problem } from '../../http/errors';
import { route } from '../../http/route';
import * as service from './catalog.service';

export function catalogRoutes(app: FastifyInstance) {
  for (const e of [api.categories, api.v1Categories]) {
    route(app, e.list, ({ db, query }) => service.listCategories(db, query));
    route(app, e.get, ({ db, params }) => service.getCategory(db, params.id));
  }
  for (const e of [api.makes, api.v1Makes]) {
    route(app, e.list, ({ db, query }) => service.listMakes(db, query));
    route(app, e.get, ({ db, params }) => service.getMake(db, params.id));
  }
  for (const e of [api.listModels, api.v1ListModels])
    route(app, e, ({ db, query }) => service.listModels(db, query));
  for (const e of [api.getModel, api.v1GetModel])
    route(app, e, ({ db, params }) => service.getModel(db, params.id));
  route(app, api.channels, ({ db }) => service.listChannels(db));

  for (const e of [api.listProducts, api.v1ListProducts])
    route(app, e, ({ db, actor, query }) => service.listProducts(db, actor, query));
  route(app, api.getProductByCode, ({ db, actor, params, query }) =>
    service.productByCode(db, actor, params.code, query.make),
  );
  route(app, api.v1GetProduct, ({ db, actor, params }) => service.productById(db, actor, params.id));
  route(app, api.productsOfSize, ({ db, actor, params, query }) =>
    service.productsOfSize(db, actor, params.slug, query),
  );

  route(app, api.listSizes, ({ db, query }) => service.listSizes(db, query));
  route(app, api.getSize, ({ db, params }) => service.getSize(db, params.id));
  route(app, api.sizesByDiameter, ({ db, params }) => service.sizesByDiameter(db, params.id));
  route(app, api.searchSizes, ({ db, query }) => service.searchSizes(db, query));

  route(app, api.getVehicle, ({ db, params }) => service.getVehicleBySlug(db, params.slug));
  for (const e of [api.searchVehicles, api.listWebVehicles])
    route(app, e, ({ db, query }) => service.listVehicles(db, query));
  route(app, api.getWebVehicle, ({ db, params }) => service.getVehicleById(db, params.id));

  modelImageRoute(app);
}

const ImageParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/v1/model/{id}/image.svg: the line's picture, cacheable (it only changes with the name). */
function modelImageRoute(app: FastifyInstance) {
  app.get('/api/v1/model/:id/image.svg', async (req, reply) => {
    const parsed = ImageParams.safeParse(req.params);
    const svg = parsed.success ? await service.modelImage(app.db, parsed.data.id) : null;
    if (svg === null)
      return reply
        .status(404)
        .type('application/problem+json')
        .send(problem(404, 'not_found', 'Image not found'));
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
}
