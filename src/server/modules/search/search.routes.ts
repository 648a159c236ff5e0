import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/search';
import { route } from '../../http/route';
import { registerFacetFolding } from './search.counts';
import { searchItems, typeaheadOf } from './search.service';

export function searchRoutes(app: FastifyInstance) {
  registerFacetFolding(app);
  route(app, api.searchItems, async ({ db, config, actor, body }) => ({
    // PGlite is one session behind every connection: statement names would collide there.
    data: await searchItems(db, actor, body, {
      prepare: config.DATABASE_URL !== undefined,
      keepAnswers: config.SEARCH_ANSWERS === 'kept',
    }),
  }));
  route(app, api.typeahead, async ({ db, actor, query }) => ({
    data: { list: await typeaheadOf(db, actor.priceGroupId ?? 0, query.q) },
  }));
}
