// Saved cards at Stripe: the Stripe Customer belongs to the company; a card is saved on Stripe's
// Checkout page in setup mode and kept here as its PaymentMethod id with brand, last 4 and expiry.
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/connection';
import { notFound } from '../../http/errors';
import { stripeOf } from '../../integrations/payments/card-provider';
import * as sourcesRepo from './payments.sources.repository';
import { STRIPE } from './payments.stripe';

/** The company's Stripe Customer, created at Stripe on first use (its key is the company's id). */
export async function stripeCustomerOf(db: DbOrTx, companyId: number) {
  const known = await sourcesRepo.findCustomer(db, companyId, STRIPE);
  if (known) return known;
  const company = await sourcesRepo.findCompany(db, companyId);
  if (!company) throw notFound('Customer');
  const customer = await stripeOf().customer({ companyId, name: company.name, email: company.email });
  await sourcesRepo.insertCustomerIfNone(db, {
    companyId,
    provider: STRIPE,
    externalId: customer.id,
    name: company.name,
    email: company.email,
  });
  return sourcesRepo.findCustomer(db, companyId, STRIPE);
}

/** The Checkout page (mode setup) where the company's buyer or finance saves a card. */
export function saveCardSession(db: Db, companyId: number, key: string) {
  return db.transaction(async (tx) => {
    const customer = await stripeCustomerOf(tx, companyId);
    const session = await stripeOf().setupSession({ customerId: customer.externalId, companyId, key });
    return { sessionId: session.id, url: session.url ?? '' };
  });
}

/** A setup session completed: its card is saved as a source of the company's customer (once). */
export async function stripeCardSaved(tx: DbOrTx, session: Stripe.Checkout.Session) {
  const setupId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (!setupId || !customerId) return false;
  const setup = await stripeOf().setupIntent(setupId);
  const methodId = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
  if (!methodId) return false;
  const method = await stripeOf().paymentMethod(methodId);
  const customer = await sourcesRepo.findCustomerByExternal(tx, STRIPE, customerId);
  if (!customer || !method.card) return false;
  // The company's first card is its default, as with a card saved through the sandbox's form.
  const first = (await sourcesRepo.listSources(tx, customer.id)).length === 0;
  await sourcesRepo.insertSource(
    tx,
    {
      customerId: customer.id,
      token: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      outcome: 'approve',
      isDefault: first,
    },
    true,
  );
  return true;
}
