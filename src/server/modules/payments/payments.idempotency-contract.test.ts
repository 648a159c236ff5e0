import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../contract/common';

// Every endpoint that may move money must accept an Idempotency-Key (docs/architecture.md, "Boundaries the build enforces"): a client that
// retries after a timeout must never pay twice. The list is drawn from the contract modules
// themselves, so a new money endpoint without `idempotent` fails here, by name.

const contractDir = new URL('../../../contract/', import.meta.url);
const files = readdirSync(contractDir).filter((f) => f.endsWith('.ts'));

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;

const all: { name: string; e: Endpoint }[] = [];
for (const file of files) {
  const module: Record<string, unknown> = await import(new URL(file, contractDir).href);
  for (const [name, value] of Object.entries(module))
    if (isEndpoint(value)) all.push({ name: `${file.replace(/\.ts$/, '')}.${name}`, e: value });
}

const moneyPath = /payment|checkout|token|transaction|cardpay|finpay|hostedpay|coinpay/;
/** Provider webhooks authenticate by signature and refuse replays by event id; sandbox controls are not in production. */
const notClientCalls = /^\/api\/(webhooks|sandbox)\//;

const moneyEndpoints = all
  .filter(({ e }) => e.method === 'POST' || e.method === 'PUT')
  .filter(({ e }) => moneyPath.test(e.path) || (e.method === 'POST' && e.path === '/api/cart'))
  .filter(({ e }) => !notClientCalls.test(e.path))
  .sort((a, b) => (a.e.path < b.e.path ? -1 : a.e.path > b.e.path ? 1 : a.e.method < b.e.method ? -1 : 1));

const label = ({ e }: { e: Endpoint }) => `${e.method} ${e.path}`;

/**
 * Endpoints the path rule catches that set a value (a retry sets the same value) or take no
 * money. Each is named here on purpose; anything else without `idempotent` fails.
 * The two marked "follow-up" create a row on every call and should become idempotent.
 */
const exempt: Record<string, string> = {
  'POST /api/cart/payment/shipping': "sets the cart's delivery; a retry sets the same one",
  'PUT /api/cart/payment': "remembers the cart's payment method; a retry sets the same one",
  'PUT /api/company/payment/:id': 'makes a saved card the default; a retry sets the same one',
  'POST /api/v1/order/:id/payment/shipping': "sets an unpaid order's delivery; a retry sets the same one",
  'PUT /api/v1/vendor/cardpay/customer': "sets the provider customer's billing name and e-mail",
  'POST /api/v1/user/:id/token': 'issues an API token for a user (accounts); takes no money',
};

describe('money endpoints and Idempotency-Key', () => {
  it('finds the endpoints in every contract module', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(all.length).toBeGreaterThan(150);
  });

  it('lists every endpoint that may move money, with its idempotency', () => {
    expect(
      moneyEndpoints.map(
        (m) => `${label(m)} → ${m.e.idempotent ? `idempotent (${m.e.idempotent})` : 'NOT idempotent'}`,
      ),
    ).toEqual([
      'POST /api/cart → idempotent (checkout)',
      'POST /api/cart/checkout → idempotent (checkout)',
      'POST /api/cart/coinpay/checkout → idempotent (true)',
      'POST /api/cart/finpay/token → idempotent (true)',
      'POST /api/cart/hostedpay/token → idempotent (true)',
      'POST /api/cart/hostedpay/transaction → idempotent (true)',
      'PUT /api/cart/payment → NOT idempotent',
      'POST /api/cart/payment/intent → idempotent (true)',
      'POST /api/cart/payment/shipping → NOT idempotent',
      'POST /api/cart/payment/transaction → idempotent (true)',
      'PUT /api/company/payment/:id → NOT idempotent',
      'POST /api/v1/order/:id/cardpay/transaction → idempotent (true)',
      'PUT /api/v1/order/:id/checkout → idempotent (true)',
      'POST /api/v1/order/:id/coinpay/checkout → idempotent (true)',
      'POST /api/v1/order/:id/finpay/token → idempotent (true)',
      'POST /api/v1/order/:id/hostedpay/token → idempotent (true)',
      'POST /api/v1/order/:id/hostedpay/transaction → idempotent (true)',
      'PUT /api/v1/order/:id/payment → idempotent (true)',
      'POST /api/v1/order/:id/payment/intent → idempotent (true)',
      'POST /api/v1/order/:id/payment/shipping → NOT idempotent',
      'POST /api/v1/order/:id/payment/transaction → idempotent (true)',
      'POST /api/v1/payment/:customer → idempotent (true)',
      'POST /api/v1/user/:id/token → NOT idempotent',
      'PUT /api/v1/vendor/cardpay/customer → NOT idempotent',
      'POST /api/v1/vendor/cardpay/token → idempotent (true)',
    ]);
  });

  it.each(moneyEndpoints.filter((m) => !(label(m) in exempt)).map((m) => [label(m), m] as const))(
    '%s accepts an Idempotency-Key',
    (name, m) => {
      expect(m.e.idempotent, `${name} (${m.name}) may move money but has no \`idempotent\``).toBeTruthy();
    },
  );

  it.each(Object.entries(exempt))('%s is exempt: %s', (name) => {
    const found = moneyEndpoints.find((m) => label(m) === name);
    expect(found, `${name} is no longer a money endpoint: drop its exemption`).toBeDefined();
    expect(found?.e.idempotent, `${name} is idempotent now: drop its exemption`).toBeFalsy();
  });

  it('shares one scope between the two checkout paths, and none with any other endpoint', () => {
    const scopes = all.filter(({ e }) => typeof e.idempotent === 'string').map(label);
    expect(scopes.sort()).toEqual(['POST /api/cart', 'POST /api/cart/checkout']);
  });

  it('keeps idempotency to state-changing methods', () => {
    expect(all.filter(({ e }) => e.idempotent && e.method === 'GET').map(label)).toEqual([]);
  });
});
