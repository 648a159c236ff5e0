import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/payments';
import { randomUUID } from 'node:crypto';
import { webhookSecretOf } from '../../config';
import { AppError } from '../../http/errors';
import { idempotencyKeyOf } from '../../http/idempotency';
import { rawBodyJson, rawBodyOf } from '../../http/raw-body-json';
import { route } from '../../http/route';
import {
  SIGNATURE_HEADER,
  signPayload,
  chooseCardProvider,
  verifySignature,
} from '../payments/payments.service';
import { stripeRoutes } from './orders.payment-stripe.routes';
import * as cart from './orders.cart';
import * as pay from './orders.payment';

/** Paying for the cart and for placed orders, with every provider. */
export function orderPaymentRoutes(app: FastifyInstance) {
  // New card payments go through the processor this app is configured with (CARD_PROVIDER).
  chooseCardProvider(app.config);
  route(app, api.createCartIntent, ({ db, actor }) => pay.createCartIntent(db, actor));
  route(app, api.confirmCartIntent, ({ db, actor, body: { intentId, ...card } }) =>
    pay.confirmCartIntent(db, actor, intentId, card),
  );
  route(app, api.setCartPaymentShipping, ({ db, actor, body }) => cart.setShipping(db, actor, body));
  route(app, api.setCartPayment, ({ db, actor, body }) =>
    cart.setPaymentMethod(db, actor, body.paymentMethod),
  );
  route(app, api.cartFinancingToken, ({ db, actor, body }) =>
    pay.openCartSession(db, actor, 'finpay', { token: body.token }),
  );
  route(app, api.cartHostedToken, ({ db, actor }) => pay.openCartSession(db, actor, 'hostedpay'));
  route(app, api.cartHostedTransaction, ({ db, actor, body: { token, ...card } }) =>
    pay.payCartHosted(db, actor, token, card),
  );
  route(app, api.cartCryptoCheckout, ({ db, actor, body }) =>
    pay.openCartSession(db, actor, 'coinpay', { currency: body.currency }),
  );

  route(app, api.createOrderIntent, ({ db, actor, params }) => pay.createOrderIntent(db, actor, params.id));
  route(app, api.confirmOrderIntent, ({ db, actor, params, body: { intentId, ...card } }) =>
    pay.confirmOrderIntent(db, actor, params.id, intentId, card),
  );
  route(app, api.setOrderPaymentShipping, ({ db, actor, params, body }) =>
    cart.setOrderShipping(db, actor, params.id, body),
  );
  route(app, api.payOrderByCard, ({ db, actor, params, body, req }) =>
    pay.payOrder(db, actor, params.id, { paymentMethod: 'card', ...body, key: idempotencyKeyOf(req) }),
  );
  route(app, api.payOrderByFinancing, ({ db, actor, params, body }) =>
    pay.payOrderFinancing(db, actor, params.id, body.token),
  );
  route(app, api.orderHostedToken, ({ db, actor, params }) =>
    pay.openOrderSession(db, actor, params.id, 'hostedpay'),
  );
  route(app, api.orderHostedTransaction, ({ db, actor, params, body: { token, ...card } }) =>
    pay.payOrderHosted(db, actor, params.id, token, card),
  );
  route(app, api.orderCryptoCheckout, ({ db, actor, params }) => pay.checkOrderCrypto(db, actor, params.id));

  route(app, api.sandboxFinancingApply, ({ db, actor, body }) =>
    pay.applyForFinancing(db, actor, body.decline, body.orderId),
  );
  // The chain confirms a charge: the sandbox provider signs and sends its webhook, as the real
  // one would, through the same route.
  route(app, api.sandboxCryptoConfirm, async ({ config, params }) => {
    const raw = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'charge.confirmed',
      data: { reference: params.reference },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/coinpay',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signPayload(webhookSecretOf(config), raw),
      },
      payload: raw,
    });
    if (res.statusCode !== 200)
      throw new AppError('conflict', `The provider's webhook was refused: ${res.body}`);
    return res.json();
  });
  webhookRoutes(app);
  stripeRoutes(app);
}

/**
 * Provider webhooks: the signature covers the exact bytes sent, so this scope keeps the raw
 * body beside the parsed one. An unsigned, stale or replayed event changes nothing.
 */
function webhookRoutes(app: FastifyInstance) {
  app.register(async (scope) => {
    rawBodyJson(scope);
    route(scope, api.providerWebhook, async ({ db, config, req, params, body }) => {
      const signature = req.headers[SIGNATURE_HEADER];
      const check = verifySignature(
        webhookSecretOf(config),
        typeof signature === 'string' ? signature : undefined,
        rawBodyOf(req),
      );
      if (!check.ok) throw new AppError('unauthenticated', `Webhook refused: ${check.why}`);
      const applied = await pay.chargeConfirmed(db, params.provider, body.id, body.data.reference);
      return { received: true as const, applied };
    });
  });
}
