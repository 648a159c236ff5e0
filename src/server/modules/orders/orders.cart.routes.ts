import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/cart';
import { idempotencyKeyOf } from '../../http/idempotency';
import { route } from '../../http/route';
import * as cart from './orders.cart';
import { checkout } from './orders.checkout';
import { cartDeliveryTerms } from './orders.terms';

/** The buyer's cart and checkout; POST /api/cart also checks out when it carries `data`. */
export function cartRoutes(app: FastifyInstance) {
  route(app, api.createCart, (ctx) => {
    const { data, orderDeliveryZip, ...item } = ctx.body;
    if (data) {
      ctx.reply.status(201);
      return checkout(ctx.db, ctx.actor, data, idempotencyKeyOf(ctx.req));
    }
    return cart.addToCart(ctx.db, ctx.actor, item as Required<typeof item>, orderDeliveryZip);
  });
  route(app, api.checkout, ({ db, actor, body, req }) => checkout(db, actor, body, idempotencyKeyOf(req)));
  route(app, api.getCart, ({ db, actor }) => cart.getCart(db, actor));
  route(app, api.updateCart, ({ db, actor, body }) => cart.updateCartItems(db, actor, body.orderItems));
  route(app, api.addCartItem, ({ db, actor, body }) => cart.addToCart(db, actor, body));
  route(app, api.addCartSet, ({ db, actor, body }) => cart.addSetToCart(db, actor, body));
  route(app, api.updateCartItem, ({ db, actor, params, body }) =>
    cart.updateCartItems(db, actor, [{ orderItemId: params.id, ...body }]),
  );
  route(app, api.setCartShipping, ({ db, actor, body }) => cart.setShipping(db, actor, body));
  route(app, api.deliveryTerms, ({ db, actor }) => cartDeliveryTerms(db, actor));
  route(app, api.getShipping, ({ db, actor, query }) => cart.shippingQuote(db, actor, query.zip));
  route(app, api.roadHazardOffer, ({ db, actor, query }) =>
    cart.roadHazardOfferFor(db, actor, query.productId),
  );
}
