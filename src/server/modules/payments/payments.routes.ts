import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/payments';
import { route } from '../../http/route';
import * as cart from '../orders/orders.cart';
import * as pay from './payments.service';
import * as sources from './payments.sources';

export function paymentsRoutes(app: FastifyInstance) {
  route(app, api.createCartIntent, ({ db, actor }) => pay.createCartIntent(db, actor));
  route(app, api.confirmCartIntent, ({ db, actor, body: { intentId, ...card } }) =>
    pay.confirmCartIntent(db, actor, intentId, card),
  );
  route(app, api.setCartPaymentShipping, ({ db, actor, body }) => cart.setShipping(db, actor, body));
  route(app, api.setCartPayment, ({ db, actor, body }) =>
    cart.setPaymentMethod(db, actor, body.paymentMethod),
  );
  route(app, api.cartFinancingToken, ({ db, actor, body }) =>
    pay.openCartToken(db, actor, pay.finpay, { token: body.token }),
  );
  route(app, api.cartHostedToken, ({ db, actor }) => pay.openCartToken(db, actor, pay.hostedpay));
  route(app, api.cartHostedTransaction, ({ db, actor, body }) =>
    pay.payCartHosted(db, actor, body.token, body.card),
  );
  route(app, api.cartCryptoCheckout, ({ db, actor, body }) =>
    pay.openCartToken(db, actor, pay.coinpay, { currency: body.currency }),
  );

  route(app, api.createOrderIntent, ({ db, actor, params }) => pay.createOrderIntent(db, actor, params.id));
  route(app, api.confirmOrderIntent, ({ db, actor, params, body: { intentId, ...card } }) =>
    pay.confirmOrderIntent(db, actor, params.id, intentId, card),
  );
  route(app, api.setOrderPaymentShipping, ({ db, actor, params, body }) =>
    cart.setOrderShipping(db, actor, params.id, body),
  );
  route(app, api.payOrderByCard, ({ db, actor, params, body }) =>
    pay.payExistingOrder(db, actor, params.id, { paymentMethod: 'card', ...body }),
  );
  route(app, api.payOrderByFinancing, ({ db, actor, params, body }) =>
    pay.payOrderFinancing(db, actor, params.id, body.token),
  );
  route(app, api.orderHostedToken, ({ db, actor, params }) => pay.openOrderHostedToken(db, actor, params.id));
  route(app, api.orderHostedTransaction, ({ db, actor, params, body }) =>
    pay.payOrderHosted(db, actor, params.id, body.token, body.card),
  );
  route(app, api.orderCryptoCheckout, ({ db, actor, params }) =>
    pay.confirmOrderCrypto(db, actor, params.id),
  );

  route(app, api.getCustomer, ({ db, actor, params }) =>
    sources.getCustomer(db, sources.ownCompany(actor, params.id)),
  );
  route(app, api.addCustomerSource, ({ db, actor, params, body }) =>
    sources.addSource(db, sources.ownCompany(actor, params.id), body.card, body.makeDefault),
  );
  route(app, api.deleteCustomerSource, ({ db, actor, params }) =>
    sources.deleteSource(db, sources.ownCompany(actor, params.id), params.sourceId),
  );
  route(app, api.staffGetCustomer, ({ db, params }) => sources.getCustomer(db, params.customer));
  route(app, api.staffAddSource, ({ db, params, body }) =>
    sources.addSource(db, params.customer, body.card, body.makeDefault),
  );
  route(app, api.staffDeleteSource, ({ db, params }) =>
    sources.deleteSource(db, params.customer, params.source),
  );
  route(app, api.getVendorCustomer, ({ db, query }) => sources.getCustomer(db, query.id));
  route(app, api.updateVendorCustomer, ({ db, query, body }) => sources.updateCustomer(db, query.id, body));

  route(app, api.getCompanyPayment, ({ db, actor }) => sources.companyPayment(db, actor.companyId));
  route(app, api.setCompanyPayment, ({ db, actor, params }) =>
    sources.setDefaultSource(db, actor.companyId, params.id),
  );
  route(app, api.updateCompany, ({ db, actor, body }) => sources.updateCompany(db, actor.companyId, body));
  route(app, api.updateUser, ({ db, actor, body }) => sources.updateUser(db, actor.userId, body));
}
