/** Builds the real adapters from configuration (main.ts); tests build their own. */
import path from 'node:path';
import { imageStoreFor } from './adapters/images/store';
import { outboxTransport, smtpTransport } from './adapters/mail/transport';
import { demoPaymentProvider } from './adapters/payments/provider';
import { stripePaymentProvider } from './adapters/payments/stripe';
import { socialVerifier } from './adapters/social/verifier';
import type { Config } from './config';
import type { AppDeps } from './context';
import { migrateDatabase, openDatabase } from './db/client';
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

export async function createDeps(config: Config): Promise<AppDeps> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, timeouts: databaseTimeouts(config) }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await migrateDatabase(database);
  return {
    database,
    mail: config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_SENDER) : outboxTransport(),
    images: imageStoreFor(config),
    payments:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? stripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
        : demoPaymentProvider(),
    social: socialVerifier(config),
  };
}
