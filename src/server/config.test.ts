import path from 'node:path';
import { availableParallelism } from 'node:os';
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

  it('listens on this machine only in development unless HOST says otherwise; on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true' }).HOST).toBe(
      '0.0.0.0',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        DEMO_PAYMENTS: 'true',
        HOST: '10.0.0.5',
      }).HOST,
    ).toBe('10.0.0.5');
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

  it('takes the import image allow-list as origins only, none by default', () => {
    expect(loadConfig({}).IMAGE_IMPORT_ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ IMAGE_IMPORT_ALLOWED_ORIGINS: 'http://127.0.0.1:4567, https://images.example/' })
        .IMAGE_IMPORT_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:4567', 'https://images.example']);
    for (const bad of ['images.example', 'https://images.example/covers', 'ftp://images.example', '*'])
      expect(() => loadConfig({ IMAGE_IMPORT_ALLOWED_ORIGINS: bad })).toThrow(/IMAGE_IMPORT_ALLOWED_ORIGINS: must be/);
  });

  it("sends mail from the shop's name, and refuses a MAIL_FROM without one address", () => {
    expect(loadConfig({}).MAIL_SENDER).toEqual({ name: 'Inkwell & Puzzle', address: 'shop@localhost' });
    expect(loadConfig({ MAIL_FROM: 'orders@example.com', SHOP_NAME: 'Quill' }).MAIL_SENDER).toEqual({
      name: 'Quill',
      address: 'orders@example.com',
    });
    expect(loadConfig({ MAIL_FROM: '"Books, Ltd" <orders@example.com>' }).MAIL_SENDER).toEqual({
      name: 'Books, Ltd',
      address: 'orders@example.com',
    });
    expect(() => loadConfig({ MAIL_FROM: 'Shop' })).toThrow(/MAIL_FROM: must be one e-mail address/);
    expect(() => loadConfig({ MAIL_FROM: 'a@example.com, b@example.com' })).toThrow(/MAIL_FROM/);
  });

  it('takes the postal address for the mail footer as one line of text', () => {
    expect(loadConfig({}).SHOP_POSTAL_ADDRESS).toMatch(/Bath/);
    expect(loadConfig({ SHOP_POSTAL_ADDRESS: '  1 High St, York YO1 7HH  ' }).SHOP_POSTAL_ADDRESS).toBe(
      '1 High St, York YO1 7HH',
    );
    expect(() => loadConfig({ SHOP_POSTAL_ADDRESS: 'York' })).toThrow(/SHOP_POSTAL_ADDRESS: must be a postal address/);
    expect(() => loadConfig({ SHOP_POSTAL_ADDRESS: '1 High St\nYork YO1 7HH' })).toThrow(
      /SHOP_POSTAL_ADDRESS: must be one line/,
    );
    expect(() => loadConfig({ SHOP_POSTAL_ADDRESS: '1 High St <script>, York' })).toThrow(/SHOP_POSTAL_ADDRESS/);
  });

  it('requires PUBLIC_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses to take orders without payment in production unless demo payments are asked for', () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY: is required in production/);
    expect(loadConfig({ ...base, DEMO_PAYMENTS: 'true' }).DEMO_PAYMENTS).toBe(true);
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).not.toThrow();
  });

  it('requires JWT_SECRET in production on a shared PostgreSQL', () => {
    const base = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      DEMO_PAYMENTS: 'true',
      DATABASE_URL: 'postgres://db/shop',
    };
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET: is required in production with DATABASE_URL/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'x'.repeat(40) })).not.toThrow();
  });

  it('has database timeouts by default, and checks the ones given', () => {
    const config = loadConfig({});
    expect(config.DATABASE_CONNECT_TIMEOUT_MS).toBe(5000);
    expect(config.DATABASE_QUERY_TIMEOUT_MS).toBe(15000);
    expect(config.DATABASE_STATEMENT_TIMEOUT_MS).toBe(10000);
    expect(config.DATABASE_LISTEN_HEARTBEAT_MS).toBe(10000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '0' })).toThrow(
      /^ {2}- DATABASE_QUERY_TIMEOUT_MS: must be at least 1 millisecond/m,
    );
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '20000' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: must be less than DATABASE_QUERY_TIMEOUT_MS/,
    );
  });

  it('has limits for slow clients and event streams by default, and checks the ones given', () => {
    const config = loadConfig({});
    expect(config.HTTP_REQUEST_TIMEOUT_MS).toBe(120000);
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBe(15000);
    expect(config.SSE_MAX_STREAMS).toBe(2000);
    expect(config.SSE_MAX_STREAMS_PER_CLIENT).toBe(20);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not be more than HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ SSE_MAX_STREAMS_PER_CLIENT: '0' })).toThrow(/SSE_MAX_STREAMS_PER_CLIENT/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'forever' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS: must be a number of milliseconds/,
    );
  });

  it('bounds the password hash queue: 16 waiting by default, a whole number from 0 when set', () => {
    expect(loadConfig({}).PASSWORD_HASH_QUEUE).toBe(16);
    expect(loadConfig({ PASSWORD_HASH_QUEUE: '4' }).PASSWORD_HASH_QUEUE).toBe(4);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: 'lots' })).toThrow(/PASSWORD_HASH_QUEUE/);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: '-1' })).toThrow(/PASSWORD_HASH_QUEUE/);
  });

  it('bounds server-rendered pages: a byte budget for kept pages, renders at once, waiting and per client (decision 131)', () => {
    expect(loadConfig({})).toMatchObject({
      PAGE_CACHE_MAX_BYTES: 64 * 1024 * 1024,
      PAGE_RENDER_CONCURRENCY: 2,
      PAGE_RENDER_QUEUE: 64,
      PAGE_RENDER_TIME_SHARE: 15,
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: 60,
    });
    expect(() => loadConfig({ PAGE_RENDER_TIME_SHARE: '0' })).toThrow(/PAGE_RENDER_TIME_SHARE/);
    expect(() => loadConfig({ PAGE_RENDER_TIME_SHARE: '150' })).toThrow(/PAGE_RENDER_TIME_SHARE/);
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '1048576', PAGE_RENDER_QUEUE: '0' })).toMatchObject({
      PAGE_CACHE_MAX_BYTES: 1048576,
      PAGE_RENDER_QUEUE: 0,
    });
    expect(() => loadConfig({ PAGE_CACHE_MAX_BYTES: '64MB' })).toThrow(/PAGE_CACHE_MAX_BYTES/);
    expect(() => loadConfig({ PAGE_RENDER_CONCURRENCY: '0' })).toThrow(/PAGE_RENDER_CONCURRENCY/);
    expect(() => loadConfig({ PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '1.5' })).toThrow(
      /PAGE_RENDERS_PER_CLIENT_PER_MINUTE/,
    );
  });

  it('makes no backups without BACKUP_DIR; with it, one every 24 hours by default, 14 kept, and checks the numbers', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_DIR: undefined, BACKUP_EVERY_HOURS: undefined, BACKUP_KEEP: 14 });
    const on = loadConfig({ BACKUP_DIR: 'backups' });
    expect(on.BACKUP_DIR).toBe(path.resolve('backups'));
    expect(on.BACKUP_EVERY_HOURS).toBe(24);
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '3' })).toMatchObject({
      BACKUP_EVERY_HOURS: 0,
      BACKUP_KEEP: 3,
    });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '1.5' }).BACKUP_EVERY_HOURS).toBe(1.5);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '6' })).toThrow(/BACKUP_EVERY_HOURS: needs BACKUP_DIR/);
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: 'daily' })).toThrow(
      /BACKUP_EVERY_HOURS: must be a number of hours/,
    );
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '-1' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: must be at least 1/);
  });

  it('SHIPPING_COUNTRIES is retired: GB (the old default) is ignored, any other list stops the start', () => {
    expect(() => loadConfig({})).not.toThrow();
    expect(() => loadConfig({ SHIPPING_COUNTRIES: 'GB' })).not.toThrow();
    expect(() => loadConfig({ SHIPPING_COUNTRIES: 'GB,IE' })).toThrow(/SHIPPING_COUNTRIES: is retired.*delivery zones/);
  });

  it('prints with BookVault when its key is set, else with the simulated printer; bookvault needs the key', () => {
    expect(loadConfig({}).PRINT_PARTNER).toBe('simulated');
    expect(loadConfig({ BOOKVAULT_API_KEY: 'bv_x' }).PRINT_PARTNER).toBe('bookvault');
    expect(loadConfig({ BOOKVAULT_API_KEY: 'bv_x', PRINT_PARTNER: 'manual' }).PRINT_PARTNER).toBe('manual');
    expect(() => loadConfig({ PRINT_PARTNER: 'bookvault' })).toThrow(
      /BOOKVAULT_API_KEY: is required when PRINT_PARTNER is bookvault/,
    );
    expect(() => loadConfig({ PRINT_PARTNER: 'fedex' })).toThrow(/PRINT_PARTNER/);
    expect(() => loadConfig({ BOOKVAULT_PAY_METHOD: 'Cash' })).toThrow(/BOOKVAULT_PAY_METHOD/);
    expect(() => loadConfig({ PRINT_PARTNER_POLL_SECONDS: '0' })).toThrow(/PRINT_PARTNER_POLL_SECONDS/);
    // The simulated printer is looked at often, so the demo moves; BookVault every five minutes.
    expect(loadConfig({}).PRINT_PARTNER_POLL_SECONDS).toBe(30);
    expect(loadConfig({ BOOKVAULT_API_KEY: 'bv_x' }).PRINT_PARTNER_POLL_SECONDS).toBe(300);
    expect(loadConfig({ PRINT_PARTNER_POLL_SECONDS: '7' }).PRINT_PARTNER_POLL_SECONDS).toBe(7);
    // A submission unanswered for the lease is taken for a stop of the shop: in production, longer than a call may take.
    expect(loadConfig({}).PRINT_SUBMIT_LEASE_SECONDS).toBe(120);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true' };
    expect(() => loadConfig({ ...production, PRINT_SUBMIT_LEASE_SECONDS: '10' })).toThrow(
      /PRINT_SUBMIT_LEASE_SECONDS: must be at least 60 in production/,
    );
    expect(loadConfig({ ...production, PRINT_SUBMIT_LEASE_SECONDS: '60' }).PRINT_SUBMIT_LEASE_SECONDS).toBe(60);
  });

  it('runs one process per core in production on PostgreSQL, one elsewhere, and only one on the embedded database (decision 156)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true' };
    const postgres = { ...production, DATABASE_URL: 'postgres://shop@db/shop', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test' }).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig(production).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig(postgres).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop', WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ ...production, WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: must be 1 with the embedded database/,
    );
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('renders pages on the cores each process has in production, on the main thread elsewhere (decision 173)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true' };
    const postgres = { ...production, DATABASE_URL: 'postgres://shop@db/shop', JWT_SECRET: 'x'.repeat(32) };
    const cores = availableParallelism();
    expect(loadConfig({}).PAGE_RENDER_THREADS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).PAGE_RENDER_THREADS).toBe(0);
    // The embedded database's one process renders on every core; each of several processes on its share.
    expect(loadConfig(production).PAGE_RENDER_THREADS).toBe(cores);
    expect(loadConfig(postgres).PAGE_RENDER_THREADS).toBe(1);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '1' }).PAGE_RENDER_THREADS).toBe(cores);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: String(cores * 4) }).PAGE_RENDER_THREADS).toBe(1);
    expect(loadConfig({ ...production, PAGE_RENDER_THREADS: '0' }).PAGE_RENDER_THREADS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', PAGE_RENDER_THREADS: '2' }).PAGE_RENDER_THREADS).toBe(2);
    expect(() => loadConfig({ PAGE_RENDER_THREADS: '-1' })).toThrow(/PAGE_RENDER_THREADS/);
    expect(() => loadConfig({ PAGE_RENDER_THREADS: '65' })).toThrow(/PAGE_RENDER_THREADS/);
  });
});
