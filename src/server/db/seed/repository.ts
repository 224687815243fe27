/** SQL for seeding: counting and clearing the catalogue, writing the demo books, the admin account. */
import { count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appSettings, images, productImages, products, users } from '../schema';

/** Seeding at the same moment from two instances: the second waits, then finds the books there. */
const SEED_LOCK_ID = 727_001;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function productCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/** app_settings key written when the demo catalogue is first seeded (or found there), never removed. */
const DEMO_SEEDED_KEY = 'demo_catalogue_seeded';

/**
 * Whether this database had its first-start seed already: marked when the demo books were written,
 * or when books were found (a database from before the mark, or a catalogue made some other way).
 */
export async function demoSeedDone(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, DEMO_SEEDED_KEY));
  return row !== undefined;
}

export async function markDemoSeedDone(db: Db | Tx): Promise<void> {
  await db.insert(appSettings).values({ key: DEMO_SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
}

export async function lockForSeeding(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
}

/** Deletes every product (their images links, cart lines, wishlist entries and reviews go with them) and the image rows nothing uses any more. */
export async function deleteCatalogue(tx: Tx): Promise<number> {
  const deleted = await tx.delete(products).returning({ id: products.id });
  await tx.delete(images).where(notInArray(images.key, tx.select({ key: productImages.imageKey }).from(productImages)));
  return deleted.length;
}

export async function insertProducts(tx: Tx, rows: Array<typeof products.$inferInsert>): Promise<void> {
  if (rows.length) await tx.insert(products).values(rows);
}

export async function insertProductImages(tx: Tx, rows: Array<typeof productImages.$inferInsert>): Promise<void> {
  if (rows.length) await tx.insert(productImages).values(rows);
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function anyAdminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return Boolean(row);
}

/**
 * Creates the admin, or makes an existing account with that e-mail an admin with this password hash
 * (ending that account's sessions, as any password change does: decisions/083).
 */
export async function upsertAdmin(db: Db, email: string, passwordHash: string): Promise<void> {
  await db
    .insert(users)
    .values({ email, passwordHash, role: 'admin', verified: true })
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash, role: 'admin', verified: true, method: null, sessionVersion: sql`${users.sessionVersion} + 1` },
    });
}

/** Creates the admin only if the e-mail is free; false when someone else got there first. */
export async function insertAdminIfAbsent(db: Db, email: string, passwordHash: string): Promise<boolean> {
  const rows = await db.insert(users).values({ email, passwordHash, role: 'admin', verified: true }).onConflictDoNothing().returning({ id: users.id });
  return rows.length > 0;
}
