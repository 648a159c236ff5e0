// A Tread started as in production (NODE_ENV=production, CARD_PROVIDER=stripe) whose Stripe is
// the tests' local stand-in (src/server/test/stripe-standin.ts: NOT Stripe), for the e2e of the
// hosted-checkout redirect (stripe-production.spec.ts). Run: node --import tsx <this> with PORT.
// Production never seeds demo data, and a browser needs a catalogue and a buyer: this process
// seeds them into its throw-away database first, as a development start would, then serves it
// with the production configuration.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';
import { startStripeStandin } from '../src/server/test/stripe-standin';

const port = Number(process.env.PORT ?? 3290);
const webhookSecret = `whsec_e2e_${randomBytes(12).toString('hex')}`;
const standin = await startStripeStandin(webhookSecret);
const shop = `http://localhost:${port}`;
// The stand-in's hosted page delivers its signed events here, as Stripe's webhook endpoint would.
// (127.0.0.1, where this server listens: Node may resolve localhost to ::1 first.)
standin.controls.webhookUrl = `http://127.0.0.1:${port}/api/webhooks/stripe`;
// A few seconds late, as Stripe's may be: the order page shows its wait before the order is paid.
standin.controls.webhookDelayMs = Number(process.env.STRIPE_WEBHOOK_DELAY_MS ?? 3000);

const env = {
  PORT: String(port),
  HOST: '127.0.0.1',
  PGLITE_DIR: 'memory://',
  DATA_DIR: process.env.DATA_DIR ?? 'test-results/e2e-data-stripe',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SEED_SKUS: process.env.SEED_SKUS ?? '300',
  PUBLIC_URL: shop,
  CARD_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_e2e_standin_0123456789',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: standin.base,
  COINPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
  TRACKHUB_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
  MFA_SECRET_KEY: randomBytes(32).toString('hex'),
  // The one production default set aside: finance signs in with the demo password alone to
  // see the disputes page (two-step sign-in has its own spec).
  MFA_REQUIRED_ROLES: 'none',
};
const config = loadConfig({ ...env, NODE_ENV: 'production' });
const database = await openDatabase({ pgliteDir: 'memory://' });
await migrateDatabase(database.db);
await seedIfEmpty(database.db, loadConfig({ ...env, NODE_ENV: 'development', SEED: 'auto' }));
const app = await buildApp(config, database.db);
await app.listen({ port, host: config.HOST });
console.log(`stripe e2e server at ${shop} (stand-in at ${standin.base})`);

const stop = async () => {
  await app.close();
  await standin.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
