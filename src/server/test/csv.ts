/**
 * A strict RFC 4180 reader for tests: records end with CRLF (a bare CR or LF outside quotes is an
 * error, so a test finds a file that is not CRLF throughout), a quoted field doubles its quotes, and
 * a quote inside an unquoted field is an error. The BOM, when present, is the caller's to strip.
 *
 *   const rows = parseCsv(text.slice(1));
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`Not RFC 4180 CSV at character ${i}: ${why}`);
  };
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      // A quoted field: up to the quote that is not doubled.
      i += 1;
      for (;;) {
        if (i >= text.length) fail('a quoted field is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') fail('text after a closing quote');
      continue;
    }
    const c = text[i]!;
    if (c === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') fail('a CR without LF');
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n') {
      fail('a line ended by LF alone');
    } else if (c === '"') {
      fail('a quote inside an unquoted field');
    } else {
      field += c;
      i += 1;
    }
  }
  // The last record may end without a line end.
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The cells a spreadsheet would make of a CSV text when it splits on `separator` (`,`, `;` as most
 * of Europe's do, or a tab), for tests of formula neutralisation. With `quotes` a cell that begins
 * with a quote is read as a quoted field (doubled quotes inside, the text after its closing quote
 * kept as it is), as Excel and LibreOffice do; without, quotes are ordinary text and every
 * separator and line break cuts, as a naive reader does. Line breaks (CR, LF, CRLF) end records.
 */
export function spreadsheetCells(text: string, separator: ',' | ';' | '\t', options: { quotes: boolean }): string[] {
  const cells: string[] = [];
  let cell = '';
  let atStart = true;
  let i = 0;
  const end = () => {
    cells.push(cell);
    cell = '';
    atStart = true;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (options.quotes && atStart && c === '"') {
      atStart = false;
      i += 1;
      while (i < text.length) {
        if (text[i] === '"') {
          if (text[i + 1] !== '"') {
            i += 1;
            break;
          }
          i += 1;
        }
        cell += text[i];
        i += 1;
      }
      continue;
    }
    atStart = false;
    if (c === separator || c === '\r' || c === '\n') {
      end();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += c;
      i += 1;
    }
  }
  if (cell !== '' || !atStart) end();
  return cells;
}

/**
 * A cell a spreadsheet could run as a formula: one that begins with `=`, `+`, `-` or `@` once any
 * white space (tabs and line breaks too, which some readers trim) and quotes before it are dropped.
 */
export const looksLikeFormula = (cell: string) => /^[\s"]*[=+\-@]/.test(cell);
