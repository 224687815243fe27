/**
 * The catalogue as a CSV file (decision 153): one row a book, the columns of PRODUCT_CSV_COLUMNS
 * (every field of the product form, the image addresses in slot order, and `archived` when
 * archived books are asked for), written through the shop's one CSV writer (lib/csv.ts: UTF-8
 * with BOM, CRLF, formula cells neutralised) and streamed in batches of 1,000 books.
 */
import type { AppContext } from '../../../../context';
import { CSV_BOM, csvRecord, type CsvValue } from '../../../../lib/csv';
import { imagePath } from '@shared/images';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_FIELD_NAMES,
  PRODUCT_IMAGE_COLUMNS,
  type ProductCsvColumn,
  type ProductFieldName,
  type ProductFields,
} from '@shared/contracts/products';
import { exportBatch, type ExportCursor, type StoredBook } from './repository';

const EXPORT_BATCH = 1000;

/** A field as its cell reads: money in pounds with two decimals (7.50, as typed in the form), text as stored. */
export function fieldCell(fields: ProductFields, name: ProductFieldName): string {
  return name === 'price' ? (fields.price / 100).toFixed(2) : String(fields[name]);
}

/** An image's address in the file: the shop's own, which an import recognises without fetching it. */
export const imageAddress = (publicUrl: string, key: string) => `${publicUrl.replace(/\/+$/, '')}${imagePath(key)}`;

/** The columns written: `archived` only when archived books are in the file. */
export const exportColumns = (includeArchived: boolean): ProductCsvColumn[] =>
  PRODUCT_CSV_COLUMNS.filter((column) => includeArchived || column !== 'archived');

function bookRecord(book: StoredBook, columns: readonly ProductCsvColumn[], publicUrl: string): CsvValue[] {
  return columns.map((column) => {
    if ((PRODUCT_FIELD_NAMES as readonly string[]).includes(column)) {
      return fieldCell(book, column as ProductFieldName);
    }
    const slot = (PRODUCT_IMAGE_COLUMNS as readonly string[]).indexOf(column);
    if (slot >= 0) {
      const key = book.imageKeys[slot];
      return key ? imageAddress(publicUrl, key) : '';
    }
    return book.archived ? 'yes' : '';
  });
}

/** The file as text chunks: the BOM and header, then a chunk per batch of books. */
export async function* exportProductsCsv(ctx: AppContext, includeArchived: boolean): AsyncGenerator<string> {
  const columns = exportColumns(includeArchived);
  yield CSV_BOM + csvRecord(columns);
  let cursor: ExportCursor | null = null;
  do {
    const batch = await exportBatch(ctx.database.db, cursor, { includeArchived, limit: EXPORT_BATCH });
    if (batch.books.length > 0)
      yield batch.books.map((book) => csvRecord(bookRecord(book, columns, ctx.config.PUBLIC_URL))).join('');
    cursor = batch.next;
  } while (cursor);
}
