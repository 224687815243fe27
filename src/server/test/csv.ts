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
