import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as api from '../../../contract/cart';
import * as ordersApi from '../../../contract/orders';
import type { OrderDetail } from '../../../contract/orders';
import { idempotent } from '../orders/orders.idempotency';
import { checkout } from './cart.checkout';
import { route } from '../../http/route';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import * as places from './cart.places';
import * as repo from './cart.repository';
import * as cart from './cart.service';
import { badRequest, notFound } from '../../http/errors';

export function cartRoutes(app: FastifyInstance) {
  route(app, api.createCart, ({ db, actor, body }) => {
    const { orderDeliveryZip, ...item } = body;
    return cart.addToCart(db, actor, item, orderDeliveryZip);
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

const IdempotencyKey = z.string().min(1).max(200).optional();

/** Checkout with Idempotency-Key: a replay answers exactly what the first call answered. */
export function checkoutRoutes(app: FastifyInstance) {
  route(app, ordersApi.checkout, async ({ db, actor, body, req, reply }) => {
    const parsed = IdempotencyKey.safeParse(req.headers['idempotency-key']);
    if (!parsed.success)
      throw badRequest('Idempotency-Key must be 1 to 200 characters', [
        { pointer: '/headers/idempotency-key', detail: 'is invalid' },
      ]);
    const answer = await idempotent(
      db,
      { userId: actor.userId, scope: 'checkout', key: parsed.data, body, status: 201 },
      () => checkout(db, actor, body),
    );
    if (answer.replayed) {
      reply.header('idempotent-replayed', 'true').code(answer.status);
      if (answer.status >= 400) reply.type('application/problem+json');
      reply.send(answer.body);
    }
    return answer.body as OrderDetail;
  });
}
