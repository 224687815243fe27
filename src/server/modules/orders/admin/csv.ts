/**
 * CSV as spreadsheets open it (RFC 4180): fields separated by commas, records ended by CRLF, a
 * field quoted when it holds a comma, a quote or a line break (its quotes doubled), and the file
 * begun with a UTF-8 byte order mark so that Excel reads it as UTF-8, not in the machine's code page.
 *
 * Written by hand rather than with a CSV library: none is installed, and writing (never parsing)
 * is these few lines; a dependency would add more to audit than it saves.
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that begins with `=`, `+`,
 * `-` or `@` as a formula, and some treat a leading tab or carriage return the same way. Every
 * text cell so begun gets a leading apostrophe, which spreadsheets read as "this is text". Numbers
 * are written as numbers and are never touched.
 */

/** Put first in the file: tells spreadsheets the text is UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell that a spreadsheet would run as a formula, made plain text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: text neutralised and quoted when needed, a number as it is, null and undefined empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`A CSV number must be finite, not ${value}.`);
    return String(value);
  }
  const text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line end. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}

/** A whole file (BOM, records) in one string: for small tables; large ones are streamed record by record. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + rows.map(csvRecord).join('');
}
