/** Chooses the adapters: from configuration (main.ts), or the embedded ones (tests). */
import path from 'node:path';
import { localImageStore, memoryImageStore, type ImageStore } from './adapters/images/store';
import { s3ImageStore } from './adapters/images/s3';
import { outboxTransport, smtpTransport } from './adapters/mail/transport';
import { demoPaymentProvider, paymentProviders, type PaymentProviders } from './adapters/payments/provider';
import { stripePaymentProvider } from './adapters/payments/stripe';
import { createPrintPartner, type PrintPartnerLog } from './adapters/print';
import { manualPrintPartner } from './adapters/print/manual';
import { disabledSocialVerifier, socialVerifier } from './adapters/social/verifier';
import type { Config } from './config';
import type { AppDeps } from './context';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import type { DatabaseTimeouts } from './db/timeouts';

/** The database limits the environment sets (config.ts). */
export function databaseTimeouts(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    idleMs: config.DATABASE_IDLE_TIMEOUT_MS,
    keepAliveDelayMs: config.DATABASE_KEEPALIVE_DELAY_MS,
    listenHeartbeatMs: config.DATABASE_LISTEN_HEARTBEAT_MS,
  };
}

/** The S3 store when every S3_* variable is set (config checks they come together), else local files under DATA_DIR/images. */
export function imageStore(config: Config): ImageStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3ImageStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return localImageStore(path.join(config.DATA_DIR, 'images'));
}

/** Stripe Checkout when its keys are set, else the demo checkout. */
function payments(config: Config): PaymentProviders {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return paymentProviders(
      stripePaymentProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
      }),
    );
  }
  return paymentProviders(demoPaymentProvider());
}

export async function createDeps(config: Config, log?: PrintPartnerLog): Promise<AppDeps> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          reportingPoolSize: config.DATABASE_REPORTING_POOL_SIZE,
          timeouts: databaseTimeouts(config),
        }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await migrateDatabase(database);
  return {
    database,
    mail: config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_SENDER) : outboxTransport(),
    images: imageStore(config),
    payments: payments(config),
    social: socialVerifier(config),
    printPartner: createPrintPartner(config, { log }),
  };
}

/**
 * The embedded adapters on a given database (tests, the API document): outbox mail, images in
 * memory, the demo checkout, no social sign-in, and print orders placed by hand (a test of the
 * print partner passes its own).
 */
export function embeddedDeps(database: Database, overrides: Partial<AppDeps> = {}): AppDeps {
  return {
    database,
    mail: outboxTransport(),
    images: memoryImageStore(),
    payments: paymentProviders(demoPaymentProvider()),
    social: disabledSocialVerifier(),
    printPartner: manualPrintPartner(),
    ...overrides,
  };
}
