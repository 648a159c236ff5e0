import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `ms` while the app is up: from its ready to its close, a failure logged and
 * the next run kept. For housekeeping that no request waits for (expired holds, expired quotes).
 * Not under NODE_ENV=test: a sweep at a random moment of a test would change what it asserts;
 * tests call the sweep's function themselves.
 */
export function sweepEvery(app: FastifyInstance, ms: number, what: string, work: () => Promise<unknown>) {
  if (app.config.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      work().catch((error) => app.log.error({ err: error }, `${what} failed`));
    }, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
