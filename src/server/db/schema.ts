/**
 * The shop's one database schema. Money is integer pence; times are timestamptz (UTC).
 * After changing this file run `npm run db:generate` and commit the new migration.
 */
import { sql } from 'drizzle-orm';
import { PRODUCT_AGES } from '@shared/constants';
import { PRINT_JOB_STATES } from '@shared/contracts/orders';
import type { DeliveryAddress } from '@shared/delivery-address';
import { INITIAL_ORDER_STATUS, ORDER_STATUSES } from '@shared/order-status';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased, so comparisons are case-insensitive. */
    email: text('email').notNull(),
    /** Null for social accounts and for password-less accounts made from a review link. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['customer', 'user', 'admin'] })
      .notNull()
      .default('customer'),
    method: text('method', { enum: ['google', 'facebook'] }),
    verified: boolean('verified').notNull().default(false),
    /**
     * The session tokens this user may hold carry this number (claim `ver`); raising it ends every
     * session at once (password change or reset). Checked on each call by plugins/access.ts.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * The session version the last proof of the address set (accounts/address-proof.ts), null
     * before any. A review link mailed just before that proof may still sign in (decisions/050).
     */
    addressProvenVersion: integer('address_proven_version'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const products = pgTable(
  'products',
  {
    /** The external print catalogue (BookVault) ID, chosen by the admin; it may change (edit). */
    id: text('id').primaryKey(),
    /**
     * The book's own key, made once and never changed: order lines and reviews refer to the book
     * by it, so they follow the book through a change of its ID (decision 038).
     */
    productKey: uuid('product_key').notNull().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull().default(''),
    description: text('description').notNull().default(''),
    age: text('age', { enum: [...PRODUCT_AGES, ''] })
      .notNull()
      .default(''),
    pricePence: integer('price_pence').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("type", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')`,
    ),
    /**
     * Set when a book that has been sold is deleted: it leaves the shop (every shopper read
     * filters it out) but stays, with its ID and name, for its orders and reviews (decision 039).
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('products_product_key_unique').on(t.productKey),
    uniqueIndex('products_name_unique').on(t.name),
    // No pending list (fastupdate off): PGlite never vacuums one away (decision 084).
    index('products_name_trgm').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('products_search_vector').using('gin', t.searchVector).with({ fastupdate: false }),
    index('products_price').on(t.pricePence, t.id),
    // The paged listing's keyset orders (decision 113), books of the shop only: the shop's order
    // (oldest first), and price both ways with ties in the shop's order. Price high to low is
    // read as ascending -price so that one row comparison walks it: (-price, created_at, id) > (…).
    index('products_listing_shop_order')
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_listing_price')
      .on(t.pricePence, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_listing_price_desc')
      .on(sql`(-${t.pricePence})`, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    // Similar Items (decision 125), books of the shop only: a book's nearest prices above and
    // below, ties in the shop's order, among the books of its age and type, of its age, of its
    // type (among all books: the listing's two price indexes above).
    index('products_similar_age_type_price')
      .on(t.age, t.type, t.pricePence, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_similar_age_type_price_desc')
      .on(t.age, t.type, sql`(-${t.pricePence})`, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_similar_age_price')
      .on(t.age, t.pricePence, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_similar_age_price_desc')
      .on(t.age, sql`(-${t.pricePence})`, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_similar_type_price')
      .on(t.type, t.pricePence, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_similar_type_price_desc')
      .on(t.type, sql`(-${t.pricePence})`, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    // Other Items (decision 125): the books of the shop in a fixed shuffled ring, hashtext(id).
    index('products_other_items')
      .on(sql`hashtext(${t.id})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    check('products_price_positive', sql`${t.pricePence} > 0`),
  ],
);

/** Stored image bytes, content-addressed: `key` is the SHA-256 of the original bytes. */
export const images = pgTable('images', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

export const productImages = pgTable(
  'product_images',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Slot 0 to 5; 0 is the main image, 1 is shown on hover. */
    position: smallint('position').notNull(),
    imageKey: text('image_key')
      .notNull()
      .references(() => images.key),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check('product_images_position', sql`${t.position} between 0 and 5`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    qty: integer('qty').notNull(),
    /** When the book was put in the cart: the cart lists its lines in this order, whatever changed since. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), check('cart_lines_qty', sql`${t.qty} between 1 and 99`)],
);

export const wishlistEntries = pgTable(
  'wishlist_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    code: text('code').primaryKey(),
    percentage: integer('percentage').notNull(),
    /** Allowed product types; empty means every type. */
    types: text('types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Allowed ages ('Kids', 'Adults', '' for all-ages books); empty means every age. */
    ages: text('ages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByOrderId: uuid('used_by_order_id'),
    /**
     * The one open checkout that may use the code (docs/decisions/036): set when a checkout with the
     * code is opened, cleared when it is paid, cancelled or expired. A hold whose held_until has
     * passed is free to take.
     */
    heldByCheckoutId: text('held_by_checkout_id'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /**
     * Set when the owner revokes the unused code (decision 120): no checkout can hold or use it
     * after, and the shopper is told it has expired. Never set on a used code, nor on a held one.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_codes_percentage', sql`${t.percentage} between 1 and 99`),
    // The owner's list of codes sent: newest first, by keyset (created_at, code).
    index('discount_codes_created_code').on(t.createdAt, t.code),
  ],
);

/**
 * What we asked the payment provider to charge, priced from database prices when the checkout
 * was created. The order is made from this row when the payment completes.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  /** The payment provider's name (adapters/payments): 'stripe', 'demo', ... */
  provider: text('provider').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email').notNull().default(''),
  /** [{ productId, name, qty, unitPence }] */
  lines: jsonb('lines').notNull().$type<CheckoutLine[]>(),
  subtotalPence: integer('subtotal_pence').notNull(),
  shippingPence: integer('shipping_pence').notNull(),
  discountPence: integer('discount_pence').notNull().default(0),
  totalPence: integer('total_pence').notNull(),
  discountCode: text('discount_code'),
  /** The destination the basket was priced for (decision 148): the country chosen, its zone's name and countries then. */
  deliveryCountry: text('delivery_country').notNull().default('GB'),
  deliveryZone: text('delivery_zone').notNull().default('United Kingdom'),
  deliveryCountries: jsonb('delivery_countries').notNull().$type<string[]>().default(['GB']),
  status: text('status', { enum: ['open', 'completed', 'expired'] })
    .notNull()
    .default('open'),
  createdAt: createdAt(),
  /** After this the checkout can no longer be paid (Stripe's session expires_at; the demo's own). Always set by the checkout service. */
  expiresAt: timestamp('expires_at', { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '1 hour'`),
});

/** `productKey`: the book priced (decision 038); missing only in a checkout of a book deleted before keys existed. */
export type CheckoutLine = { productId: string; productKey?: string; name: string; qty: number; unitPence: number };

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One order per paid checkout session, however often the payment event arrives. */
    checkoutSessionId: text('checkout_session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    shippingPence: integer('shipping_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    discountCode: text('discount_code'),
    /** The delivery zone the order was priced with (decision 148), as it was named then; null on orders before zones. */
    deliveryZone: text('delivery_zone'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default(INITIAL_ORDER_STATUS),
    bookVaultRef: text('bookvault_ref'),
    trackingRef: text('tracking_ref'),
    /**
     * Where the books go, as given at checkout (decision 110). Null on orders made before
     * addresses were collected ("no address recorded") and on a paid checkout that carried none
     * (`addressMissing`).
     */
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    /** A paid checkout came without an address: the owner must get one from the customer. */
    addressMissing: boolean('address_missing').notNull().default(false),
    /** The payment's reference at the provider (Stripe's payment intent), 'demo' for the demo checkout. */
    paymentRef: text('payment_ref'),
    /** The carrier and its tracking page, when the print partner reported them with the dispatch. */
    carrier: text('carrier'),
    trackingUrl: text('tracking_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_checkout_session_unique').on(t.checkoutSessionId),
    index('orders_user_created').on(t.userId, t.createdAt),
    // The admin's overview: newest first, by keyset (created_at, id), with or without a status.
    index('orders_created_id').on(t.createdAt, t.id),
    index('orders_status_created_id').on(t.status, t.createdAt, t.id),
    // The dashboard's new customers (decision 120): has this address ordered before the period?
    index('orders_email_created').on(t.email, t.createdAt),
    // The dashboard's "address missing" list: the few orders still waiting for an address.
    index('orders_address_missing_created')
      .on(t.createdAt)
      .where(sql`${t.addressMissing}`),
  ],
);

/**
 * An order's history: its making and every change of status or reference after it, who made it
 * and the mail it sent. Written in the transaction of the change.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the order's making. */
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** The references this change set (null: unchanged). */
    bookVaultRef: text('bookvault_ref'),
    trackingRef: text('tracking_ref'),
    /** Who: the admin's e-mail address, 'checkout' for the payment, 'print partner' for its updates. */
    changedBy: text('changed_by').notNull(),
    /** The subject of the mail the change sent, null when none was sent. */
    mailSubject: text('mail_subject'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_changes_order').on(t.orderId, t.createdAt)],
);

/**
 * Order lines: the book bought (its stable key) and a copy of what was bought, so the order reads
 * as it was paid for whatever happens to the book later (decision 038). A book with order lines
 * cannot be deleted (`restrict`): deleting it archives it (decision 039).
 */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The book's ID when it was bought (a copy; the book's ID may have changed since). */
    productId: text('product_id').notNull(),
    /** The book bought. Null only when it no longer existed when the order was made or migrated. */
    productKey: uuid('product_key').references(() => products.productKey, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] }), index('order_items_product_key').on(t.productKey)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The book reviewed, by its stable key (a review stays with the book whatever its ID becomes). */
    productKey: uuid('product_key')
      .notNull()
      .references(() => products.productKey, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_product_unique').on(t.orderId, t.productKey),
    index('reviews_product_created').on(t.productKey, t.createdAt),
    // The dashboard's newest reviews.
    index('reviews_created').on(t.createdAt),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  orderRef: text('order_ref').notNull().default(''),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * Single-use tokens (e-mail verification, password reset, admin login). Only a hash of the
 * secret is stored. For the admin login, `pairHash` is the hash of the browser-bound half.
 */
export const singleUseTokens = pgTable(
  'single_use_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['verify_email', 'password_reset', 'admin_login'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    pairHash: text('pair_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('single_use_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * The outbox: every message the shop sends is written here first (in the same transaction as
 * the change that caused it), then delivered by the mail worker, with retries.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Where a reply goes (the contact form's sender), when not the sender. */
    replyTo: text('reply_to'),
    /** The List-Unsubscribe address of a marketing mail (the discount code); null for transactional mail. */
    listUnsubscribe: text('list_unsubscribe'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outgoing_mail_pending').on(t.status, t.nextAttemptAt), index('outgoing_mail_to').on(t.to)],
);

/**
 * An order's print job (decision 112): queued in the transaction that makes the order, claimed by
 * one worker at a time (FOR UPDATE SKIP LOCKED), sent to the print partner with the order id as
 * the document reference, then followed until the partner reports it dispatched. `state`:
 * queued (waiting, or waiting to retry after `next_attempt_at`), submitting (a worker is sending
 * it; if the shop stops meanwhile, the outcome is unknown and the owner is asked: never sent
 * again blindly), submitted (the partner holds it), failed (needs the owner: `problem` says why).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The partner it was queued for ('bookvault', 'simulated'). */
    partner: text('partner').notNull(),
    state: text('state', { enum: PRINT_JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current submission began (state submitting). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Names the current submission: its outcome is recorded only while the job is still this one's. */
    claimId: uuid('claim_id'),
    /** Why the owner is needed (state failed), or the last retryable failure, in words for the owner. */
    problem: text('problem'),
    /** The partner's reference (BookVault's PodRef). */
    partnerRef: text('partner_ref'),
    /** The partner's last reported state: submitted, printing, dispatched, delivered, cancelled, unknown. */
    partnerState: text('partner_state'),
    /** The partner's own words for that state. */
    partnerStatus: text('partner_status'),
    /** What the partner charged, in the minor unit of its currency. */
    costPence: integer('cost_pence'),
    /** The delivery part of that cost (BookVault's DispatchCost), when the partner answered one (decision 148). */
    dispatchCostPence: integer('dispatch_cost_pence'),
    costCurrency: text('cost_currency'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When the partner was last asked for the order's state. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('print_jobs_due').on(t.state, t.nextAttemptAt), index('print_jobs_checked').on(t.state, t.checkedAt)],
);

/** Payment provider events already handled; written in the same transaction as their effect. */
export const processedPaymentEvents = pgTable('processed_payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner's delivery zones (issue 29, decision 148), in the order shown, replaced as a whole by
 * the Delivery screen. None saved yet: the spec's default (src/shared/delivery-zones.ts).
 */
export const deliveryZones = pgTable('delivery_zones', {
  position: integer('position').primaryKey(),
  name: text('name').notNull(),
  countries: jsonb('countries').notNull().$type<string[]>(),
  firstBookPence: integer('first_book_pence').notNull(),
  eachFurtherBookPence: integer('each_further_book_pence').notNull(),
  freeOverPence: integer('free_over_pence'),
  estimate: text('estimate'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small key/value settings the app keeps itself (e.g. the generated JWT secret on the embedded default). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Rate-limit counters shared by every instance (plugins/rate-limit-store.ts): one row per budget
 * and client (IP, e-mail address) with its hits in the current window. The key is a hash, so no
 * address or IP is kept in clear; expired rows are deleted as the store goes.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at').on(t.resetAt)],
);
