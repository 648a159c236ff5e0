import { describe, expect, it } from 'vitest';
import * as cart from '../../contract/cart';
import * as fleet from '../../contract/fleet';
import * as reviews from '../../contract/reviews';
import * as search from '../../contract/search';
import * as sessions from '../../contract/sessions';
import * as shipping from '../../contract/shipping';
import * as sizing from '../../contract/sizing';
import {
  cartRoutes,
  fleetRoutes,
  reviewRoutes,
  searchRoutes,
  sessionRoutes,
  shippingRoutes,
  sizingRoutes,
} from './routes';

// routes.ts repeats the method and path of the endpoints the app shell calls (so that the first
// load of a page does without Zod): each must be its contract descriptor's.
const groups = {
  sessions: [sessionRoutes, sessions],
  cart: [cartRoutes, cart],
  fleet: [fleetRoutes, fleet],
  search: [searchRoutes, search],
  reviews: [reviewRoutes, reviews],
  shipping: [shippingRoutes, shipping],
  sizing: [sizingRoutes, sizing],
} as const;

describe('web routes of the app shell', () => {
  for (const [area, [routes, contract]] of Object.entries(groups)) {
    it(`${area}: every route has its contract descriptor's method and path`, () => {
      const names = Object.keys(routes);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        const descriptor = (contract as Record<string, { method?: string; path?: string }>)[name];
        expect(descriptor, `${area}.${name}`).toBeDefined();
        const r = (routes as Record<string, { method: string; path: string }>)[name];
        expect({ name, method: r.method, path: r.path }).toEqual({
          name,
          method: descriptor.method,
          path: descriptor.path,
        });
      }
    });
  }
});
