/**
 * The shop's one database schema. Money is integer pence; times are timestamptz (UTC).
 * After changing this file run `npm run db:generate` and commit the new migration.
 */
import { isNull, sql } from 'drizzle-orm';
import { PRODUCT_AGES } from '@shared/constants';
import { ORDER_KINDS, PRINT_JOB_STATES, PROBLEM_REASONS, REFUND_BY, REFUND_STATES } from '@shared/contracts/orders';
import { REVIEW_ACTIONS, REVIEW_STATES } from '@shared/contracts/reviews';
import type { DeliveryAddress } from '@shared/delivery-address';
import { INITIAL_ORDER_STATUS, ORDER_STATUSES } from '@shared/order-status';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
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

/**
 * The books of the shop: not archived (decision 039). Every read a shopper's call makes (the
 * catalogue and its cache, one product, carts, wishlists, checkout, reviews) keeps to these; the
 * search function has the same condition in SQL (migrations product_keys, search_returns_ids).
 * Here beside the table, since the products' and the reviews' queries both join on it (decision 135).
 */
export const productOnSale = isNull(products.archivedAt);

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
    /** `restrict`: deleting an account deletes its basket first, on purpose (flows/erase-personal-data.ts). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
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
    /** `restrict`: deleting an account deletes its wishlist first, on purpose. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
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
    /**
     * The customer asked to be forgotten while the order was on its way (decision 145): its name,
     * address, phone and e-mail are redacted as soon as it reaches a final status.
     */
    redactWhenFinal: boolean('redact_when_final').notNull().default(false),
    /** When its name, address, phone and e-mail were redacted (erasure or retention); the money record stays. */
    personalDataRedactedAt: timestamp('personal_data_redacted_at', { withTimezone: true }),
    /**
     * Until when the print job is held so the order can be cancelled for free (PRINT_HOLD_MINUTES
     * after payment, decision 137); "Send to printer now" sets it to then. Null on orders made
     * before the hold existed (never held).
     */
    printHoldUntil: timestamp('print_hold_until', { withTimezone: true }),
    /** When the order was cancelled (status Cancelled). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the payment provider reported a dispute (chargeback) on the payment. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** A sale, or a free replacement of some of another order's books (decision 142): never counted as a sale. */
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('sale'),
    /** The order a replacement replaces books of; null for a sale. */
    parentOrderId: uuid('parent_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** Why a replacement was sent (REPLACEMENT_REASONS); null for a sale. */
    replacementReason: text('replacement_reason'),
    /**
     * The first sale order ever made with this e-mail address (by created_at, then id): the
     * dashboard's new customers are these, counted per day (decision 158). Kept by the database's
     * triggers (migration 0022), never written by the shop's code.
     */
    firstSale: boolean('first_sale').notNull().default(false),
    /**
     * When the order moved into its present status: the history line of that move's moment. Kept by
     * the database's trigger on order_status_changes (migration 0024, decision 171), never written by
     * the shop's code; the dashboard's "in transit for more than N days" is an index range on it.
     */
    statusSince: timestamp('status_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_checkout_session_unique').on(t.checkoutSessionId),
    index('orders_parent').on(t.parentOrderId),
    index('orders_user_created').on(t.userId, t.createdAt),
    // A payment provider's refund or dispute event names the payment (issue 26).
    index('orders_payment_ref').on(t.paymentRef),
    // The admin's overview: newest first, by keyset (created_at, id), with or without a status.
    index('orders_created_id').on(t.createdAt, t.id),
    index('orders_status_created_id').on(t.status, t.createdAt, t.id),
    // The dashboard's orders in transit since before a moment (decision 171).
    index('orders_status_since_id').on(t.status, t.statusSince, t.id),
    // The dashboard's new customers (decision 120): has this address ordered before the period?
    index('orders_email_created').on(t.email, t.createdAt),
    // Finding the order flagged first_sale of an address when another becomes its first (decision 158).
    index('orders_first_sale_email')
      .on(t.email)
      .where(sql`${t.firstSale}`),
    // The dashboard's "address missing" list: the few orders still waiting for an address.
    index('orders_address_missing_created')
      .on(t.createdAt)
      .where(sql`${t.addressMissing}`),
  ],
);

/**
 * The dashboard's figures per UK day (decision 158): sums over the orders made on that day
 * (`(created_at at time zone 'Europe/London')::date`), by the order's raw status, kind and
 * delivery zone, with their lines' copies and their print job's costs. Kept in the transaction of
 * every change to orders, order_items and print_jobs by the triggers of migration 0022, never
 * written by the shop's code; a row whose orders are all gone is deleted. The read side decides
 * which statuses count as a sale (src/shared/order-status.ts), so no status name is in the SQL.
 */
export const orderDayFigures = pgTable(
  'order_day_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    /** orders.delivery_zone: null for orders made before zones. */
    zone: text('zone'),
    orders: integer('orders').notNull().default(0),
    totalPence: bigint('total_pence', { mode: 'number' }).notNull().default(0),
    shippingPence: bigint('shipping_pence', { mode: 'number' }).notNull().default(0),
    discountPence: bigint('discount_pence', { mode: 'number' }).notNull().default(0),
    /** Orders without an account (user_id null). */
    guestOrders: integer('guest_orders').notNull().default(0),
    /** Orders with a discount code, and their sums. */
    codeOrders: integer('code_orders').notNull().default(0),
    codeTotalPence: bigint('code_total_pence', { mode: 'number' }).notNull().default(0),
    codeShippingPence: bigint('code_shipping_pence', { mode: 'number' }).notNull().default(0),
    codeDiscountPence: bigint('code_discount_pence', { mode: 'number' }).notNull().default(0),
    /** Orders flagged first_sale: their address's first sale order. */
    newCustomers: integer('new_customers').notNull().default(0),
    /** Copies in the orders' lines. */
    copies: bigint('copies', { mode: 'number' }).notNull().default(0),
    /** Orders whose print job has a delivery cost in GBP, what they charged for delivery, and that cost. */
    costedOrders: integer('costed_orders').notNull().default(0),
    costedShippingPence: bigint('costed_shipping_pence', { mode: 'number' }).notNull().default(0),
    dispatchCostPence: bigint('dispatch_cost_pence', { mode: 'number' }).notNull().default(0),
    /** What the printer charged for the orders' print jobs (any currency, as the replacements' figure sums it). */
    printCostPence: bigint('print_cost_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('order_day_figures_key').on(t.day, t.status, t.kind, t.zone).nullsNotDistinct()],
);

/**
 * Copies and revenue per book, per UK day and per UK month (decision 158), by the order's raw status
 * and kind: best sellers and unsold books read a year as twelve months and the days at its edges.
 * A book is its stable key; lines without one (books deleted before keys) keep the ID and name
 * they were bought under. Kept by the same triggers as order_day_figures.
 */
export const bookSaleFigures = pgTable(
  'book_sale_figures',
  {
    /** 'day' or 'month'. */
    span: text('span', { enum: ['day', 'month'] }).notNull(),
    /** The day, or the first day of the month. */
    starts: date('starts', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    productKey: uuid('product_key'),
    /** Only for lines without a product key: the ID and name bought ('' otherwise). */
    productId: text('product_id').notNull().default(''),
    name: text('name').notNull().default(''),
    lines: integer('lines').notNull().default(0),
    copies: bigint('copies', { mode: 'number' }).notNull().default(0),
    revenuePence: bigint('revenue_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('book_sale_figures_key')
      .on(t.span, t.starts, t.status, t.kind, t.productKey, t.productId, t.name)
      .nullsNotDistinct(),
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
    /** What happened besides a status move (a refund, a dispute, a cancel the printer refused), in words for the owner. */
    event: text('event'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_changes_order').on(t.orderId, t.createdAt)],
);

/**
 * An order's refunds (issue 26, decision 138). The id is ours and is the idempotency key sent to
 * the payment provider, so a retried request or a crash after the call makes one refund. Pending
 * and succeeded refunds count against what was paid; the order's payment state is derived from
 * them. A refund made in Stripe's dashboard is recorded from its event (by 'stripe_dashboard').
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    /** The copies refunded: [{ product_id, qty }] (empty for shipping or an amount alone). */
    lines: jsonb('lines').$type<Array<{ product_id: string; qty: number }>>().notNull().default([]),
    shipping: boolean('shipping').notNull().default(false),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    by: text('by', { enum: REFUND_BY }).notNull(),
    /** The admin's e-mail for a refund by the owner. */
    byEmail: text('by_email'),
    state: text('state', { enum: REFUND_STATES }).notNull().default('pending'),
    /** The provider's refund id (Stripe's re_…); 'demo' for the demo provider. */
    providerRefundId: text('provider_refund_id'),
    /** Why it failed, in the provider's words. */
    failure: text('failure'),
    /** Mail the customer when it succeeds. */
    notify: boolean('notify').notNull().default(true),
    /**
     * When its outcome (history line, customer's or owner's mail) was recorded: once, by whichever
     * comes first of our request's answer, the provider's event and the check of unanswered
     * refunds (decision 163).
     */
    outcomeRecordedAt: timestamp('outcome_recorded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_created').on(t.orderId, t.createdAt),
    // The dashboard's refunds of a period.
    index('refunds_created').on(t.createdAt),
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountPence} > 0`),
  ],
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
    /**
     * The reviewer; null once the reviewer deleted their account and chose to keep the review,
     * shown as "A customer" (decision 145). `restrict`: deleting an account never takes its
     * reviews silently; the erasure flow deletes or detaches them first.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    /**
     * Who sees it (decision 151): `published` everyone; `held` by the owner's holding rules, its
     * author and the owner only until approved; `hidden` by the owner, the owner only.
     */
    state: text('state', { enum: REVIEW_STATES }).notNull().default('published'),
    /** The shop's public answer, shown under the review; null when none. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Shoppers' reports since the owner last decided (hid it, or kept it with approve). */
    openReports: integer('open_reports').notNull().default(0),
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

/**
 * A review's own history (decision 151): held by a rule, hidden and shown again with the owner's
 * reason, approved, replied to, reported. Who: the admin's e-mail, `rules` or `shopper`.
 */
export const reviewHistory = pgTable(
  'review_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    action: text('action', { enum: REVIEW_ACTIONS }).notNull(),
    reason: text('reason').notNull().default(''),
    by: text('by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_history_review').on(t.reviewId, t.createdAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    orderRef: text('order_ref').notNull().default(''),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  // A privacy request finds an address's messages; the retention job deletes the oldest.
  (t) => [index('contact_messages_email').on(t.email), index('contact_messages_created').on(t.createdAt)],
);

/**
 * Single-use tokens (e-mail verification, password reset, admin login). Only a hash of the
 * secret is stored. For the admin login, `pairHash` is the hash of the browser-bound half.
 */
export const singleUseTokens = pgTable(
  'single_use_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['verify_email', 'password_reset', 'admin_login', 'delete_account'] }).notNull(),
    /** Credentials of the account only: they go with it (`cascade`). */
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
    /**
     * The address was erased after this mail was queued (the erasure's own confirmation, a status
     * mail of an order still on its way): once delivered, its address and bodies are wiped.
     */
    eraseAfterSend: boolean('erase_after_send').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('outgoing_mail_pending').on(t.status, t.nextAttemptAt),
    index('outgoing_mail_to').on(t.to),
    index('outgoing_mail_created').on(t.createdAt),
  ],
);

/**
 * Every privacy export and erasure (issue 28, decision 145): who asked, when, and the address as a
 * SHA-256 hash, never the address or the data itself. Kept as proof that a request was answered.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['export', 'erase'] }).notNull(),
    /** 'customer' for the customer's own request; the owner's e-mail address for the owner's. */
    requestedBy: text('requested_by').notNull(),
    emailHash: text('email_hash').notNull(),
    /** What was found or erased, in counts only ({ orders: 2, reviews: 1, … }). */
    counts: jsonb('counts').notNull().$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_created').on(t.createdAt, t.id)],
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
    /**
     * The last submission's outcome is not known (the partner's answer was uncertain, or the shop
     * stopped mid-call): the partner may hold the order. A cancel is refused until the owner checks
     * (decision 137); sending it again clears it.
     */
    outcomeUnknown: boolean('outcome_unknown').notNull().default(false),
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

/**
 * What happened to an order besides its status (decision 143): the owner's private notes, address
 * corrections, replacements sent, problems reported and closed. The owner's only: no customer
 * answer or mail reads this table.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['note', 'address_corrected', 'replacement_sent', 'problem_reported', 'problem_closed'],
    }).notNull(),
    text: text('text').notNull(),
    /** Who: an admin's e-mail, or the customer's ('customer <e-mail>'). */
    by: text('by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.createdAt)],
);

/** A problem the customer reported with a delivered or shipped order (decision 144): one open at a time per order. */
export const orderProblems = pgTable(
  'order_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: PROBLEM_REASONS }).notNull(),
    message: text('message').notNull(),
    /** The photos' image keys (the image pipeline's, content-addressed), at most 3. */
    photoKeys: jsonb('photo_keys').$type<string[]>().notNull().default([]),
    /** The address that reported it (the order's customer). */
    reportedBy: text('reported_by').notNull(),
    /** Set when the owner closes it: by a replacement, a refund or a note. */
    closedHow: text('closed_how', { enum: ['replacement', 'refund', 'note'] }),
    closedNote: text('closed_note'),
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_problems_one_open')
      .on(t.orderId)
      .where(sql`${t.closedAt} is null`),
    index('order_problems_open_created')
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null`),
  ],
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
