import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('starts with defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', JWT_SECRET: 'short' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: /m);
      expect(problems).toMatch(/^DATABASE_URL: must start with postgres/m);
      expect(problems).toMatch(/^SMTP_URL: must start with smtp/m);
      expect(problems).toMatch(/^JWT_SECRET: must be at least 32 characters/m);
    }
  });

  it('requires the Stripe webhook secret with the Stripe key, and S3 settings together', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
  });

  it('requires PUBLIC_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses to take orders without payment in production unless demo payments are asked for', () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY: is required in production/);
    expect(loadConfig({ ...base, DEMO_PAYMENTS: 'true' }).DEMO_PAYMENTS).toBe(true);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).not.toThrow();
  });

  it('requires JWT_SECRET in production on a shared PostgreSQL', () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true', DATABASE_URL: 'postgres://db/shop' };
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET: is required in production with DATABASE_URL/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'x'.repeat(40) })).not.toThrow();
  });

  it('bounds the password hash queue: 16 waiting by default, a whole number from 0 when set', () => {
    expect(loadConfig({}).PASSWORD_HASH_QUEUE).toBe(16);
    expect(loadConfig({ PASSWORD_HASH_QUEUE: '4' }).PASSWORD_HASH_QUEUE).toBe(4);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: 'lots' })).toThrow(/PASSWORD_HASH_QUEUE/);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: '-1' })).toThrow(/PASSWORD_HASH_QUEUE/);
  });
});
