/** SQL for seeding: counting and clearing the catalogue, writing the demo books, the admin account. */
import { and, count, eq, inArray, isNull, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appSettings, cartLines, images, orderItems, productImages, products, users, wishlistEntries } from '../schema';

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

/**
 * Empties the shop for a reset, as the admin's delete does (decision 039): books never sold are
 * deleted (their image links, cart lines and wishlist entries go with them); books that have been
 * sold are archived, kept with their orders and reviews, and leave every cart and wishlist. Image
 * rows nothing uses any more are deleted. Answers how many books left the shop.
 */
export async function deleteCatalogue(tx: Tx): Promise<number> {
  const sold = tx
    .select({ key: orderItems.productKey })
    .from(orderItems)
    .where(eq(orderItems.productKey, products.productKey));
  const deleted = await tx.delete(products).where(notExists(sold)).returning({ id: products.id });
  const archived = await tx
    .update(products)
    .set({ archivedAt: sql`now()` })
    .where(isNull(products.archivedAt))
    .returning({ id: products.id });
  await tx.delete(cartLines);
  await tx.delete(wishlistEntries);
  await tx.delete(images).where(notInArray(images.key, tx.select({ key: productImages.imageKey }).from(productImages)));
  return deleted.length + archived.length;
}

/**
 * Writes the demo books. A demo book whose ID an archived book has (a demo book that was sold and
 * then reset) is that book: it comes back to the shop with the demo fields and images, keeping
 * its key, orders and reviews. An archived book with another ID but a demo book's name stops the
 * reset with a message (names are unique; the admin renames it first).
 */
export async function insertProducts(
  tx: Tx,
  rows: Array<typeof products.$inferInsert & { id: string; name: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  const [clash] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        inArray(
          products.name,
          rows.map((row) => row.name),
        ),
        notInArray(
          products.id,
          rows.map((row) => row.id),
        ),
      ),
    )
    .limit(1);
  if (clash)
    throw new Error(
      `The archived book ${clash.id} is named "${clash.name}", like a demo book. Rename it in the admin, then reset again.`,
    );
  await tx.delete(productImages).where(
    inArray(
      productImages.productId,
      rows.map((row) => row.id),
    ),
  );
  await tx
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({
      target: products.id,
      set: {
        name: sql`excluded.name`,
        type: sql`excluded.type`,
        description: sql`excluded.description`,
        age: sql`excluded.age`,
        pricePence: sql`excluded.price_pence`,
        archivedAt: null,
        updatedAt: sql`now()`,
      },
    });
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
      set: {
        passwordHash,
        role: 'admin',
        verified: true,
        method: null,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      },
    });
}

/** Creates the admin only if the e-mail is free; false when someone else got there first. */
export async function insertAdminIfAbsent(db: Db, email: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .insert(users)
    .values({ email, passwordHash, role: 'admin', verified: true })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length > 0;
}
