import { z } from 'zod';
import { type Role, roles } from '../domain/roles';
import { MAX_SEED_SKUS } from './db/seed/seed-catalog-skus';

const durationMinutes = z.coerce.number().int().positive();
/** A comma-separated list; empty means none. */
const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** A PostgreSQL streaming replica of DATABASE_URL for searches, catalogue reads, lists and reports. */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  DATA_DIR: z.string().default('./data'),
  SUPPORT_EMAIL: z.string().email().default('support@tread.example'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tread <no-reply@tread.example>'),
  SESSION_IDLE_MINUTES: durationMinutes.default(30),
  SESSION_ABSOLUTE_MINUTES: durationMinutes.default(720),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: durationMinutes.default(15),
  RESET_TOKEN_MINUTES: durationMinutes.default(60),
  /** Bearer tokens from POST /api/v1/authorize: absolute lifetime, and idle time after the last use. */
  TOKEN_DAYS: z.coerce.number().int().positive().default(15),
  TOKEN_IDLE_DAYS: z.coerce.number().int().positive().default(7),
  /** 'auto' seeds demo data into an empty database; the default outside production only (see loadConfig). */
  SEED: z.enum(['auto', 'never']).optional(),
  /** The generated demo catalogue's size; SKU codes stay unique up to MAX_SEED_SKUS (seed-catalog-skus.ts). */
  SEED_SKUS: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_SEED_SKUS, `at most ${MAX_SEED_SKUS.toLocaleString('en-US')} SKUs can be generated`)
    .default(5000),
  /** 'computed': every search counts and pages afresh (the bench's cold case); 'kept': see search.service.ts. */
  SEARCH_ANSWERS: z.enum(['kept', 'computed']).default('kept'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HMAC-SHA256 secret of the crypto provider's webhooks; required in production. */
  COINPAY_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Who takes card payments: the deterministic `sandbox` (the default outside production) or
   * `stripe`. Production refuses to start without it, and on `sandbox` unless
   * ALLOW_SANDBOX_PAYMENTS=1 says so in so many words (docs/payments-live.md).
   */
  CARD_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  ALLOW_SANDBOX_PAYMENTS: z.enum(['0', '1']).optional(),
  /** Stripe's secret (or restricted) API key: `sk_live_…`, `sk_test_…`, `rk_…`; required with CARD_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\w+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)')
    .optional(),
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`); required with CARD_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe SDK sends its calls; only the tests' local stand-in sets it (https://api.stripe.com otherwise). */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Card orders (Stripe) at or above this many cents are authorized only; finance captures them after review. */
  CARD_MANUAL_CAPTURE_CENTS: z.coerce.number().int().min(0).default(500000),
  /** Refunds above this many cents wait for finance's approval; at or below it they are given back at once. */
  REFUND_APPROVAL_THRESHOLD_CENTS: z.coerce.number().int().min(0).default(50000),
  /** HMAC-SHA256 secret of the tracking service's webhooks; required in production. */
  TRACKHUB_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Addresses (or CIDR ranges) of the reverse proxies in front of the server. Only a request
   * coming from one of them may set X-Forwarded-For/-Host/-Proto; empty: nobody may.
   */
  TRUST_PROXY: list,
  /**
   * The global rate limit: requests per window per session (signed in) or per address
   * (public). 0 turns it off; the default is 600 in production and off elsewhere, so tests,
   * e2e and the benches (8-16 connections from one address) are never throttled.
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** 'database': counters in PostgreSQL, shared by every server process; 'memory': this process only. */
  RATE_LIMIT_STORE: z.enum(['database', 'memory']).default('database'),
  /**
   * Roles that must use a second factor (TOTP) to sign in and to get a bearer token, e.g.
   * `admin,finance` (the production default); `none` for nobody (the default elsewhere, so the
   * demo accounts sign in with the password alone). Any user may enrol. See docs/security.md.
   */
  /** The largest inventory feed upload, in bytes (50 MB, about half a million lines); bigger is a 413. */
  FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /**
   * AES-256-GCM key of the TOTP secrets at rest: 32 bytes as 64 hex digits or base64 (e.g.
   * `openssl rand -hex 32`). Required in production; development and tests use a fixed key.
   */
  MFA_SECRET_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes: 64 hex digits or base64',
    ),
  /**
   * Outbound webhooks to private, loopback and link-local addresses (docs/webhooks.md, "Addresses"):
   * `1` allows them (the default outside production, for receivers on this machine), `0` refuses
   * them at registration and at every send (the default in production).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['0', '1']).optional(),
  MFA_REQUIRED_ROLES: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? undefined : s === 'none' ? [] : list.parse(s)))
    .pipe(z.array(z.enum(roles)).optional()),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  | 'SEED'
  | 'RATE_LIMIT_MAX'
  | 'MFA_REQUIRED_ROLES'
  | 'CARD_PROVIDER'
  | 'ALLOW_SANDBOX_PAYMENTS'
  | 'WEBHOOK_ALLOW_PRIVATE_URLS'
> & {
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
  SEED: 'auto' | 'never';
  CARD_PROVIDER: 'sandbox' | 'stripe';
  ALLOW_SANDBOX_PAYMENTS: boolean;
  RATE_LIMIT_MAX: number;
  MFA_REQUIRED_ROLES: readonly Role[];
};

/** Secrets that ship in the repository or its docs: never acceptable in production. */
const DEFAULT_SECRETS = [
  'sandbox-coinpay-webhook-secret',
  'sandbox-trackhub-webhook-secret',
  'change-me',
  'changeme',
  'secret',
];

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = parsed.data;
  if (data.DATABASE_REPLICA_URL && !data.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of the embedded database cannot exist)',
    );
  const production = data.NODE_ENV === 'production';
  const problems = cardProviderProblems(data, production);
  if (production) {
    if (!data.PUBLIC_URL)
      problems.push('PUBLIC_URL: is required in production (links in e-mails are built from it)');
    if (!data.COINPAY_WEBHOOK_SECRET) problems.push('COINPAY_WEBHOOK_SECRET: is required in production');
    else if (DEFAULT_SECRETS.includes(data.COINPAY_WEBHOOK_SECRET))
      problems.push('COINPAY_WEBHOOK_SECRET: is a default secret; set a random one');
    if (!data.TRACKHUB_WEBHOOK_SECRET) problems.push('TRACKHUB_WEBHOOK_SECRET: is required in production');
    else if (DEFAULT_SECRETS.includes(data.TRACKHUB_WEBHOOK_SECRET))
      problems.push('TRACKHUB_WEBHOOK_SECRET: is a default secret; set a random one');
    if (!data.MFA_SECRET_KEY)
      problems.push('MFA_SECRET_KEY: is required in production (32 random bytes, e.g. openssl rand -hex 32)');
    if (data.SEED === 'auto')
      problems.push(
        'SEED: demo data is never seeded in production; create the first admin with npm run admin:create',
      );
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  // Demo data (password-only demo users) only where a newcomer runs `npm start`.
  return {
    ...data,
    CARD_PROVIDER: data.CARD_PROVIDER ?? 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: data.ALLOW_SANDBOX_PAYMENTS === '1',
    SEED: data.SEED ?? (production ? 'never' : 'auto'),
    RATE_LIMIT_MAX: data.RATE_LIMIT_MAX ?? (production ? 600 : 0),
    MFA_REQUIRED_ROLES: data.MFA_REQUIRED_ROLES ?? (production ? ['admin', 'finance'] : []),
    WEBHOOK_ALLOW_PRIVATE_URLS: (data.WEBHOOK_ALLOW_PRIVATE_URLS ?? (production ? '0' : '1')) === '1',
  };
}

/**
 * The card provider's settings: production takes real cards only through a real provider, or
 * runs the sandbox when told to in so many words; Stripe needs its key and webhook secret.
 */
function cardProviderProblems(data: z.infer<typeof envSchema>, production: boolean): string[] {
  const problems: string[] = [];
  if (production && !data.CARD_PROVIDER)
    problems.push(
      'CARD_PROVIDER: is required in production: stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or sandbox with ALLOW_SANDBOX_PAYMENTS=1',
    );
  if (production && data.CARD_PROVIDER === 'sandbox' && data.ALLOW_SANDBOX_PAYMENTS !== '1')
    problems.push(
      'CARD_PROVIDER: sandbox takes no real card payments; set CARD_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=1 to run the sandbox in production on purpose',
    );
  if (data.CARD_PROVIDER === 'stripe') {
    if (!data.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: is required with CARD_PROVIDER=stripe');
    if (!data.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: is required with CARD_PROVIDER=stripe');
  }
  return problems;
}

/** Outside production the sandbox providers sign their webhooks with this fixed secret. */
const SANDBOX_WEBHOOK_SECRET = 'sandbox-coinpay-webhook-secret';

export const webhookSecretOf = (config: Config) => config.COINPAY_WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET;

export const trackingSecretOf = (config: Config) =>
  config.TRACKHUB_WEBHOOK_SECRET ?? 'sandbox-trackhub-webhook-secret';

/** Sandbox control calls (approve a financing application, confirm a crypto charge) exist outside production only. */
export const sandboxControls = (config: Config) => config.NODE_ENV !== 'production';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'never' }), ...overrides };
}
