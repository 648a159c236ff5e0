import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/payments';
import { saveCardSession as saveCardSessionApi } from '../../../contract/payments-stripe';
import { AppError } from '../../http/errors';
import { idempotencyKeyOf } from '../../http/idempotency';
import { cardProcessor } from '../../integrations/payments/card-provider';
import { saveCardSession } from './payments.stripe-sources';
import { can } from '../../../domain/roles';
import { route } from '../../http/route';
import * as sources from './payments.sources';

/** Saved cards, the card provider's form, and the providers' webhooks. */
export function paymentsRoutes(app: FastifyInstance) {
  route(app, api.tokenizeCard, ({ db, actor, body }) =>
    sources.tokenizeCard(
      db,
      body.companyId && can(actor.role, 'finance') ? body.companyId : actor.companyId,
      body.card,
    ),
  );
  route(app, api.getCustomer, ({ db, actor, params }) =>
    sources.getCustomer(db, sources.ownCompany(actor, params.id)),
  );
  route(app, api.addCustomerSource, ({ db, actor, params, body: { makeDefault, ...card } }) =>
    sources.addSource(db, sources.ownCompany(actor, params.id), card, makeDefault),
  );
  route(app, api.deleteCustomerSource, ({ db, actor, params }) =>
    sources.deleteSource(db, sources.ownCompany(actor, params.id), params.sourceId),
  );
  route(app, api.staffGetCustomer, ({ db, params }) => sources.getCustomer(db, params.customer));
  route(app, api.staffAddSource, ({ db, params, body: { makeDefault, ...card } }) =>
    sources.addSource(db, params.customer, card, makeDefault),
  );
  route(app, api.staffDeleteSource, ({ db, params }) =>
    sources.deleteSource(db, params.customer, params.source),
  );
  route(app, api.getVendorCustomer, ({ db, query }) => sources.getCustomer(db, query.id));
  route(app, api.updateVendorCustomer, ({ db, query, body }) => sources.updateCustomer(db, query.id, body));

  // Stripe: the company saves a card on Stripe's page (mode setup); the webhook records it.
  route(app, saveCardSessionApi, ({ db, actor, params, req }) => {
    const companyId = sources.ownCompany(actor, params.id);
    if (cardProcessor().name !== 'stripe')
      throw new AppError('conflict', 'Saved cards here are added through the card form', {
        reason: 'not_stripe',
      });
    return saveCardSession(db, companyId, idempotencyKeyOf(req) ?? `company:${companyId}:${Date.now()}`);
  });

  route(app, api.getCompanyPayment, ({ db, actor }) => sources.companyPayment(db, actor.companyId));
  route(app, api.setCompanyPayment, ({ db, actor, params }) =>
    sources.setDefaultSource(db, actor.companyId, params.id),
  );
}
