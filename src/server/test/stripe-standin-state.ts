// The stand-in's objects and what Stripe does with them (tests only; see stripe-standin.ts):
// the buyer's actions on the hosted page, test card outcomes, and events signed as Stripe signs
// its webhooks (the SDK's generateTestHeaderString).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export type Obj = Record<string, unknown> & { id: string };
// biome-ignore lint/suspicious/noExplicitAny: Stripe's form-encoded parameters arrive nested and untyped
export type Params = Record<string, any>;
export interface SignedEvent {
  event: Obj;
  payload: string;
  header: string;
}

export const now = () => Math.floor(Date.now() / 1000);
export const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const sdk = new Stripe('sk_test_standin');

/** Test card numbers, as Stripe's test mode knows them. */
export const standinCards = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  authenticationRequired: '4000002760003184',
};

export class StripeFail extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
export const missing = (what: string, key: string) =>
  new StripeFail(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${what}: '${key}'`,
  });
export const invalid = (message: string, code?: string) =>
  new StripeFail(400, { type: 'invalid_request_error', message, ...(code && { code }) });

/** An object as Stripe answers it: without the stand-in's own bookkeeping fields. */
export function publicOf(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_'))) as Obj;
}

export function standinState(webhookSecret: string) {
  const objects = new Map<string, Obj>();
  const cardOf = new Map<string, string>(); // payment method → test number
  /** Events this stand-in caused that Stripe would send by webhook (captures, refunds, expiries). */
  const pending: SignedEvent[] = [];
  const get = (kind: string, key: string) => {
    const o = objects.get(key);
    if (!o || o.object !== kind) throw missing(kind.replace('.', ' '), key);
    return o;
  };
  const put = (o: Obj) => {
    objects.set(o.id, o);
    return o;
  };
  const sign = (type: string, object: Obj): SignedEvent => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event);
    return {
      event,
      payload,
      header: sdk.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    };
  };

  function paymentIntent(p: {
    amount: number;
    customer?: unknown;
    capture: string;
    metadata: unknown;
    pm?: string;
  }) {
    return put({
      id: id('pi'),
      object: 'payment_intent',
      amount: p.amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: 'usd',
      capture_method: p.capture,
      customer: p.customer ?? null,
      payment_method: p.pm ?? null,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      metadata: p.metadata ?? {},
      created: now(),
      livemode: false,
    });
  }

  /** Confirms an intent with a test card: what Stripe decides for that number. */
  function confirm(pi: Obj, card: string) {
    if (card === standinCards.declined || card === standinCards.authenticationRequired) {
      const code = card === standinCards.declined ? 'card_declined' : 'authentication_required';
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        type: 'card_error',
        code,
        ...(code === 'card_declined' && { decline_code: 'generic_decline' }),
        message:
          code === 'card_declined' ? 'Your card was declined.' : 'This payment requires authentication.',
      };
      return false;
    }
    const charge = put({
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      payment_intent: pi.id,
      refunded: false,
    });
    pi.latest_charge = charge.id;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
    return true;
  }

  const hosted = {
    /** Pays (or, manual capture, authorizes) a payment session with a test card; answers the webhooks Stripe sends. */
    pay(sessionId: string, card = standinCards.ok): SignedEvent[] {
      const s = get('checkout.session', sessionId);
      if (s.status !== 'open') throw new Error(`session ${sessionId} is ${s.status}`);
      const pi = paymentIntent({
        amount: Number(s.amount_total),
        customer: s.customer,
        capture: String(s._capture),
        metadata: s._intentMetadata,
      });
      s.payment_intent = pi.id;
      if (!confirm(pi, card)) return [sign('payment_intent.payment_failed', pi)];
      s.status = 'complete';
      s.payment_status = pi.status === 'succeeded' ? 'paid' : 'unpaid';
      const events = [sign('checkout.session.completed', publicOf(s))];
      if (pi.status === 'succeeded') events.push(sign('payment_intent.succeeded', pi));
      return events;
    },
    /** Saves a card on a setup session: a PaymentMethod of the session's customer. */
    saveCard(sessionId: string, card = standinCards.ok): SignedEvent[] {
      const s = get('checkout.session', sessionId);
      const pm = put({
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: s.customer,
        card: { brand: 'visa', last4: card.slice(-4), exp_month: 12, exp_year: new Date().getFullYear() + 3 },
      });
      cardOf.set(pm.id, card);
      const seti = get('setup_intent', String(s.setup_intent));
      Object.assign(seti, { payment_method: pm.id, status: 'succeeded' });
      Object.assign(s, { status: 'complete', payment_status: 'no_payment_required' });
      return [sign('checkout.session.completed', publicOf(s))];
    },
    /** The session's time ran out (Stripe expires it and says so). */
    expire(sessionId: string): SignedEvent {
      const s = get('checkout.session', sessionId);
      s.status = 'expired';
      return sign('checkout.session.expired', publicOf(s));
    },
    /** The cardholder's bank opened a dispute on the intent's charge. */
    dispute(intentId: string): SignedEvent {
      const pi = get('payment_intent', intentId);
      return sign(
        'charge.dispute.created',
        put({
          id: id('du'),
          object: 'dispute',
          amount: pi.amount,
          charge: pi.latest_charge,
          payment_intent: pi.id,
          reason: 'fraudulent',
          status: 'needs_response',
          evidence_details: { due_by: now() + 7 * 86_400 },
          currency: 'usd',
        }),
      );
    },
    /** Any event, signed (to test a tampered or replayed delivery). */
    sign,
  };

  return { objects, cardOf, pending, get, put, sign, paymentIntent, confirm, hosted };
}
