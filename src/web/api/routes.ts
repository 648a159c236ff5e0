import type * as cart from '../../contract/cart';
import type * as fleet from '../../contract/fleet';
import type { Endpoint } from '../../contract/common';
import type * as reviews from '../../contract/reviews';
import type * as search from '../../contract/search';
import type * as sessions from '../../contract/sessions';
import type * as shipping from '../../contract/shipping';
import type * as sizing from '../../contract/sizing';

/**
 * The contract endpoints that the app shell (the session, cart, shop and selector slices), the
 * home page and the results page's cards call, as their method and path: all `call()` uses of a
 * descriptor. Importing
 * the descriptors themselves would put Zod and every schema of their modules (≈ 25 KB gzipped,
 * and building them when the page starts) into the first load of every page
 * (docs/performance-web.md). Each is typed as its contract descriptor, so a call's params,
 * query, body and answer are checked as before; routes.test.ts checks that the method and path
 * are the contract's. Pages loaded later import the contract itself.
 */
const route = <E extends Endpoint>(method: E['method'], path: string) => ({ method, path }) as E;

export const sessionRoutes = {
  login: route<typeof sessions.login>('POST', '/api/v1/login'),
  logout: route<typeof sessions.logout>('POST', '/api/v1/logout'),
  getSession: route<typeof sessions.getSession>('GET', '/api/session'),
  switchLocation: route<typeof sessions.switchLocation>('PUT', '/api/location'),
  setSessionGroup: route<typeof sessions.setSessionGroup>('POST', '/api/session/group'),
  verifyMfaLogin: route<typeof sessions.verifyMfaLogin>('POST', '/api/v1/login/mfa'),
  confirmMfaLogin: route<typeof sessions.confirmMfaLogin>('POST', '/api/v1/login/mfa/enrol/confirm'),
};

export const cartRoutes = {
  checkout: route<typeof cart.checkout>('POST', '/api/cart/checkout'),
  createCart: route<typeof cart.createCart>('POST', '/api/cart'),
  getCart: route<typeof cart.getCart>('GET', '/api/cart'),
  updateCart: route<typeof cart.updateCart>('PUT', '/api/cart'),
  addCartSet: route<typeof cart.addCartSet>('POST', '/api/cart/set'),
  setCartShipping: route<typeof cart.setCartShipping>('PUT', '/api/cart/shipping'),
  deliveryTerms: route<typeof cart.deliveryTerms>('GET', '/api/cart/terms'),
};

export const searchRoutes = {
  searchItems: route<typeof search.searchItems>('POST', '/api/search/items'),
  typeahead: route<typeof search.typeahead>('GET', '/api/search/typeahead'),
};

export const reviewRoutes = {
  ratingSummaries: route<typeof reviews.ratingSummaries>('GET', '/api/reviews/summary'),
};

export const shippingRoutes = {
  shippingEstimate: route<typeof shipping.shippingEstimate>('GET', '/api/v1/shipping/estimate'),
};

export const sizingRoutes = {
  widths: route<typeof sizing.widths>('GET', '/api/v1/sizing/width'),
  ratios: route<typeof sizing.ratios>('GET', '/api/v1/sizing/width/:width/ratio'),
  rims: route<typeof sizing.rims>('GET', '/api/v1/sizing/width/:width/ratio/:ratio'),
  years: route<typeof sizing.years>('GET', '/api/v1/sizing/years'),
  vehicleMakes: route<typeof sizing.vehicleMakes>('GET', '/api/v1/sizing/years/:year/makes'),
  vehicleModels: route<typeof sizing.vehicleModels>('GET', '/api/v1/sizing/years/:year/makes/:make/models'),
  vehicleOptions: route<typeof sizing.vehicleOptions>(
    'GET',
    '/api/v1/sizing/years/:year/makes/:make/models/:model/options',
  ),
  vehicleSizes: route<typeof sizing.vehicleSizes>('GET', '/api/v1/sizing'),
};

/** A result card's Add for unit, while the search is for a fleet unit (features/fleet/AddForUnit.tsx). */
export const fleetRoutes = {
  addUnitToCart: route<typeof fleet.addUnitToCart>('POST', '/api/v1/fleet/unit/:id/cart'),
};
