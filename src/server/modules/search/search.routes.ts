import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/search';
import { route } from '../../http/route';
import { searchItems } from './search.service';

export function searchRoutes(app: FastifyInstance) {
  route(app, api.searchItems, async ({ db, actor, body }) => ({ data: await searchItems(db, actor, body) }));
}
