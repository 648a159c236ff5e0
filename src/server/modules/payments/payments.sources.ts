import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { type CardChoice, cardpay } from '../../integrations/payments/cardpay';
import { providers, reference } from '../../integrations/payments/payments.types';
import { openBalanceCents } from './payments.repository';
import * as sourcesRepo from './payments.sources.repository';
import { stripeCustomerOf } from './payments.stripe-sources';
import { cardProcessor } from '../../integrations/payments/card-provider';

/** The company's customer at the card provider, created on first use. */
async function customerOf(db: DbOrTx, companyId: number) {
  // With Stripe, saved cards hang off the company's Stripe Customer (payments.stripe-sources.ts).
  if (cardProcessor().name === 'stripe') return stripeCustomerOf(db, companyId);
  const company = await sourcesRepo.findCompany(db, companyId);
  if (!company) throw notFound('Customer');
  await sourcesRepo.insertCustomerIfNone(db, {
    companyId,
    provider: providers.card,
    externalId: reference('cus'),
    name: company.name,
    email: company.email,
  });
  return sourcesRepo.findCustomer(db, companyId, providers.card);
}

function toSource(s: sourcesRepo.SourceRow) {
  return {
    sourceId: s.id,
    brand: s.brand,
    last4: s.last4,
    expMonth: s.expMonth,
    expYear: s.expYear,
    isDefault: s.isDefault,
    createdAt: s.createdAt.toISOString(),
  };
}

export async function getCustomer(db: DbOrTx, companyId: number) {
  const c = await customerOf(db, companyId);
  return {
    customerId: c.id,
    companyId,
    provider: c.provider,
    externalId: c.externalId,
    name: c.name,
    email: c.email,
    sources: (await sourcesRepo.listSources(db, c.id)).map(toSource),
  };
}

/** A buyer reaches only its own company's customer: any other id is a 404. */
export function ownCompany(actor: Actor, companyId: number) {
  if (companyId !== actor.companyId && actor.role !== 'admin') throw notFound('Customer');
  return companyId;
}

/** Saves a card the provider tokenized (never the number) as a source of the company. */
export async function addSource(
  db: Db,
  companyId: number,
  card: Omit<CardChoice, 'companyId' | 'sourceId'>,
  makeDefault: boolean,
) {
  await db.transaction(async (tx) => {
    const saved = await cardpay.cardForSource(tx, { ...card, companyId });
    const c = await customerOf(tx, companyId);
    const first = (await sourcesRepo.listSources(tx, c.id)).length === 0;
    if (makeDefault) await sourcesRepo.clearDefaultSource(tx, c.id);
    await sourcesRepo.insertSource(tx, {
      customerId: c.id,
      token: reference('src'),
      ...saved,
      isDefault: makeDefault || first,
    });
  });
  return getCustomer(db, companyId);
}

export async function deleteSource(db: Db, companyId: number, sourceId: number) {
  const c = await customerOf(db, companyId);
  if (!(await sourcesRepo.deleteSource(db, c.id, sourceId))) throw notFound('Payment source');
  return getCustomer(db, companyId);
}

export async function updateCustomer(db: Db, companyId: number, values: { name: string; email: string }) {
  const c = await customerOf(db, companyId);
  await sourcesRepo.updateCustomer(db, c.id, values);
  return getCustomer(db, companyId);
}

/** Terms, credit left and saved cards: what the checkout offers this company. */
export async function companyPayment(db: DbOrTx, companyId: number) {
  const company = await sourcesRepo.findCompany(db, companyId);
  if (!company) throw notFound('Company');
  const customer = await getCustomer(db, companyId);
  const openBalance = await openBalanceCents(db, companyId);
  return {
    companyId,
    creditLimitCents: company.creditLimitCents,
    paymentTermsDays: company.paymentTermsDays,
    openBalanceCents: openBalance,
    availableCreditCents: Math.max(0, company.creditLimitCents - openBalance),
    defaultSourceId: customer.sources.find((s) => s.isDefault)?.sourceId ?? null,
    sources: customer.sources,
    methods: [
      'card',
      ...(company.creditLimitCents > 0 ? ['account'] : []),
      ...(cardProcessor().sandboxTokens ? ['finpay', 'hostedpay', 'coinpay'] : []),
    ],
    cardProvider: cardProcessor().name,
  };
}

export async function setDefaultSource(db: Db, companyId: number, sourceId: number) {
  await db.transaction(async (tx) => {
    const c = await customerOf(tx, companyId);
    const source = await sourcesRepo.findSource(tx, c.id, sourceId);
    if (!source) throw notFound('Payment source');
    await sourcesRepo.clearDefaultSource(tx, c.id);
    await sourcesRepo.markDefaultSource(tx, sourceId);
  });
  return companyPayment(db, companyId);
}

/** The card provider's form: the card becomes a single-use token of the company. */
export async function tokenizeCard(db: Db, companyId: number, card: Parameters<typeof cardpay.tokenize>[2]) {
  if (!(await sourcesRepo.companyExists(db, companyId))) throw notFound('Company');
  const row = await cardpay.tokenize(db, companyId, card);
  return {
    token: row.token,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}
