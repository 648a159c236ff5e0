// Choosing the card provider: production never takes card payments through the sandbox unless
// told to in so many words, and Stripe does not start without its key and webhook secret.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  COINPAY_WEBHOOK_SECRET: 'a-long-random-webhook-secret-123',
  TRACKHUB_WEBHOOK_SECRET: 'another-long-random-secret-456',
  MFA_SECRET_KEY: '0123456789abcdef'.repeat(4),
};
const stripe = {
  CARD_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
};

describe('card provider choice and startup checks', () => {
  it('outside production the sandbox is the default', () => {
    expect(loadConfig({}).CARD_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).CARD_PROVIDER).toBe('sandbox');
  });

  it('production refuses to start without a card provider, naming CARD_PROVIDER', () => {
    expect(() => loadConfig(production)).toThrow(/CARD_PROVIDER: is required in production/);
  });

  it('production refuses the sandbox unless ALLOW_SANDBOX_PAYMENTS=1', () => {
    expect(() => loadConfig({ ...production, CARD_PROVIDER: 'sandbox' })).toThrow(
      /CARD_PROVIDER: sandbox takes no real card payments.*ALLOW_SANDBOX_PAYMENTS=1/,
    );
    expect(() =>
      loadConfig({ ...production, CARD_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '0' }),
    ).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    const config = loadConfig({ ...production, CARD_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '1' });
    expect(config).toMatchObject({ CARD_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: true });
  });

  it('stripe needs its secret key and webhook secret, in any mode, naming each', () => {
    expect(loadConfig({ ...production, ...stripe }).CARD_PROVIDER).toBe('stripe');
    expect(() => loadConfig({ ...production, ...stripe, STRIPE_SECRET_KEY: undefined })).toThrow(
      /STRIPE_SECRET_KEY: is required/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_publishable' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'plain' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
