/**
 * Reading the owner's files for the products import: the CSV (csv-parse; UTF-8, with or without
 * the BOM; separated by commas, or by semicolons or tabs as some spreadsheets save) and the ZIP of
 * images (fflate). A file that cannot be read as a whole is a `FileProblem`: a 400 naming the row
 * and column as a spreadsheet shows them (the header is row 1).
 */
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/constants';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_MAX_ROWS, type ProductCsvColumn } from '@shared/contracts/products';
import { restoreFormula } from '../../../../lib/csv';
import { textProblem } from '../../../../lib/text-input';

/** The whole file is refused: answered 400 with the sentence, the row and the column. */
export class FileProblem extends Error {
  constructor(
    message: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(row === undefined ? message : `Row ${row}${column ? `, column ${column}` : ''}: ${message}`);
  }
}

export interface CsvRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** The cells of the columns the file has, as the owner typed them (our formula apostrophes taken out). */
  cells: Partial<Record<ProductCsvColumn, string>>;
}

export interface CsvFile {
  columns: ProductCsvColumn[];
  rows: CsvRow[];
}

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator the header line uses most (outside quotes): a comma unless it has none. */
function separatorOf(text: string): (typeof SEPARATORS)[number] {
  const header = text.slice(0, text.search(/\r|\n|$/)).replace(/"[^"]*"/g, '');
  let best: (typeof SEPARATORS)[number] = ',';
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = header.split(separator).length - 1;
    if (count > most) [best, most] = [separator, count];
  }
  return best;
}

/** The file as text, or the row of the first byte that is not UTF-8. */
function utf8Text(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const loose = bytes.toString('utf8');
    const row = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length;
    throw new FileProblem('The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8".', row);
  }
}

const PARSE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A cell opens a quote that is never closed.',
  INVALID_OPENING_QUOTE:
    'A quote stands in the middle of a cell: put the whole cell in quotes and double the quotes in it.',
  CSV_INVALID_CLOSING_QUOTE: 'A quoted cell has text after its closing quote.',
};

function parseRecords(text: string, header?: string[]): string[][] {
  try {
    return parse(text, { bom: true, delimiter: separatorOf(text.replace(/^\uFEFF/, '')), relax_column_count: true });
  } catch (error) {
    const { code, records, column } = error as { code?: string; records?: number; column?: number | string };
    const row = typeof records === 'number' ? records + 1 : undefined;
    const name = typeof column === 'number' ? (header?.[column] ?? `${column + 1}`) : undefined;
    throw new FileProblem(PARSE_MESSAGES[code ?? ''] ?? 'The file is not CSV that a spreadsheet saves.', row, name);
  }
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/** Reads the CSV: known columns by name (any order, any case), one row a book; blank rows are skipped. */
export function readProductCsv(bytes: Buffer): CsvFile {
  const text = utf8Text(bytes);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new FileProblem('The file is empty.', 1);
  // The header first, alone, so that a later problem can name its column.
  const firstLine = /^[^\r\n]*/.exec(text.replace(/^\uFEFF/, ''))?.[0] ?? '';
  const header = parseRecords(firstLine)[0] ?? [];
  const records = parseRecords(text, header);
  const names = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());

  const columns: ProductCsvColumn[] = [];
  for (const [index, name] of names.entries()) {
    const label = records[0]![index]!.trim() || `${index + 1}`;
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name))
      throw new FileProblem(
        `"${label}" is not a column the shop knows. The columns are: ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
        1,
        label,
      );
    if (columns.includes(name as ProductCsvColumn))
      throw new FileProblem(`The column "${label}" appears twice.`, 1, label);
    columns.push(name as ProductCsvColumn);
  }
  if (!columns.includes('id'))
    throw new FileProblem('The file has no "id" column: each book is found by its book-vault ID.', 1);

  const rows: CsvRow[] = [];
  for (const [index, record] of records.entries()) {
    if (index === 0 || isBlank(record)) continue;
    const row = index + 1;
    // A row may end in blank cells past the header (some spreadsheets save them); any other difference is refused.
    if (record.length < columns.length || !isBlank(record.slice(columns.length)))
      throw new FileProblem(
        `This row has ${record.length} cells but the header has ${columns.length} columns.`,
        row,
        columns[record.length] ?? `${columns.length + 1}`,
      );
    const cells: CsvRow['cells'] = {};
    for (const [position, column] of columns.entries()) {
      const cell = restoreFormula(record[position] ?? '');
      const problem = textProblem(cell);
      if (problem) throw new FileProblem(problem, row, column);
      cells[column] = cell;
    }
    rows.push({ row, cells });
    if (rows.length > PRODUCT_IMPORT_MAX_ROWS)
      throw new FileProblem(
        `The file holds more than ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString('en-GB')} books: import it in parts.`,
        row,
      );
  }
  if (rows.length === 0) throw new FileProblem('The file has no books under its header.', 2);
  return { columns, rows };
}

/** A ZIP's files by name, read only as far as needed: the files a CSV names, each at most the image limit. */
export interface ImageArchive {
  /** The file's bytes, `too large`, or null when the ZIP has no such file (by its path, or its name alone if only one file has it). */
  find(name: string): Buffer | 'too large' | 'ambiguous' | null;
}

/** At most this many bytes unpacked from one ZIP in all (the declared sizes are checked before any is unpacked). */
export const ZIP_UNPACKED_MAX_BYTES = 512 * 1024 * 1024;

const baseName = (name: string) => (name.split(/[\\/]/).pop() ?? name).toLowerCase();

export function readImageArchive(bytes: Buffer, wanted: ReadonlySet<string>): ImageArchive {
  const wantedBases = new Set([...wanted].map(baseName));
  const tooLarge = new Set<string>();
  const basePaths = new Map<string, string[]>();
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/')) return false;
        const base = baseName(file.name);
        basePaths.set(base, [...(basePaths.get(base) ?? []), file.name]);
        if (!wanted.has(file.name) && !wantedBases.has(base)) return false;
        if (file.originalSize > PRODUCT_IMAGE_MAX_BYTES) {
          tooLarge.add(file.name);
          return false;
        }
        unpacked += file.originalSize;
        if (unpacked > ZIP_UNPACKED_MAX_BYTES)
          throw new FileProblem(
            `The images in the ZIP unpack to more than ${ZIP_UNPACKED_MAX_BYTES / 1024 / 1024} MB: send them in parts.`,
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    throw new FileProblem('The images file could not be read as a ZIP.');
  }
  const entry = (path: string) =>
    tooLarge.has(path) ? ('too large' as const) : files[path] ? Buffer.from(files[path]) : null;
  return {
    find(name) {
      if (files[name] || tooLarge.has(name)) return entry(name);
      const paths = basePaths.get(baseName(name)) ?? [];
      if (paths.length > 1) return 'ambiguous';
      return paths[0] ? entry(paths[0]) : null;
    },
  };
}
