import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/catalog-admin';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { createUserCall } from '../users/users.service';
import * as service from './catalog-admin.service';

async function imageBytes(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the image as multipart/form-data in the field "file"');
  const file = await req.file({ limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  if (file?.fieldname !== 'file') throw new AppError('bad_request', 'Send the image in the field "file"');
  return file.toBuffer();
}

export function catalogAdminRoutes(app: FastifyInstance) {
  // With a username the body creates a user through the users module's one handler.
  route(app, api.createMake, async (ctx) => {
    const { body } = ctx;
    if (body.username !== undefined) return createUserCall({ ...ctx, body });
    const { username: _none, ...make } = body;
    return { data: await service.createMake(ctx.db, ctx.actor, make) };
  });
  route(app, api.updateMake, async ({ db, actor, params, body }) => ({
    data: await service.updateMake(db, actor, params.id, body),
  }));
  route(app, api.createCategory, async ({ db, actor, body }) => ({
    data: await service.createCategory(db, actor, body),
  }));
  route(app, api.updateCategory, async ({ db, actor, params, body }) => ({
    data: await service.updateCategory(db, actor, params.id, body),
  }));
  route(app, api.createModel, async ({ db, actor, body }) => ({
    data: await service.createModel(db, actor, body),
  }));
  route(app, api.updateModel, async ({ db, actor, params, body }) => ({
    data: await service.updateModel(db, actor, params.id, body),
  }));
  route(app, api.createProduct, async ({ db, actor, body }) => ({
    data: await service.createProduct(db, actor, body),
  }));
  route(app, api.updateProduct, async ({ db, actor, params, body }) => ({
    data: await service.updateProduct(db, actor, params.id, body),
  }));

  route(app, api.uploadModelImage, async ({ db, config, actor, params, req }) => ({
    data: await service.addModelImage(db, config, actor, params.id, await imageBytes(req)),
  }));
  route(app, api.updateModelImage, async ({ db, actor, params, body }) => ({
    data: await service.updateModelImage(db, actor, params.id, params.imageId, body),
  }));
  route(app, api.getModelImageFile, async ({ db, config, params, reply }) => {
    const { bytes, contentType } = await service.readModelImage(db, config, params.id, params.imageId);
    return reply.type(contentType).header('cache-control', 'private, max-age=3600').send(bytes);
  });
}
