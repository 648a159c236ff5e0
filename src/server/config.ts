import { z } from 'zod';

const durationMinutes = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
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
  SEED: z.enum(['auto', 'never']).default('auto'),
  SEED_SKUS: z.coerce.number().int().positive().default(5000),
  /** 'computed': every search counts and pages afresh (the bench's cold case); 'kept': see search.service.ts. */
  SEARCH_ANSWERS: z.enum(['kept', 'computed']).default('kept'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HMAC-SHA256 secret of the crypto provider's webhooks; required in production. */
  COINPAY_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Refunds above this many cents wait for finance's approval; at or below it they are given back at once. */
  REFUND_APPROVAL_THRESHOLD_CENTS: z.coerce.number().int().min(0).default(50000),
  /** HMAC-SHA256 secret of the tracking service's webhooks; required in production. */
  TRACKHUB_WEBHOOK_SECRET: z.string().min(16).optional(),
});

export type Config = z.infer<typeof envSchema>;

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.COINPAY_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  COINPAY_WEBHOOK_SECRET: is required in production');
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.TRACKHUB_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  TRACKHUB_WEBHOOK_SECRET: is required in production');
  return parsed.data;
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
