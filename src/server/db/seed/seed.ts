/**
 * Demo data: the catalogue seeded into an empty database on first start, and the admin account.
 *
 *   await seedOnFirstStart(app.ctx);                  // main.ts: admin account, then the catalogue if empty
 *   await seedDemoCatalogue(ctx, { reset: true });    // npm run seed -- --reset
 *
 * Covers are drawn as SVG and rendered with sharp (./covers.ts), then stored through the image
 * service like any upload. See docs/decisions/062-demo-catalogue-seed.md.
 */
import { randomInt } from 'node:crypto';
import { isValidPassword, normaliseEmail } from '@shared/validation';
import type { AppContext } from '../../context';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { prepareImage, recordImages, type ImageRecord } from '../../modules/images';
import { DEMO_BOOKS, type DemoBook } from './catalogue';
import { bookImageSvgs, renderSvg } from './covers';
import {
  anyAdminExists,
  deleteCatalogue,
  demoSeedDone,
  findUserByEmail,
  insertAdminIfAbsent,
  insertProductImages,
  insertProducts,
  lockForSeeding,
  markDemoSeedDone,
  productCount,
  upsertAdmin,
} from './repository';

export type SeedContext = Pick<AppContext, 'database' | 'images' | 'config'> & { log: SeedLog };
export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Not `admin@localhost`: the sign-in form's e-mail rule (spec: an @ and a dot) would refuse it.
 * `.localhost` is a reserved name (RFC 6761), so this address can never belong to anyone.
 */
export const GENERATED_ADMIN_EMAIL = 'admin@shop.localhost';
/** Books rendered at once: sharp uses libuv's 4 threads; more only queues. */
const RENDER_CONCURRENCY = 4;

/** The admin account as this start left it; null when an admin already existed (and ADMIN_EMAIL is unset). */
export type AdminAtStart = NonNullable<Awaited<ReturnType<typeof ensureAdminAccount>>>;

/** The admin account, then the demo catalogue if the shop is empty; main.ts prints the admin's login at the end of start-up. */
export async function seedOnFirstStart(ctx: AppContext): Promise<{ admin: AdminAtStart | null }> {
  const seedCtx: SeedContext = { ...ctx, log: { info: (m) => ctx.log.info(m), warn: (m) => ctx.log.warn(m) } };
  const admin = await ensureAdminAccount(seedCtx);
  if (ctx.config.SEED_DEMO) await seedDemoCatalogue(seedCtx);
  return { admin };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export interface SeedResult {
  seeded: boolean;
  products: number;
  images: number;
  deleted: number;
  ms: number;
}

/**
 * Seeds the demo catalogue on a database's first start: when it has no products and was never
 * seeded (or, with `reset`, after emptying the shop with `deleteCatalogue`). Image bytes are
 * rendered and stored first; the rows are written in one transaction.
 */
export async function seedDemoCatalogue(
  ctx: SeedContext,
  options: { reset?: boolean; books?: readonly DemoBook[] } = {},
): Promise<SeedResult> {
  const started = Date.now();
  const { db } = ctx.database;
  const books = options.books ?? DEMO_BOOKS;
  const skipped = (deleted = 0): SeedResult => ({
    seeded: false,
    products: 0,
    images: 0,
    deleted,
    ms: Date.now() - started,
  });
  if (!options.reset && (await firstStartIsPast(db))) return skipped();

  const rendered = await mapLimit(books, RENDER_CONCURRENCY, async (book) => {
    const records: ImageRecord[] = [];
    for (const svg of bookImageSvgs(book, ctx.config.SHOP_NAME))
      records.push(await prepareImage(ctx, await renderSvg(svg)));
    return { book, records };
  });

  const result = await db.transaction(async (tx) => {
    await lockForSeeding(tx);
    let deleted = 0;
    if (options.reset) deleted = await deleteCatalogue(tx);
    else if (await firstStartIsPast(tx)) return null; // another instance seeded while we rendered
    await markDemoSeedDone(tx);
    const uniqueImages = new Map(
      rendered.flatMap(({ records }) => records.map((record) => [record.key, record] as const)),
    );
    await recordImages(tx, [...uniqueImages.values()]);
    await insertProducts(
      tx,
      rendered.map(({ book }) => ({
        id: book.id,
        name: book.name,
        type: book.type,
        age: book.age,
        description: book.description,
        pricePence: book.pricePence,
      })),
    );
    await insertProductImages(
      tx,
      rendered.flatMap(({ book, records }) =>
        records.map((record, position) => ({ productId: book.id, position, imageKey: record.key })),
      ),
    );
    return { deleted, images: uniqueImages.size };
  });
  if (!result) return skipped();
  const outcome = {
    seeded: true,
    products: books.length,
    images: result.images,
    deleted: result.deleted,
    ms: Date.now() - started,
  };
  ctx.log.info(
    `Demo catalogue seeded: ${outcome.products} books, ${outcome.images} images in ${outcome.ms} ms${outcome.deleted ? ` (${outcome.deleted} products removed from the shop first: deleted, or archived when sold)` : ''}`,
  );
  return outcome;
}

/**
 * The demo books are written once per database: not when it has books, and not again after the
 * owner deleted them all (a shop emptied on purpose stays empty across restarts). A database that
 * has books but no mark (seeded before the mark existed) is marked now.
 */
async function firstStartIsPast(db: Parameters<typeof productCount>[0]): Promise<boolean> {
  if (await demoSeedDone(db)) return true;
  if ((await productCount(db)) === 0) return false;
  await markDemoSeedDone(db);
  return true;
}

/** A password the shop's own rule accepts: 16 letters and digits, at least one of each. */
export function generatePassword(length = 16): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const digits = '23456789';
  const all = letters + digits;
  for (;;) {
    const password = Array.from({ length }, () => all[randomInt(all.length)]).join('');
    if (/\d/.test(password) && /[A-Za-z]/.test(password)) return password;
  }
}

/**
 * The admin account. With ADMIN_EMAIL/ADMIN_PASSWORD: that account exists, is an admin, is
 * verified and has that password. Without them, and with no admin at all: admin@shop.localhost with
 * a generated password, returned once (never stored in clear, never logged here): the caller shows
 * it once (main.ts, at the end of start-up: adminCreatedNotice).
 */
export async function ensureAdminAccount(
  ctx: SeedContext,
): Promise<{ email: string; created: boolean; generatedPassword?: string } | null> {
  const { db } = ctx.database;
  const cost = ctx.config.PASSWORD_HASH_COST;
  if (ctx.config.ADMIN_EMAIL && ctx.config.ADMIN_PASSWORD) {
    const email = normaliseEmail(ctx.config.ADMIN_EMAIL);
    const password = ctx.config.ADMIN_PASSWORD;
    if (!isValidPassword(password))
      ctx.log.warn(
        'ADMIN_PASSWORD does not follow the shop password rule (6+ letters and digits, one digit at least); it is used anyway.',
      );
    const existing = await findUserByEmail(db, email);
    const upToDate =
      existing?.role === 'admin' &&
      existing.verified &&
      existing.passwordHash &&
      (await verifyPassword(password, existing.passwordHash));
    if (upToDate) return { email, created: false };
    await upsertAdmin(db, email, await hashPassword(password, cost));
    ctx.log.info(`Admin account ${existing ? 'updated' : 'created'} from ADMIN_EMAIL: ${email}`);
    return { email, created: !existing };
  }
  if (await anyAdminExists(db)) return null;
  const password = generatePassword();
  const hash = await hashPassword(password, cost);
  const existing = await findUserByEmail(db, GENERATED_ADMIN_EMAIL);
  if (existing) await upsertAdmin(db, GENERATED_ADMIN_EMAIL, hash);
  else if (!(await insertAdminIfAbsent(db, GENERATED_ADMIN_EMAIL, hash))) return null; // another instance made it
  ctx.log.info(`Admin account created: ${GENERATED_ADMIN_EMAIL} (its password is shown once, at the end of start-up)`);
  return { email: GENERATED_ADMIN_EMAIL, created: true, generatedPassword: password };
}

/** Where the admin's mailed sign-in link (the second step of an admin login) can be read. */
export function adminLinkNote(config: Pick<SeedContext['config'], 'SMTP_URL' | 'PUBLIC_URL'>): string {
  return config.SMTP_URL
    ? 'The admin sign-in link is e-mailed, and this address cannot receive mail: set ADMIN_EMAIL to a real address.'
    : `The admin sign-in link arrives at ${config.PUBLIC_URL}/dev/mailbox.`;
}

/** The one line a JSON log gets for a generated admin: its e-mail and password, shown this once. */
export function adminCreatedNotice(
  email: string,
  password: string,
  config: Pick<SeedContext['config'], 'SMTP_URL' | 'PUBLIC_URL'>,
): string {
  return `ADMIN ACCOUNT CREATED: e-mail ${email}  password ${password}  (shown only this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own). ${adminLinkNote(config)}`;
}
