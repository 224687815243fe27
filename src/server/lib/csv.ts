/**
 * CSV as spreadsheets open it (RFC 4180): fields separated by commas, records ended by CRLF, and
 * the file begun with a UTF-8 byte order mark so that Excel reads it as UTF-8, not in the machine's
 * code page. The shop's one CSV writer: every export (the orders' now, the products' later) writes
 * its cells through `csvField`, so the rules below hold for all of them.
 *
 * Written by hand rather than with a CSV library: writing is these few lines. Reading a file the
 * owner sends (the products import) is csv-parse's work; `restoreFormula` undoes the apostrophes
 * written here, so that an exported file imported again changes nothing.
 *
 * **Quoting.** A field is quoted (its quotes doubled) when it holds a comma, a semicolon, a tab, a
 * quote or a line break: the separators a reader might split on. Most of Europe's spreadsheets open
 * a .csv splitting on `;`, and some on tabs, so a `;` left bare would cut the field in two there.
 *
 * **Formula injection** (OWASP "CSV Injection"). A spreadsheet runs a cell that begins with `=`, `+`,
 * `-` or `@` as a formula, and some treat a leading tab or carriage return the same way. OWASP's rule
 * is to put an apostrophe (which spreadsheets read as "this is text") before such a start. A reader
 * does not necessarily see our fields, though: one that splits on `;` or tabs, or ignores quotes,
 * cuts a field such as `Flat 2;=HYPERLINK(…)` into cells of its own, and the second begins with `=`.
 * So the rule is applied at the start of every piece any reader could cut out: the start of the
 * field and the place after each `,`, `;`, tab, CR or LF in it, after any spaces and quotes there
 * (a reader may trim those). The apostrophe goes right before the formula character. At the start
 * of the field a spreadsheet hides it; inside a field it shows, which is the price of a cell that
 * would otherwise run. Numbers are written as numbers and never touched.
 */

/** Put first in the file: tells spreadsheets the text is UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | null | undefined;

/**
 * Where a cell can begin (the field's start, or after a separator any reader might split on),
 * then spaces and quotes a reader might drop, then a character that starts a formula.
 */
const FORMULA_START = /(?<=^|[,;\t\r\n])((?:[^\S\t\r\n]|")*)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** Text in which no piece a spreadsheet could cut out (splitting on `,`, `;`, tab or a line break) begins as a formula. */
export function neutraliseFormula(text: string): string {
  return text.replace(FORMULA_START, "$1'");
}

/** Where `neutraliseFormula` put an apostrophe: a cut point, spaces and quotes, the apostrophe, a formula character. */
const FORMULA_MARK = /(?<=^|[,;\t\r\n])((?:[^\S\t\r\n]|")*)'(?=[=+\-@\t\r])/g;

/**
 * The text `neutraliseFormula` was given, for a cell read back from one of our files (the products
 * import): each apostrophe it could have put there is taken out. A cell the owner typed as `'=…`
 * reads as `=…` too, which is what a spreadsheet shows for it.
 */
export function restoreFormula(text: string): string {
  return text.replace(FORMULA_MARK, '$1');
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
