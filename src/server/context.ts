/**
 * What every module's routes receive: configuration and the adapters, built once by `buildApp`.
 * Modules take what they need from here instead of importing singletons, so tests can pass fakes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ImageStore } from './adapters/images/store';
import type { MailTransport } from './adapters/mail/transport';
import type { PaymentProvider } from './adapters/payments/provider';
import type { SocialVerifier } from './adapters/social/verifier';
import type { Config } from './config';
import type { Database } from './db/client';
import type { TokenService } from './lib/tokens';
import type { MailWorker } from './modules/mail/outbox';
import type { ProductEvents } from './modules/events/product-events';

/** The outside services, each one interface with a real and an embedded implementation. */
export interface AppDeps {
  database: Database;
  mail: MailTransport;
  images: ImageStore;
  /** Stripe when configured, else the demo checkout. */
  payments: PaymentProvider;
  social: SocialVerifier;
}

export interface AppContext extends AppDeps {
  config: Config;
  tokens: TokenService;
  mailWorker: MailWorker;
  events: ProductEvents;
  log: FastifyBaseLogger;
}
