/**
 * The reads and writes of the catalogue's spreadsheet (decision 153): books in keyset batches for
 * the export, the books a file names for the import, and the import's writes in the caller's
 * transaction, in batches (one statement per 500 books, not one per book).
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { images, productImages, products } from '../../../../db/schema';
import type { ProductFields } from '@shared/contracts/products';
import { imageKeysColumn, productColumns, toColumns } from '../../repository';

/** A stored book as the spreadsheet shows it: its fields, its image keys in slot order, and whether it is archived. */
export type StoredBook = ProductFields & { imageKeys: string[]; archived: boolean };

const bookColumns = {
  ...productColumns,
  imageKeys: imageKeysColumn,
  archivedAt: products.archivedAt,
  createdAt: products.createdAt,
};

type BookRow = ProductFields & { imageKeys: string[] | null; archivedAt: Date | null; createdAt: Date };
const toBook = ({ imageKeys, archivedAt, createdAt: _, ...fields }: BookRow): StoredBook => ({
  ...fields,
  imageKeys: imageKeys ?? [],
  archived: archivedAt !== null,
});

export interface ExportCursor {
  createdAt: Date;
  id: string;
}

/** One batch of books in shop order (oldest first), after `cursor`; archived ones too when asked. */
export async function exportBatch(
  db: Db,
  cursor: ExportCursor | null,
  options: { includeArchived: boolean; limit: number },
): Promise<{ books: StoredBook[]; next: ExportCursor | null }> {
  const rows = (await db
    .select(bookColumns)
    .from(products)
    .where(
      and(
        options.includeArchived ? undefined : isNull(products.archivedAt),
        cursor
          ? or(
              gt(products.createdAt, cursor.createdAt),
              and(eq(products.createdAt, cursor.createdAt), gt(products.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(options.limit)) as BookRow[];
  const last = rows.at(-1);
  return {
    books: rows.map(toBook),
    next: last && rows.length === options.limit ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

const BATCH = 500;
const inBatches = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/** The stored books (archived too) with these IDs, by ID. */
export async function booksByIds(db: Db, ids: readonly string[]): Promise<Map<string, StoredBook>> {
  const found = new Map<string, StoredBook>();
  for (const batch of inBatches(ids)) {
    const rows = (await db
      .select(bookColumns)
      .from(products)
      .where(inArray(products.id, [...batch]))) as BookRow[];
    for (const row of rows) found.set(row.id, toBook(row));
  }
  return found;
}

/** The books (archived too) that hold one of these names: name → { id, archived }. */
export async function holdersOfNames(
  db: Db,
  names: readonly string[],
): Promise<Map<string, { id: string; archived: boolean }>> {
  const found = new Map<string, { id: string; archived: boolean }>();
  for (const batch of inBatches(names)) {
    const rows = await db
      .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
      .from(products)
      .where(inArray(products.name, [...batch]));
    for (const row of rows) found.set(row.name, { id: row.id, archived: row.archivedAt !== null });
  }
  return found;
}

/** Which of these image keys the shop already has (recorded, original stored). */
export async function knownImageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of inBatches(keys)) {
    const rows = await db
      .select({ key: images.key })
      .from(images)
      .where(inArray(images.key, [...batch]));
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** New books, in batches. */
export async function insertBooks(db: Db, books: readonly ProductFields[]): Promise<void> {
  for (const batch of inBatches(books)) await db.insert(products).values(batch.map(toColumns));
}

/**
 * Changed books: each one's fields as the import made them (the book keeps its key; images are
 * set below). One statement per batch (`update … from (values …)`): a statement per book costs
 * several milliseconds each on PGlite.
 */
export async function updateBooks(db: Db, books: readonly ProductFields[]): Promise<void> {
  if (books.length === 0) return;
  const keys = Object.keys(toColumns(books[0]!)) as Array<keyof ReturnType<typeof toColumns>>;
  const columns = keys.map((key) => products[key]);
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const assignments = sql.join(
    columns
      .filter((column) => column !== products.id)
      .map((column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`),
    sql`, `,
  );
  for (const batch of inBatches(books)) {
    const rows = sql.join(
      batch.map((fields) => {
        const values = toColumns(fields);
        return sql`(${sql.join(
          keys.map((key, i) => sql`${values[key]}::${sql.raw(columns[i]!.getSQLType())}`),
          sql`, `,
        )})`;
      }),
      sql`, `,
    );
    await db.execute(
      sql`update ${products} set ${assignments}, updated_at = now() from (values ${rows}) as v(${names}) where ${products.id} = v.id`,
    );
  }
}

/** Sets these books' images to exactly the keys given, in slot order. */
export async function replaceImages(db: Db, byBook: ReadonlyMap<string, readonly string[]>): Promise<void> {
  const ids = [...byBook.keys()];
  for (const batch of inBatches(ids)) await db.delete(productImages).where(inArray(productImages.productId, batch));
  const rows = [...byBook].flatMap(([productId, keys]) =>
    keys.map((imageKey, position) => ({ productId, position, imageKey })),
  );
  for (const batch of inBatches(rows)) await db.insert(productImages).values(batch);
}
