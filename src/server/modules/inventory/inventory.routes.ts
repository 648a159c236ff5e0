import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/inventory';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { importFeed, toRun } from './inventory.feed';
import * as repo from './inventory.repository';
import * as service from './inventory.service';

/** Feeds may be far bigger than images: 50 MB is about half a million lines. */
const FEED_MAX_BYTES = 50 * 1024 * 1024;

async function feedFile(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the feed as multipart/form-data in the field "file"');
  const file = await req.file({ limits: { fileSize: FEED_MAX_BYTES, files: 1 } });
  if (file?.fieldname !== 'file') throw new AppError('bad_request', 'Send the feed in the field "file"');
  return { filename: file.filename || 'feed.csv', stream: file.file };
}

export function inventoryRoutes(app: FastifyInstance) {
  route(app, api.listWarehouses, async ({ db, actor, query }) => {
    const { list, count } = await repo.listWarehouses(db, service.scopeOf(actor), query);
    return { data: { list: list.map(service.toWarehouse), count, page: query.page } };
  });
  route(app, api.listFailedRows, async ({ db, actor, query }) => {
    const { list, count } = await repo.listFailures(db, service.scopeOf(actor), query);
    const rows = list.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
    return { data: { list: rows, count, page: query.page } };
  });
  route(app, api.listWarehouseTypes, () => ({ data: [...api.warehouseTypes] }));
  route(app, api.getWarehouse, async ({ db, actor, params }) => ({
    data: service.toWarehouse(await service.ownWarehouse(db, actor, params.id)),
  }));
  route(app, api.createWarehouse, async ({ db, actor, body }) => ({
    data: await service.createWarehouse(db, actor, body),
  }));
  route(app, api.updateWarehouse, async ({ db, actor, params, body }) => ({
    data: await service.updateWarehouse(db, actor, params.id, body),
  }));
  route(app, api.listFeedRuns, async ({ db, actor, params }) => {
    await service.ownWarehouse(db, actor, params.id);
    return { data: (await repo.listRuns(db, params.id)).map(toRun) };
  });
  route(app, api.uploadFeed, async ({ db, actor, params, req }) => ({
    data: await importFeed(db, actor, params.id, await feedFile(req)),
  }));

  route(app, api.listInventory, async ({ db, actor, query }) => {
    const { list, count } = await repo.listInventory(db, service.scopeOf(actor), query);
    return { data: { list: list.map(service.toInventory), count, page: query.page } };
  });
  route(app, api.setInventory, async ({ db, actor, body }) => ({
    data: await service.setInventory(db, actor, body),
  }));
}
