/**
 * The owner's dashboard (issue #20, decision 120): how the shop is doing over a period, compared
 * with the period before it. Admin only. The codes sent, and revoking one, are the discounts
 * contract's (contracts/discounts.ts); their list's address stays under the dashboard's.
 *
 * Money: every amount in these answers is in POUNDS (a number with at most two decimals, as the
 * other admin answers: `penceToPounds`); the server sums integer pence in SQL and converts once.
 * Days are UK days (Europe/London, clock changes included); dates are 'YYYY-MM-DD' UK days and
 * times are ISO 8601 instants (UTC).
 *
 * Calls:
 * - GET  /api/admin/dashboard?period=&from=&to=&stale_days=   → dashboardSchema
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { orderStatusSchema, printStateSchema } from './orders';

/** The periods the owner can choose; 30d is the default. */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', '90d', 'year', 'custom'] as const;
export const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d';

/** A custom range is at most this many UK days (three years and a leap day). */
export const DASHBOARD_MAX_DAYS = 1096;
/** A period longer than this many days is charted per week ('week' buckets); up to it, per day. */
export const DASHBOARD_MAX_DAY_BUCKETS = 92;
/** Shipped orders not delivered after this many days are listed (stale_days), by default. */
export const DEFAULT_STALE_DAYS = 7;
/** Lists in the answer are capped at this many entries; their `count` is the whole number. */
export const DASHBOARD_LIST_MAX = 20;
/** Best sellers: this many books by copies and by revenue. */
export const BEST_SELLERS_MAX = 10;
/** The newest reviews shown. */
export const NEWEST_REVIEWS_MAX = 5;
/** A review's excerpt is at most this many characters (cut at a word, with '…'). */
export const REVIEW_EXCERPT_MAX = 200;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A UK day as 'YYYY-MM-DD' that exists in the calendar. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
/**
 * The first and last days a custom period may name. Every instant the dashboard computes from them
 * (the exclusive end, London midnight after `to`; the previous period, up to DASHBOARD_MAX_DAYS
 * before `from`) stays a four-digit year that PostgreSQL's timestamptz and the periods' 'YYYY-MM-DD'
 * arithmetic take: 9999-12-31 made an end in year 10000, which the database refused (a 500). No
 * order of this shop predates 2000, and a day after 2999 is a slip of the keyboard.
 */
export const DASHBOARD_FIRST_DAY = '2000-01-01';
export const DASHBOARD_LAST_DAY = '2999-12-31';
const inDashboardYears = (day: string) => day >= DASHBOARD_FIRST_DAY && day <= DASHBOARD_LAST_DAY;
const isDashboardDay = (text: string) => isCalendarDate(text) && inDashboardYears(text);
const dayInputSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    if (!isCalendarDate(text)) ctx.addIssue({ code: 'custom', message: 'must be a date as YYYY-MM-DD' });
    else if (!inDashboardYears(text))
      ctx.addIssue({ code: 'custom', message: `must be a day from ${DASHBOARD_FIRST_DAY} to ${DASHBOARD_LAST_DAY}` });
  });

/**
 * GET /api/admin/dashboard's query. `period` defaults to 30d. `custom` needs `from` and `to`
 * (UK days from DASHBOARD_FIRST_DAY to DASHBOARD_LAST_DAY, both included, from ≤ to, at most
 * DASHBOARD_MAX_DAYS days); `from`/`to` are refused with any other period. `stale_days`: 1 to 365, default 7. A bad query answers 400 `{ message }`
 * with one sentence naming the problem.
 */
export const dashboardQuerySchema = z
  .object({
    period: dashboardPeriodSchema.optional().default(DEFAULT_DASHBOARD_PERIOD),
    from: dayInputSchema.optional(),
    to: dayInputSchema.optional(),
    stale_days: z.coerce
      .number({ message: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(365, 'must be at most 365')
      .optional()
      .default(DEFAULT_STALE_DAYS),
  })
  .superRefine((query, ctx) => {
    if (query.period !== 'custom') {
      if (query.from !== undefined || query.to !== undefined)
        ctx.addIssue({ code: 'custom', path: ['period'], message: 'must be custom when from and to are given' });
      return;
    }
    if (query.from === undefined)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'is needed for a custom period' });
    if (query.to === undefined)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'is needed for a custom period' });
    // A bad day has its own issue above.
    if (query.from === undefined || query.to === undefined || !isDashboardDay(query.from) || !isDashboardDay(query.to))
      return;
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must make a period of at most ${DASHBOARD_MAX_DAYS} days with from, both included (about three years)`,
      });
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;
export type DashboardQueryInput = z.output<typeof dashboardQuerySchema>;

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A run of UK days, both ends included. */
export const dayRangeSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int() });

/**
 * The period answered. today: today only; 7d/30d/90d: today and the 6/29/89 days before it;
 * year: 1 January (UK) to today; custom: from to to. `previous` is the run of the same number of
 * days just before `from`. `starts_at`/`ends_at` are the instants of the London midnights that
 * bound the period (end exclusive), so a day of a clock change is 23 or 25 hours long.
 */
export const dashboardPeriodAnswerSchema = dayRangeSchema.extend({
  period: dashboardPeriodSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  previous: dayRangeSchema.extend({ starts_at: z.string(), ends_at: z.string() }),
  /** 'day' up to DASHBOARD_MAX_DAY_BUCKETS days, else 'week' (Monday to Sunday; the first and last may be cut by the period). */
  bucket: z.enum(['day', 'week']),
  /** Always 'Europe/London'. */
  time_zone: z.string(),
  /** The shipped-but-not-delivered threshold used, in days. */
  stale_days: z.number().int(),
});
export type DashboardPeriodAnswer = z.infer<typeof dashboardPeriodAnswerSchema>;

/**
 * The figures of one period. Sales are every order made in it (an order exists only once paid;
 * decision 120) that still counts as a sale (`countsAsSale`: a cancelled order does not; decision
 * 138); money returned is `refunds`, by the day it was refunded. Pounds.
 */
export const dashboardFiguresSchema = z.object({
  /** What customers paid: after discount codes, shipping included (sum of order totals; cancelled orders left out). */
  revenue: z.number(),
  /** Refunds made in the period (pending and succeeded, whatever order they belong to, cancelled ones included). */
  refunds: z.number(),
  /** revenue − refunds of the period (decision 138). */
  net_revenue: z.number(),
  /** After discount codes, shipping left out (total − shipping). */
  revenue_without_shipping: z.number(),
  /** Shipping charged. */
  shipping: z.number(),
  /** Taken off by discount codes. */
  discounts: z.number(),
  orders: z.number().int(),
  /** Copies sold (sum of line quantities). */
  books_sold: z.number().int(),
  /** revenue / orders, to the penny (half up); null without orders. */
  average_order_value: z.number().nullable(),
  /** E-mail addresses (account or guest) whose first order ever was made in this period. */
  new_customers: z.number().int(),
  /** Orders made without an account (no user id). */
  guest_orders: z.number().int(),
  /** guest_orders / orders, 0 to 1 (4 decimals); null without orders. */
  guest_share: z.number().nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** One bucket of the chart: a day, or a week cut to the period; zero-filled (every bucket is there). */
export const dashboardBucketSchema = z.object({
  /** First UK day of the bucket (inside the period). */
  from: z.string(),
  /** Last UK day of the bucket (inside the period). */
  to: z.string(),
  /** Pounds, after discounts, shipping included. */
  revenue: z.number(),
  orders: z.number().int(),
});
export type DashboardBucket = z.infer<typeof dashboardBucketSchema>;

/** A book in a best-seller list: its current ID and name (as bought when the book is gone), cover, and figures for the period. */
export const bestSellerSchema = z.object({
  /** The book's current ID (for the edit link); the ID it was bought under when the book no longer exists. */
  product_id: z.string(),
  name: z.string(),
  /** Path of its first image, null without one. */
  image: z.string().nullable(),
  /** False when the book was deleted (archived) or no longer exists: no edit link. */
  on_sale: z.boolean(),
  copies: z.number().int(),
  /** Pounds: unit price paid × copies, before any discount code (codes apply to the order). */
  revenue: z.number(),
});
export type BestSeller = z.infer<typeof bestSellerSchema>;

export const unsoldBookSchema = z.object({ product_id: z.string(), name: z.string(), image: z.string().nullable() });

/** An order the owner should look at. */
export const attentionOrderSchema = z.object({
  order_id: z.string(),
  /** ISO instant the order was made. */
  date: z.string(),
  email: z.string(),
  status: orderStatusSchema,
  /** Pounds. */
  total: z.number(),
  /** ISO instant since when it waits: the print job's last change, or when it was marked Shipped. */
  since: z.string(),
  /** The print state (null when orders go to the printer by hand). */
  print_state: printStateSchema.nullable(),
  /** Why the owner is needed (the print job's problem), null when not said. */
  problem: z.string().nullable(),
});
export type AttentionOrder = z.infer<typeof attentionOrderSchema>;
const attentionListSchema = z.object({ count: z.number().int(), orders: z.array(attentionOrderSchema) });

export const dashboardReviewSchema = z.object({
  id: z.string(),
  /** The book's current ID (its page's link). */
  product_id: z.string(),
  product_name: z.string(),
  rating: z.number().int(),
  excerpt: z.string(),
  /** ISO instant. */
  date: z.string(),
});

/**
 * Delivery of the period's orders in one zone (decision 150): what customers paid for it, and for
 * the orders the printer answered a delivery cost (in GBP), what was charged on those and what the
 * printer charged. Pounds.
 */
export const deliveryByZoneSchema = z.object({
  zone: z.string(),
  orders: z.number().int(),
  charged: z.number(),
  orders_with_printer_cost: z.number().int(),
  charged_on_those: z.number(),
  printer_charged: z.number(),
});
export type DeliveryByZone = z.infer<typeof deliveryByZoneSchema>;

/** GET /api/admin/dashboard. */
export const dashboardSchema = z.object({
  period: dashboardPeriodAnswerSchema,
  figures: z.object({ current: dashboardFiguresSchema, previous: dashboardFiguresSchema }),
  /** Every bucket of the period, oldest first, zero-filled. */
  series: z.array(dashboardBucketSchema),
  best_sellers: z.object({
    /** Most copies first (ties: more revenue, then name). At most BEST_SELLERS_MAX. */
    by_copies: z.array(bestSellerSchema),
    /** Most revenue first (ties: more copies, then name). At most BEST_SELLERS_MAX. */
    by_revenue: z.array(bestSellerSchema),
    /** Books on sale now with no copy sold in the period: the whole number, and the first DASHBOARD_LIST_MAX by name. */
    unsold: z.object({ count: z.number().int(), books: z.array(unsoldBookSchema) }),
  }),
  /** Orders made in the period by their status now, every status in the table's order (zeros included). */
  orders_by_status: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  /** What needs the owner now (whatever the period); each list oldest first, at most DASHBOARD_LIST_MAX. */
  attention: z.object({
    /** Orders whose print job waits to be sent (or sent again) to the printer: print state 'queued', past the customer's cancel window. */
    waiting_for_printer: attentionListSchema,
    /** Orders whose print job needs the owner (print state 'needs attention'). */
    print_needs_attention: attentionListSchema,
    /** Orders still Printing whose paid checkout came without an address. */
    address_missing: attentionListSchema,
    /** Orders Shipped (and not Delivered) more than stale_days days ago; `since` is when they were marked Shipped. */
    shipped_not_delivered: attentionListSchema,
    /** Orders whose customer reported a problem that is still open (decision 144), oldest report first. */
    problems_reported: attentionListSchema,
  }),
  /** Replacements made in the period (decision 142): never sales; how many and what the printer charged (pounds). */
  replacements: z.object({ count: z.number().int(), printer_cost: z.number() }),
  discount_codes: z.object({
    /** Orders of the period that used a code, and their revenue (pounds, shipping included / left out) and the discount given. */
    orders: z.number().int(),
    revenue: z.number(),
    revenue_without_shipping: z.number(),
    discounts: z.number(),
    /** Every code ever sent, by state now. */
    sent: z.number().int(),
    unused: z.number().int(),
    used: z.number().int(),
    expired: z.number().int(),
    revoked: z.number().int(),
  }),
  reviews: z.object({
    /** Every published review (not held or hidden, decision 151): the mean rating (2 decimals) and count; null average without reviews. */
    average_rating: z.number().nullable(),
    count: z.number().int(),
    /** Reviews written in the period. */
    in_period: z.number().int(),
    /** The newest NEWEST_REVIEWS_MAX published reviews, newest first. */
    newest: z.array(dashboardReviewSchema),
  }),
  /** The period's delivery by zone, most charged first (decision 150). */
  delivery_by_zone: z.array(deliveryByZoneSchema),
  /** ISO instant the answer was made: the same answer is reused for one query for up to DASHBOARD_CACHE_SECONDS (30 s by default; decision 120). */
  generated_at: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The statuses in the order orders_by_status lists them. */
export const DASHBOARD_STATUSES = ORDER_STATUSES;

/*
 * Backups (issue 31, decision 134), admin only:
 * - GET  /api/admin/backups → backupListSchema (the backups in BACKUP_DIR, newest first, and the state of the schedule)
 * - POST /api/admin/backups → 201 backupMadeSchema (409 while one is being made, 503 backups not set up
 *   or the backup failed: `{ message }`, the owner is mailed)
 */

/** What a backup holds, written into it as manifest.json: enough to know it without opening the database. */
export const backupManifestSchema = z.object({
  format: z.literal('book-shop-backup'),
  format_version: z.literal(1),
  /** The backup's point in time: what the database held then is in it. */
  created_at: z.string(),
  shop_version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The last migration applied in the backed-up database: a restore refuses a level the code does not know. */
  migration: z.object({ count: z.number().int(), last: z.string().nullable(), last_at: z.number().nullable() }),
  counts: z.object({
    orders: z.number().int(),
    products: z.number().int(),
    users: z.number().int(),
    images: z.number().int(),
  }),
  /** Image files (originals) in the backup; false when images live in S3 (the operator's bucket, not backed up here). */
  images_included: z.boolean(),
  image_files: z.number().int(),
  entries: z.array(z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string() })),
  /** SHA-256 of the rest of the manifest (its JSON with sorted keys), which lists each entry's size and SHA-256. */
  checksum: z.string(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const backupFileSchema = z.object({
  file: z.string(),
  bytes: z.number().int(),
  /** Checked when written: checksums and the database opens. Only verified files get a backup's name. */
  verified: z.boolean(),
  /** Why the file cannot be read, when it cannot. */
  problem: z.string().nullable(),
  manifest: backupManifestSchema.nullable(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const backupListSchema = z.object({
  /** False when BACKUP_DIR is not set: the shop makes no backups. */
  enabled: z.boolean(),
  every_hours: z.number().nullable(),
  keep: z.number().int().nullable(),
  /** The newest verified backup's time, or null when there is none. */
  last_good_at: z.string().nullable(),
  /** True when there is no good backup younger than twice the interval. */
  overdue: z.boolean(),
  /** The last failed attempt, when it came after the last good backup. */
  last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** A backup is being made now (by this instance). */
  running: z.boolean(),
  backups: z.array(backupFileSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupMadeSchema = z.object({
  message: z.string(),
  file: z.string(),
  bytes: z.number().int(),
  manifest: backupManifestSchema,
});
export type BackupMade = z.infer<typeof backupMadeSchema>;
