/**
 * The products import (decision 153). A file is read whole, every row checked as the product form
 * checks it (the contract's PRODUCT_FIELDS rules and messages, the same ID and name clashes), and
 * every image fetched or unpacked and checked by the image pipeline, before anything is written.
 * The answer says what each row would do (added, changed field by field, left alone) and every
 * problem by row and column. A dry run stops there; an apply with any problem writes nothing; an
 * apply without writes every book in one transaction and tells the catalogue's caches and pages
 * once, after the commit.
 *
 * Matching is by the book-vault ID. A column the file leaves out is left as it is (a file of `id`
 * and `price` changes prices only), and so is a cell left exactly as the book has it.
 */
import type { AppContext } from '../../../../context';
import { AppError, conflict } from '../../../../lib/errors';
import {
  IMAGE_MESSAGES,
  fetchRemoteImage,
  inspectImage,
  recordImages,
  RemoteImageError,
  REMOTE_IMAGE_MESSAGES,
  storeOriginal,
  type ImageRecord,
} from '../../../images';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/constants';
import { imageKeyFrom } from '@shared/images';
import {
  PRODUCT_FIELD_NAMES,
  PRODUCT_IMAGE_COLUMNS,
  PRODUCT_FIELDS,
  type ProductFields,
  type ProductImportReport,
} from '@shared/contracts/products';
import { clashError, publishChange } from '../service';
import { fieldCell, imageAddress } from './export';
import { readImageArchive, readProductCsv, type CsvRow, type ImageArchive } from './read-file';
import * as repo from './repository';

/** How long one image address may take to send its image, redirects included. */
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;
/** Images fetched or decoded at once. */
const IMAGE_CONCURRENCY = 4;
/** The dry run's old and new values are cut to this many characters (a description may be 10,000). */
const SHOWN_CHARACTERS = 300;

export interface ImportFiles {
  csv: Buffer;
  /** The ZIP of images named in the file, when sent. */
  images: Buffer | null;
}

type Problem = ProductImportReport['problems'][number];

const IMPORT_MESSAGES = {
  repeatedId: (row: number) => `This book-vault ID is already in row ${row}.`,
  repeatedName: (row: number) => `This name is already in row ${row}.`,
  archived: 'The archived column must be "yes" or empty.',
  archiving: 'Archiving a book, or putting one back in the shop, is done in the product list, not by import.',
  noSuchFile: (name: string) => `There is no file named "${name}" in the ZIP.`,
  ambiguousFile: (name: string) => `Several files in the ZIP are named "${name}": give its folder too.`,
  raced: 'The catalogue changed while the import was being written, so nothing was written. Run the import again.',
} as const;

/** An image cell once resolved: an image's key (with the bytes to store when it is new), or why not. */
type ResolvedImage = { key: string; fresh?: { record: ImageRecord; bytes: Buffer } } | { problem: string };

/** One row's outcome before any writing. */
interface Plan {
  row: number;
  fields: ProductFields;
  existing: repo.StoredBook | undefined;
  /** The image cells in slot order ('' for an empty slot), or the stored keys when the file has no image column for a slot. */
  slots: Array<{ cell: string } | { key: string }>;
}

const isHttp = (cell: string) => /^https?:\/\//i.test(cell);
const shown = (text: string) => (text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text);

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** Checks the bytes as an upload is checked. */
async function checkedImage(bytes: Buffer): Promise<ResolvedImage> {
  try {
    const record = await inspectImage(bytes);
    return { key: record.key, fresh: { record, bytes } };
  } catch (error) {
    if (error instanceof AppError) return { problem: error.message };
    throw error;
  }
}

async function resolveImage(
  ctx: AppContext,
  cell: string,
  known: ReadonlySet<string>,
  archive: ImageArchive | null,
): Promise<ResolvedImage> {
  // One of the shop's own image addresses (an exported file): that image, not fetched again.
  const ownKey = imageKeyFrom(cell);
  if (ownKey && known.has(ownKey)) return { key: ownKey };
  if (isHttp(cell)) {
    try {
      return await checkedImage(
        await fetchRemoteImage(cell, {
          allowedOrigins: ctx.config.IMAGE_IMPORT_ALLOWED_ORIGINS,
          timeoutMs: REMOTE_IMAGE_TIMEOUT_MS,
          maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        }),
      );
    } catch (error) {
      if (error instanceof RemoteImageError) {
        ctx.log.info({ err: error, address: cell }, 'import image not fetched');
        return { problem: error.message };
      }
      throw error;
    }
  }
  if (!archive) return { problem: REMOTE_IMAGE_MESSAGES.notAnAddress };
  const found = archive.find(cell);
  if (found === null) return { problem: IMPORT_MESSAGES.noSuchFile(cell) };
  if (found === 'ambiguous') return { problem: IMPORT_MESSAGES.ambiguousFile(cell) };
  if (found === 'too large') return { problem: IMAGE_MESSAGES.tooLarge };
  return checkedImage(found);
}

/**
 * One row checked as the form checks a book: the file's cells over the stored book's fields (a
 * column left out, or a cell left as the book has it, keeps the stored value), every problem
 * with its column.
 */
function checkRow(row: CsvRow, existing: repo.StoredBook | undefined, problems: Problem[]): ProductFields | null {
  const fields: Record<string, unknown> = {};
  let ok = true;
  for (const name of PRODUCT_FIELD_NAMES) {
    const cell = row.cells[name];
    // Kept as stored, even a value today's rules would write differently (a type with a trailing space).
    if (existing && (cell === undefined || cell === fieldCell(existing, name))) {
      fields[name] = existing[name];
      continue;
    }
    const result = PRODUCT_FIELDS[name].form.safeParse(cell);
    if (result.success) fields[name] = result.data;
    else {
      ok = false;
      problems.push({ row: row.row, column: name, message: result.error.issues[0]!.message });
    }
  }
  return ok ? (fields as ProductFields) : null;
}

function checkArchived(row: CsvRow, existing: repo.StoredBook | undefined, problems: Problem[]): void {
  const cell = row.cells.archived;
  if (cell === undefined) return;
  const value = cell.trim().toLowerCase();
  if (value !== '' && value !== 'yes') {
    problems.push({ row: row.row, column: 'archived', message: IMPORT_MESSAGES.archived });
  } else if ((value === 'yes') !== (existing?.archived ?? false)) {
    problems.push({ row: row.row, column: 'archived', message: IMPORT_MESSAGES.archiving });
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    depth += 1
  ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Checks the files and, unless `dryRun`, writes them: all of it, or nothing when any row has a problem. */
export async function importProducts(
  ctx: AppContext,
  files: ImportFiles,
  options: { dryRun: boolean },
): Promise<ProductImportReport> {
  const { db } = ctx.database;
  const file = readProductCsv(files.csv);
  const problems: Problem[] = [];
  const stored = await repo.booksByIds(db, [...new Set(file.rows.map((row) => (row.cells.id ?? '').trim()))]);

  // Each row as the form would take it.
  const plans: Plan[] = [];
  const rowOfId = new Map<string, number>();
  for (const row of file.rows) {
    const id = (row.cells.id ?? '').trim();
    const earlier = rowOfId.get(id);
    if (id && earlier !== undefined) {
      problems.push({ row: row.row, column: 'id', message: IMPORT_MESSAGES.repeatedId(earlier) });
      continue;
    }
    if (id) rowOfId.set(id, row.row);
    const existing = stored.get(id);
    checkArchived(row, existing, problems);
    const fields = checkRow(row, existing, problems);
    const slots = PRODUCT_IMAGE_COLUMNS.map((column, slot) => {
      const cell = row.cells[column];
      if (cell !== undefined) return { cell: cell.trim() };
      const key = existing?.imageKeys[slot];
      return key ? { key } : { cell: '' };
    });
    if (fields) plans.push({ row: row.row, fields, existing, slots });
  }

  // Names: one book a name, in the file and in the shop (archived books keep theirs, decision 039).
  const holders = await repo.holdersOfNames(db, [...new Set(plans.map((plan) => plan.fields.name))]);
  const rowOfName = new Map<string, number>();
  for (const plan of [...plans]) {
    const { name, id } = plan.fields;
    const earlier = rowOfName.get(name);
    const holder = holders.get(name);
    let message: string | null = null;
    if (earlier !== undefined) message = IMPORT_MESSAGES.repeatedName(earlier);
    else if (holder && holder.id !== id)
      message = clashError({ field: 'name', archived: holder.archived }, plan.fields).message;
    rowOfName.set(name, plan.row);
    if (message) {
      problems.push({ row: plan.row, column: 'name', message });
      plans.splice(plans.indexOf(plan), 1);
    }
  }

  // Images: each distinct cell once, a few at a time.
  const cells = [
    ...new Set(plans.flatMap((plan) => plan.slots.flatMap((slot) => ('cell' in slot && slot.cell ? [slot.cell] : [])))),
  ];
  const known = await repo.knownImageKeys(db, [...new Set(cells.flatMap((cell) => imageKeyFrom(cell) ?? []))]);
  const archive = files.images ? readImageArchive(files.images, new Set(cells.filter((cell) => !isHttp(cell)))) : null;
  const resolved = new Map<string, ResolvedImage>();
  await inPool(cells, IMAGE_CONCURRENCY, async (cell) => {
    resolved.set(cell, await resolveImage(ctx, cell, known, archive));
  });

  const report: ProductImportReport = {
    applied: false,
    rows: file.rows.length,
    added: [],
    changed: [],
    unchanged: [],
    problems,
  };
  const publicUrl = ctx.config.PUBLIC_URL;
  const writes = { added: [] as ProductFields[], changed: [] as ProductFields[], images: new Map<string, string[]>() };
  const freshImages = new Map<string, { record: ImageRecord; bytes: Buffer }>();
  for (const plan of plans) {
    const keys: string[] = [];
    let imageProblem = false;
    for (const [slot, entry] of plan.slots.entries()) {
      if ('key' in entry) {
        keys.push(entry.key);
        continue;
      }
      if (!entry.cell) continue;
      const image = resolved.get(entry.cell)!;
      if ('problem' in image) {
        problems.push({ row: plan.row, column: PRODUCT_IMAGE_COLUMNS[slot]!, message: image.problem });
        imageProblem = true;
      } else {
        keys.push(image.key);
        if (image.fresh) freshImages.set(image.key, image.fresh);
      }
    }
    if (imageProblem) continue;

    const { fields, existing } = plan;
    if (!existing) {
      report.added.push({ row: plan.row, id: fields.id, name: fields.name, price: fields.price / 100 });
      writes.added.push(fields);
      if (keys.length > 0) writes.images.set(fields.id, keys);
      continue;
    }
    const changes: ProductImportReport['changed'][number]['changes'] = [];
    for (const name of PRODUCT_FIELD_NAMES) {
      const [before, after] = [fieldCell(existing, name), fieldCell(fields, name)];
      if (before !== after) changes.push({ column: name, old: shown(before), new: shown(after) });
    }
    const imagesChanged = keys.join() !== existing.imageKeys.join();
    if (imagesChanged) {
      for (const [slot, column] of PRODUCT_IMAGE_COLUMNS.entries()) {
        const [before, after] = [existing.imageKeys[slot], keys[slot]];
        if (before !== after)
          changes.push({
            column,
            old: before ? imageAddress(publicUrl, before) : '',
            new: after ? imageAddress(publicUrl, after) : '',
          });
      }
      writes.images.set(fields.id, keys);
    }
    if (changes.length === 0) {
      report.unchanged.push({ row: plan.row, id: fields.id });
      continue;
    }
    report.changed.push({ row: plan.row, id: fields.id, name: fields.name, changes });
    if (changes.some((change) => (PRODUCT_FIELD_NAMES as readonly string[]).includes(change.column)))
      writes.changed.push(fields);
  }
  problems.sort((a, b) => a.row - b.row);
  if (options.dryRun || problems.length > 0) return report;

  // The originals first (content-addressed: an image stored for a write that then fails is unused, never wrong).
  for (const image of freshImages.values()) await storeOriginal(ctx.images, image.record, image.bytes);
  try {
    await db.transaction(async (tx) => {
      await recordImages(
        tx,
        [...freshImages.values()].map((image) => image.record),
      );
      await repo.insertBooks(tx, writes.added);
      await repo.updateBooks(tx, writes.changed);
      await repo.replaceImages(tx, writes.images);
    });
  } catch (error) {
    // Another change took an ID or a name between the checks and the writes: nothing was written.
    if (isUniqueViolation(error)) throw conflict(IMPORT_MESSAGES.raced);
    throw error;
  }
  if (writes.added.length + writes.changed.length + writes.images.size > 0) await publishChange(ctx, 'import', null);
  return { ...report, applied: true };
}
