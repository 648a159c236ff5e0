// A local stand-in for the few Stripe API endpoints Tread calls, for tests only: it is NOT
// Stripe. It listens on 127.0.0.1 (STRIPE_API_BASE points the real `stripe` SDK at it) and
// answers with the objects' documented shapes (customer, checkout.session, payment_intent,
// setup_intent, payment_method, refund, event) and Stripe's error objects: card_declined,
// authentication_required, idempotency_error, resource_missing. Idempotency-Key works as
// Stripe's: the same key and parameters replay the first answer, other parameters are a 400.
// What the buyer does on the hosted page is a test control (pay, expire, saveCard), and what
// Stripe would send as webhooks comes back as events signed with the SDK's test header.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { standinPage } from './stripe-standin-page';
import {
  id,
  invalid,
  now,
  type Obj,
  type Params,
  publicOf,
  StripeFail,
  standinCards,
  standinState,
} from './stripe-standin-state';

export { type SignedEvent, standinCards } from './stripe-standin-state';

export async function startStripeStandin(webhookSecret: string) {
  const { objects, cardOf, pending, get, put, sign, paymentIntent, confirm, hosted } =
    standinState(webhookSecret);
  const keys = new Map<string, { hash: string; status: number; body: unknown }>();
  const log: { method: string; path: string; idempotencyKey?: string }[] = [];
  const controls = {
    /** Drop the next N connections without an answer (the processor is unreachable). */
    dropNext: 0,
    /** A refund Stripe accepts but then fails, with this failure_reason. */
    failRefundsWith: null as string | null,
    /** Where the hosted page delivers the events it causes (the e2e). */
    webhookUrl: null as string | null,
    /** How long after the redirect the hosted page's webhooks are sent (0: before it). */
    webhookDelayMs: 0,
  };

  const routes: [string, RegExp, (m: string[], p: Params) => Obj][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, p) =>
        put({
          id: id('cus'),
          object: 'customer',
          name: p.name ?? null,
          email: p.email ?? null,
          metadata: p.metadata ?? {},
          created: now(),
          livemode: false,
        }),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, p) => {
        if (p.mode !== 'payment' && p.mode !== 'setup')
          throw invalid('Invalid mode', 'parameter_invalid_empty');
        const amount =
          p.mode === 'payment'
            ? (p.line_items ?? []).reduce(
                (s: number, l: Params) => s + Number(l.price_data.unit_amount) * Number(l.quantity),
                0,
              )
            : null;
        if (p.customer) get('customer', p.customer);
        const sid = id('cs');
        const setup =
          p.mode === 'setup'
            ? put({
                id: id('seti'),
                object: 'setup_intent',
                customer: p.customer,
                payment_method: null,
                status: 'requires_payment_method',
                usage: 'off_session',
              })
            : null;
        return put({
          id: sid,
          object: 'checkout.session',
          mode: p.mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: amount,
          amount_subtotal: amount,
          currency: p.currency ?? 'usd',
          customer: p.customer ?? null,
          client_reference_id: p.client_reference_id ?? null,
          metadata: p.metadata ?? {},
          payment_intent: null,
          setup_intent: setup?.id ?? null,
          success_url: p.success_url,
          cancel_url: p.cancel_url,
          url: `${base}/pay/${sid}`,
          created: now(),
          expires_at: now() + 86_400,
          livemode: false,
          // Kept to make the session's PaymentIntent when the buyer pays (not in Stripe's answer).
          _capture: p.payment_intent_data?.capture_method ?? 'automatic',
          _intentMetadata: p.payment_intent_data?.metadata ?? {},
        });
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions$/, () => ({ id: 'list' }) as Obj],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (m) => get('checkout.session', m[1])],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (m) => {
        const s = get('checkout.session', m[1]);
        if (s.status !== 'open')
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
          );
        s.status = 'expired';
        pending.push(sign('checkout.session.expired', s));
        return s;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, p) => {
        const pm = get('payment_method', p.payment_method);
        const pi = paymentIntent({
          amount: Number(p.amount),
          customer: p.customer,
          capture: p.capture_method ?? 'automatic',
          metadata: p.metadata,
          pm: pm.id,
        });
        if (String(p.confirm) === 'true' && !confirm(pi, cardOf.get(pm.id) ?? standinCards.ok)) {
          const error = pi.last_payment_error as Record<string, unknown>;
          throw new StripeFail(402, { ...error, payment_intent: pi });
        }
        return pi;
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (m) => get('payment_intent', m[1])],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/capture$/,
      (m, p) => {
        const pi = get('payment_intent', m[1]);
        if (pi.status !== 'requires_capture')
          throw invalid(
            `This PaymentIntent could not be captured because it has a status of ${pi.status}.`,
            'payment_intent_unexpected_state',
          );
        pi.status = 'succeeded';
        pi.amount_received = Number(p.amount_to_capture ?? pi.amount);
        pi.amount_capturable = 0;
        pending.push(sign('payment_intent.succeeded', pi));
        return pi;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      (m) => {
        const pi = get('payment_intent', m[1]);
        if (pi.status === 'succeeded' || pi.status === 'canceled')
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
            'payment_intent_unexpected_state',
          );
        pi.status = 'canceled';
        return pi;
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (_m, p) => {
        const pi = get('payment_intent', p.payment_intent);
        if (pi.status !== 'succeeded')
          throw invalid('This PaymentIntent has no successful charge to refund.');
        const charge = get('charge', String(pi.latest_charge));
        const amount = Number(p.amount ?? Number(pi.amount_received) - Number(charge.amount_refunded));
        if (amount > Number(pi.amount_received) - Number(charge.amount_refunded))
          throw invalid(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
            'amount_too_large',
          );
        const failed = controls.failRefundsWith;
        if (!failed) {
          charge.amount_refunded = Number(charge.amount_refunded) + amount;
          charge.refunded = charge.amount_refunded === charge.amount;
          pending.push(sign('charge.refunded', charge));
        }
        return put({
          id: id('re'),
          object: 'refund',
          amount,
          currency: 'usd',
          charge: charge.id,
          payment_intent: pi.id,
          status: failed ? 'failed' : 'succeeded',
          failure_reason: failed,
          metadata: p.metadata ?? {},
          created: now(),
        });
      },
    ],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (m) => get('setup_intent', m[1])],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (m) => get('payment_method', m[1])],
  ];

  /** Events this stand-in caused that Stripe would send by webhook (captures, refunds, expiries). */

  function answer(method: string, path: string, params: Params) {
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const since = Number(params.created?.gte ?? 0);
      const data = [...objects.values()]
        .filter((o) => o.object === 'checkout.session' && Number(o.created) >= since)
        .reverse();
      return { object: 'list', data: data.map(publicOf), has_more: false, url: '/v1/checkout/sessions' };
    }
    for (const [m, re, run] of routes) {
      const match = m === method ? re.exec(path) : null;
      if (match) return publicOf(run(match, params));
    }
    throw new StripeFail(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const text = await new Promise<string>((done) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => done(body));
    });
    if (url.pathname.startsWith('/pay/'))
      return standinPage(req, res, url, text, {
        pay: hosted.pay,
        saveCard: hosted.saveCard,
        session: (sid) => get('checkout.session', sid),
        webhookUrl: () => controls.webhookUrl,
        webhookDelayMs: () => controls.webhookDelayMs,
      });
    // The e2e's control (it has no handle on this process): the cardholder's bank disputes the
    // charge of a paid session, and the webhook says so.
    const disputed = /^\/_control\/dispute\/([^/]+)$/.exec(url.pathname);
    if (disputed && req.method === 'POST') {
      const session = get('checkout.session', disputed[1]);
      const event = hosted.dispute(String(session.payment_intent));
      if (controls.webhookUrl)
        await fetch(controls.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
          body: event.payload,
        });
      res.writeHead(204);
      res.end();
      return;
    }
    if (controls.dropNext > 0) {
      controls.dropNext--;
      req.socket.destroy();
      return;
    }
    const send = (status: number, body: unknown, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(replayed && { 'idempotent-replayed': 'true' }),
      });
      res.end(JSON.stringify(body));
    };
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const params = (req.method === 'GET' ? qs.parse(url.search.slice(1)) : qs.parse(text)) as Params;
    const key = req.headers['idempotency-key'] as string | undefined;
    log.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key });
    const hash = createHash('sha256').update(`${req.method} ${url.pathname} ${text}`).digest('hex');
    const kept = key && req.method === 'POST' ? keys.get(key) : undefined;
    if (kept && kept.hash !== hash)
      return send(400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        },
      });
    if (kept) return send(kept.status, kept.body, true);
    let status = 200;
    let body: unknown;
    try {
      body = answer(req.method ?? 'GET', url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeFail)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null } };
    }
    if (key && req.method === 'POST') keys.set(key, { hash, status, body });
    send(status, body);
  }

  /** What the buyer does on Stripe's hosted page. */
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    ...hosted,
    controls,
    log,
    objects,
    /** The events caused by API calls since the last take (capture, refund, expire). */
    takeEvents: () => pending.splice(0),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type StripeStandin = Awaited<ReturnType<typeof startStripeStandin>>;
