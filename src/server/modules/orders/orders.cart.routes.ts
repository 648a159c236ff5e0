import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/cart';
import * as ordersApi from '../../../contract/orders';
import type { CartCreate } from '../../../contract/cart';
import { answerOnce } from '../../http/idempotency';
import { checkout } from './orders.checkout';
import { route } from '../../http/route';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import * as places from '../shipping/shipping.places';
import * as repo from './orders.repository';
import * as cart from './orders.cart';
import { notFound } from '../../http/errors';

export function cartRoutes(app: FastifyInstance) {
  // spec §7: POST /api/cart creates the cart with an item, or checks it out with a data payload.
  route(app, ordersApi.postCart, (ctx) => {
    const { data, orderDeliveryZip, ...item } = ctx.body;
    if (data)
      return answerOnce(ctx, { scope: 'checkout', body: data, status: 201 }, () =>
        checkout(ctx.db, ctx.actor, data),
      );
    return cart.addToCart(ctx.db, ctx.actor, item as CartCreate, orderDeliveryZip);
  });
  route(app, api.getCart, ({ db, actor }) => cart.getCart(db, actor));
  route(app, api.updateCart, ({ db, actor, body }) => cart.updateCartItems(db, actor, body.orderItems));
  route(app, api.addCartItem, ({ db, actor, body }) => cart.addToCart(db, actor, body));
  route(app, api.updateCartItem, ({ db, actor, params, body }) =>
    cart.updateCartItems(db, actor, [{ orderItemId: params.id, ...body }]),
  );
  route(app, api.setCartShipping, ({ db, actor, body }) => cart.setShipping(db, actor, body));
  route(app, api.getShipping, ({ db, actor, query }) => cart.shippingQuote(db, actor, query.zip));
  route(app, api.lookupZip, ({ body }) => places.placeOfZip(body.zip));
  route(app, api.lookupCoords, ({ body }) =>
    places.placeOfCoords(body.coords.latitude, body.coords.longitude),
  );
  route(app, api.listInstallerLocations, ({ db, actor, query }) =>
    places.findInstallers(db, actor, query.zip, query.radiusMiles),
  );
  route(app, api.searchInstallerLocations, ({ db, actor, body }) =>
    places.findInstallers(db, actor, body.zip, body.radiusMiles),
  );
  route(app, api.roadHazardOffer, async ({ db, actor, query }) => {
    const found = await repo.findPricedProduct(db, query.productId, cart.pricingOf(actor).priceGroupId);
    if (!found || found.priceCents === null) throw notFound('Product');
    return { productId: query.productId, ...roadHazardOffer(found.priceCents) };
  });
}

/** Checkout with Idempotency-Key: a replay answers exactly what the first call answered. */
export function checkoutRoutes(app: FastifyInstance) {
  route(app, ordersApi.checkout, (ctx) =>
    answerOnce(ctx, { scope: 'checkout', body: ctx.body, status: 201 }, () =>
      checkout(ctx.db, ctx.actor, ctx.body),
    ),
  );
}
