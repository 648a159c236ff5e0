import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/inventory';
import * as tireAge from '../../../contract/tire-age';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import * as service from './inventory.service';

/**
 * The feed file of a multipart upload, streamed. Feeds may be far bigger than images:
 * FEED_MAX_BYTES (50 MB by default, about half a million lines); a bigger file is a 413
 * problem+json and nothing is applied (docs/security.md).
 */
async function feedFile(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Send the feed as multipart/form-data in the field "file"');
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (file?.fieldname !== 'file') throw new AppError('bad_request', 'Send the feed in the field "file"');
  return { filename: file.filename || 'feed.csv', stream: file.file };
}

export function inventoryRoutes(app: FastifyInstance) {
  route(app, api.listWarehouses, ({ db, actor, query }) => service.listWarehouses(db, actor, query));
  route(app, api.listFailedRows, ({ db, actor, query }) => service.listFailures(db, actor, query));
  route(app, api.listWarehouseTypes, () => ({ data: [...api.warehouseTypes] }));
  route(app, api.getWarehouse, async ({ db, actor, params }) => ({
    data: await service.getWarehouse(db, actor, params.id),
  }));
  route(app, api.createWarehouse, async ({ db, actor, body }) => ({
    data: await service.createWarehouse(db, actor, body),
  }));
  route(app, api.updateWarehouse, async ({ db, actor, params, body }) => ({
    data: await service.updateWarehouse(db, actor, params.id, body),
  }));
  route(app, api.listFeedRuns, async ({ db, actor, params }) => ({
    data: await service.listFeedRuns(db, actor, params.id),
  }));
  route(app, api.uploadFeed, async ({ db, config, actor, params, req }) => ({
    data: await service.importFeed(db, actor, params.id, await feedFile(req, config.FEED_MAX_BYTES)),
  }));

  route(app, tireAge.getTireAge, async ({ db, actor }) => ({ data: await service.getTireAge(db, actor) }));
  route(app, tireAge.updateTireAge, async ({ db, actor, body }) => ({
    data: await service.updateTireAge(db, actor, body),
  }));

  route(app, tireAge.getOrderDotCodes, async ({ db, actor, params }) => ({
    data: await service.orderDotCodes(db, actor, params.id),
  }));

  route(app, api.listInventory, ({ db, actor, query }) => service.listInventory(db, actor, query));
  route(app, api.setInventory, async ({ db, actor, body }) => ({
    data: await service.setInventory(db, actor, body),
  }));
}
