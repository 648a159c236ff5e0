import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/catalog-admin';
import { categories, makes, models, products } from '../../db/schema';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { refreshProductPrices } from '../catalog/catalog.service';
import { productsIn, refreshSearchItems } from '../search/search.service';
import { publicBaseUrl } from '../users/users.service';
import { createUser } from '../users/users.service';
import { addModelImage, readModelImage, updateModelImage } from './catalog-admin.images';
import { slugOf } from '../../lib/slug';
import { createRow, makeOfModel, updateRow } from './catalog-admin.service';

export function catalogAdminRoutes(app: FastifyInstance) {
  route(app, api.createMake, async ({ db, config, actor, body, req }) => {
    if ('username' in body && body.username !== undefined) {
      return { data: await createUser(db, actor, body, publicBaseUrl(config, req)) };
    }
    const { username: _none, ...make } = body;
    return {
      data: await createRow(
        db,
        actor,
        'make',
        makes,
        { ...make, slug: make.slug ?? slugOf(make.name) },
        'slug',
      ),
    };
  });
  route(app, api.updateMake, async ({ db, actor, params, body }) => {
    const row = await updateRow(db, actor, 'make', makes, params.id, body, 'slug');
    // Names and the active flag are searched by: the search rows follow the edit.
    await refreshSearchItems(db, sql`p.make_id = ${params.id}`);
    return { data: row };
  });
  route(app, api.createCategory, async ({ db, actor, body }) => ({
    data: await createRow(
      db,
      actor,
      'category',
      categories,
      { ...body, slug: body.slug ?? slugOf(body.name) },
      'slug',
    ),
  }));
  route(app, api.updateCategory, async ({ db, actor, params, body }) => {
    const row = await updateRow(db, actor, 'category', categories, params.id, body, 'slug');
    await refreshSearchItems(db, sql`m.category_id = ${params.id}`);
    return { data: row };
  });
  route(app, api.createModel, async ({ db, actor, body }) => ({
    data: await createRow(
      db,
      actor,
      'model',
      models,
      { ...body, slug: body.slug ?? slugOf(body.name) },
      'slug',
    ),
  }));
  route(app, api.updateModel, async ({ db, actor, params, body }) => {
    const row = await updateRow(db, actor, 'model', models, params.id, body, 'slug');
    // A new category can change which markup rule applies to the line's SKUs.
    if (body.categoryId !== undefined) await refreshProductPrices(db);
    else await refreshSearchItems(db, sql`p.model_id = ${params.id}`);
    return { data: row };
  });
  route(app, api.createProduct, async ({ db, actor, body }) => {
    const makeId = await makeOfModel(db, body.modelId);
    return { data: await createRow(db, actor, 'product', products, { ...body, makeId }, 'skuCode') };
  });
  route(app, api.updateProduct, async ({ db, actor, params, body }) => {
    const row = await updateRow(db, actor, 'product', products, params.id, body, 'skuCode');
    await refreshSearchItems(db, productsIn([params.id]));
    return { data: row };
  });

  route(app, api.uploadModelImage, async ({ db, config, actor, params, req }) => {
    if (!req.isMultipart())
      throw new AppError('bad_request', 'Send the image as multipart/form-data in the field "file"');
    const file = await req.file({ limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
    if (file?.fieldname !== 'file') throw new AppError('bad_request', 'Send the image in the field "file"');
    const bytes = await file.toBuffer();
    return { data: await addModelImage(db, config, actor, params.id, bytes) };
  });
  route(app, api.updateModelImage, async ({ db, actor, params, body }) => ({
    data: await updateModelImage(db, actor, params.id, params.imageId, body),
  }));
  route(app, api.getModelImageFile, async ({ db, config, params, reply }) => {
    const { bytes, contentType } = await readModelImage(db, config, params.id, params.imageId);
    return reply.type(contentType).header('cache-control', 'private, max-age=3600').send(bytes);
  });
}
