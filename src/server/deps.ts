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

export async function createDeps(config: Config): Promise<AppDeps> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
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
