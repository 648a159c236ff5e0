import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/quotes';
import { route } from '../../http/route';
import { sweepEvery } from '../../http/sweep';
import { listenForJobChanges } from './quotes.job-events';
import * as service from './quotes.service';

/** How often expired quotes give their held stock back without anyone reading quotes. */
const EXPIRY_SWEEP_MS = 60_000;

export function quotesRoutes(app: FastifyInstance) {
  listenForJobChanges(app, app.listenUrl);
  route(app, api.createQuote, ({ db, actor, body }) =>
    service.createQuote(db, actor, body).then((data) => ({ data })),
  );
  route(app, api.updateQuote, ({ db, actor, params, body }) =>
    service.updateQuote(db, actor, params.id, body).then((data) => ({ data })),
  );
  route(app, api.listQuotes, ({ db, actor, query }) => service.searchQuotes(db, actor, query));
  route(app, api.searchQuotes, ({ db, actor, body }) => service.searchQuotes(db, actor, body));
  route(app, api.getQuote, ({ db, actor, params }) =>
    service.getQuote(db, actor, params.id).then((data) => ({ data })),
  );
  route(app, api.generateOptions, ({ db, actor, params }) => service.startGeneration(db, actor, params.id));
  route(app, api.getJob, ({ db, actor, params }) => service.getJob(db, actor, params.id));
  route(app, api.jobEvents, async ({ db, actor, params, req, reply }) => {
    // A 404 or 403 is answered as usual, before the stream opens.
    await service.getJob(db, actor, params.id);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    await service.streamJob(db, actor, params.id, {
      write: (chunk) => reply.raw.write(chunk),
      end: () => reply.raw.end(),
      onClose: (listener) => req.raw.on('close', listener),
    });
    return null;
  });
  route(app, api.cancelJob, ({ db, actor, params }) => service.cancelJob(db, actor, params.id));
  route(app, api.recalculateOption, ({ db, actor, params }) =>
    service.recalculateOption(db, actor, params.id),
  );
  route(app, api.recalculateItemPricing, ({ db, actor, params }) =>
    service.recalculateItemPricing(db, actor, params.id),
  );
  route(app, api.unifiedPricing, ({ db, actor, params, body }) =>
    service.unifiedPricing(db, actor, params.id, body.unitPriceCents),
  );
  route(app, api.overrideOptionPrice, ({ db, actor, params, body }) =>
    service.overrideOptionPrice(db, actor, params.id, body.unitPriceCents),
  );
  route(app, api.finalizeQuote, ({ db, actor, params, body }) =>
    service.finalizeQuote(db, actor, params.id, body),
  );
  route(app, api.emailQuote, ({ db, actor, config, params, body }) =>
    service.emailQuote(db, actor, config, params.id, body.to),
  );
  route(app, api.acceptQuote, ({ db, actor, params, body }) =>
    service.acceptQuote(db, actor, params.id, body.choices, body.expectedTotalCents),
  );
  route(app, api.declineQuote, ({ db, actor, params }) => service.declineQuote(db, actor, params.id));
  route(app, api.quotePdf, async ({ db, actor, config, params, reply }) => {
    const pdf = await service.quotePdf(db, actor, config, params.id);
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="quote-Q-${params.id}.pdf"`)
      .send(pdf);
    return pdf;
  });
  route(app, api.listFloors, ({ db }) => service.listFloors(db));
  route(app, api.setFloor, ({ db, actor, params, body }) =>
    service.setFloor(db, actor, params.id, body.minMarginBasisPoints),
  );
  route(app, api.listAdvertisedMinimums, ({ db, query }) => service.listAdvertisedMinimums(db, query));
  route(app, api.setAdvertisedMinimum, ({ db, actor, params, body }) =>
    service.setAdvertisedMinimum(db, actor, params.id, body.mapCents),
  );

  sweepEvery(app, EXPIRY_SWEEP_MS, 'quote expiry', () => service.expireQuotes(app.db));
}
