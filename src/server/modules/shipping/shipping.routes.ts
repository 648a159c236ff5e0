import type { FastifyInstance } from 'fastify';
import * as cartApi from '../../../contract/cart';
import * as api from '../../../contract/shipping';
import { route } from '../../http/route';
import {
  checkAddress,
  estimateShipping,
  findInstallers,
  placeOfCoords,
  placeOfZip,
} from './shipping.service';

/** Shipping estimates and the checkout's places (ZIP and coordinates, installers near a ZIP). */
export function shippingRoutes(app: FastifyInstance) {
  route(app, api.shippingEstimate, async ({ db, query }) => ({ data: await estimateShipping(db, query) }));
  route(app, api.validateAddress, ({ body }) => ({ data: checkAddress(body) }));
  route(app, cartApi.lookupZip, ({ body }) => placeOfZip(body.zip));
  route(app, cartApi.lookupCoords, ({ body }) => placeOfCoords(body.coords.latitude, body.coords.longitude));
  route(app, cartApi.listInstallerLocations, ({ db, actor, query }) =>
    findInstallers(db, actor, query.zip, query.radiusMiles),
  );
  route(app, cartApi.searchInstallerLocations, ({ db, actor, body }) =>
    findInstallers(db, actor, body.zip, body.radiusMiles),
  );
}
