import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/webhooks';
import { route } from '../../http/route';
import * as service from './webhooks.service';

export function webhooksRoutes(app: FastifyInstance) {
  route(app, api.listWebhookEndpoints, async ({ db, actor }) => ({
    data: { list: await service.listEndpoints(db, actor) },
  }));
  route(app, api.createWebhookEndpoint, async ({ db, config, actor, body }) => ({
    data: await service.createEndpoint(db, config, actor, body),
  }));
  route(app, api.updateWebhookEndpoint, async ({ db, config, actor, params, body }) => ({
    data: await service.updateEndpoint(db, config, actor, params.id, body),
  }));
  route(app, api.rotateWebhookSecret, async ({ db, actor, params }) => ({
    data: await service.rotateSecret(db, actor, params.id),
  }));
  route(app, api.deleteWebhookEndpoint, async ({ db, actor, params }) => {
    await service.deleteEndpoint(db, actor, params.id);
    return { ok: true as const };
  });
  route(app, api.listWebhookDeliveries, ({ db, actor, params, query }) =>
    service.listDeliveries(db, actor, params.id, query),
  );
  route(app, api.resendWebhookDelivery, async ({ db, actor, params }) => ({
    data: await service.resendDelivery(db, actor, params.id),
  }));
  // The worker runs from the app's start to its close; not under NODE_ENV=test, where a test
  // starts its own (as the sweeps: a send at a random moment would change what a test asserts).
  if (app.config.NODE_ENV === 'test') return;
  let worker: service.WebhookWorker | undefined;
  app.addHook('onReady', async () => {
    worker = service.startWebhookWorker(app.db, {
      config: app.config,
      rules: service.targetRulesOf(app.config),
      listenUrl: app.listenUrl,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => worker?.stop());
}
