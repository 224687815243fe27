/**
 * What every module's routes receive: configuration, the adapters, and the app's own shared
 * parts, built once by `buildApp`. Modules take what they need from here instead of importing
 * singletons or keeping state of their own, so tests can pass fakes and two apps in one process
 * share nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ImageStore } from './adapters/images/store';
import type { MailTransport } from './adapters/mail/transport';
import type { PaymentProviders } from './adapters/payments/provider';
import type { PrintPartner } from './adapters/print';
import type { SocialVerifier } from './adapters/social/verifier';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Flows } from './flows';
import type { TokenService } from './lib/tokens';
import type { SessionVersions } from './modules/accounts';
import type { AnswerCache, SharedReads } from './modules/dashboard';
import type { ProductEvents } from './modules/events';
import type { MailWorker } from './modules/mail';
import type { PrintWorker } from './modules/orders';
import type { CatalogueCache, ListingCache } from './modules/products';
import type { Backups, RefundCheck, Retention } from './modules/system';

/** The outside services, each one interface with a real and an embedded implementation. */
export interface AppDeps {
  database: Database;
  mail: MailTransport;
  images: ImageStore;
  /** The payment providers by name, and the one new checkouts use (Stripe when configured, else the demo checkout). */
  payments: PaymentProviders;
  social: SocialVerifier;
  /** Who prints and posts paid orders: BookVault, the simulated printer, or the owner by hand (decision 111). */
  printPartner: PrintPartner;
}

export interface AppContext extends AppDeps {
  config: Config;
  tokens: TokenService;
  mailWorker: MailWorker;
  /** Sends paid orders to the print partner and follows them (decision 112). */
  printWorker: PrintWorker;
  events: ProductEvents;
  /** What calls more than one module (src/server/flows, decision 135): modules reach flows only here. */
  flows: Flows;
  /** The whole catalogue in memory, dropped on every productUpdate (decision 010). */
  catalogue: CatalogueCache;
  /** The paged listing's facet summary and first pages, dropped on every productUpdate (decision 113). */
  listing: ListingCache;
  /** The dashboard's answers, kept DASHBOARD_CACHE_SECONDS per query (decision 120); a revoke clears them. */
  dashboardAnswers: AnswerCache<Buffer>;
  /** What every period's dashboard reads alike, shared by dashboards asked at once (decision 169). */
  dashboardReads: SharedReads;
  /** Each account's session version, as the permission layer checks it (decision 083). */
  sessionVersions: SessionVersions;
  /** Backups of the database and images to BACKUP_DIR, by schedule or on demand (decision 134). */
  backups: Backups;
  /** The daily retention job's schedule: one instance runs it (decision 146). */
  retention: Retention;
  /** Refunds the payment provider has not answered, asked about again every few minutes (decision 163). */
  refundCheck: RefundCheck;
  log: FastifyBaseLogger;
}
