import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeFormula, parseCsv, spreadsheetCells } from '../test/csv';
import { CSV_BOM, csvDocument, csvField, csvRecord, neutraliseFormula, restoreFormula } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers as they are, and writes null and undefined as empty', () => {
    expect(csvField('Puzzle Parade')).toBe('Puzzle Parade');
    expect(csvField(7.99)).toBe('7.99');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a semicolon or a tab, the separators of other spreadsheets (issue 32, finding 7)', () => {
    expect(csvField('Flat 2; 1 High Street')).toBe('"Flat 2; 1 High Street"');
    expect(csvField('Flat 2\t1 High Street')).toBe('"Flat 2\t1 High Street"');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Flat 2, 1 High Street')).toBe('"Flat 2, 1 High Street"');
    expect(csvField('The "Best" Puzzles')).toBe('"The ""Best"" Puzzles"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('neutralises a text cell that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvField('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvField('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    // Only the first character counts; an apostrophe already there is text like any other.
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField("'=1")).toBe("'=1");
  });

  it('neutralises a formula at the start of every piece a reader could split out, not only of the field (issue 32, finding 7)', () => {
    // A spreadsheet splitting on ';' (most of Europe) would make '=HYPERLINK(…)' a cell of its own.
    expect(neutraliseFormula('Flat 2;=HYPERLINK("http://evil.example")')).toBe(
      `Flat 2;'=HYPERLINK("http://evil.example")`,
    );
    expect(csvField('Flat 2;=1+1')).toBe(`"Flat 2;'=1+1"`);
    expect(neutraliseFormula('a,+cmd')).toBe("a,'+cmd");
    expect(neutraliseFormula('a\t@SUM(A1)')).toBe("a\t'@SUM(A1)");
    expect(neutraliseFormula('line one\r\n-2+3')).toBe("line one\r\n'-2+3");
    // Spaces and quotes a reader might drop are looked past; a tab or CR that begins a piece is a start too.
    expect(neutraliseFormula('a; "=1+1"')).toBe(`a; "'=1+1"`);
    expect(neutraliseFormula('a;\t=1')).toBe("a;'\t'=1");
    expect(neutraliseFormula('=a;=b,=c')).toBe("'=a;'=b,'=c");
    // A formula character inside a piece is text; so is one after an apostrophe.
    expect(neutraliseFormula('a; b=1, c-2')).toBe('a; b=1, c-2');
    expect(neutraliseFormula("a;'=1")).toBe("a;'=1");
  });

  it('leaves no cell that runs as a formula, whichever separator a spreadsheet splits on and whether it honours quotes', () => {
    const piece = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      '\r\n',
      ',',
      ';',
      '"',
      "'",
      ' ',
      '\u00a0',
      'x',
      '1',
      'HYPERLINK("a")',
    );
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
        const body = csvDocument(rows).slice(1);
        for (const separator of [',', ';', '\t'] as const) {
          for (const quotes of [true, false]) {
            expect(spreadsheetCells(body, separator, { quotes }).filter(looksLikeFormula)).toEqual([]);
          }
        }
        // Nothing is taken away: neutralising only adds apostrophes.
        for (const cell of rows.flat()) expect(neutraliseFormula(cell).replace(/'/g, '')).toBe(cell.replace(/'/g, ''));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a number that is not finite rather than writing NaN', () => {
    expect(() => csvField(Number.NaN)).toThrow(/finite/);
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });
});

describe('restoreFormula', () => {
  it('takes out exactly the apostrophes neutraliseFormula put in, for any text without one of its own', () => {
    const piece = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', ' ', '"', 'a', '1');
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }).filter((value) => !value.includes("'")),
      fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
    );
    fc.assert(fc.property(text, (value) => restoreFormula(neutraliseFormula(value)) === value));
    expect(restoreFormula("a;'\t'=1")).toBe('a;\t=1');
    expect(restoreFormula("It's -2 o'clock")).toBe("It's -2 o'clock");
  });
});

describe('csvRecord and csvDocument', () => {
  it('separates fields by commas and ends each record with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('begins the document with the UTF-8 byte order mark', () => {
    const doc = csvDocument([['Name'], ['Zoë Brontë']]);
    expect(doc.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(doc, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(doc.slice(1)).toBe('Name\r\nZoë Brontë\r\n');
  });

  it('reads back as written for any text (RFC 4180 parser), apart from the apostrophe before a formula', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('=1+1', '"', ',', '\r\n', '\n', '\r', '""', '-', '@x'),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const doc = csvDocument(rows);
        expect(doc.startsWith(CSV_BOM)).toBe(true);
        expect(parseCsv(doc.slice(1))).toEqual(rows.map((row) => row.map(neutraliseFormula)));
      }),
    );
  });
});

describe('the test readers themselves', () => {
  it('spreadsheetCells splits as a spreadsheet with that separator would, with or without quotes', () => {
    expect(spreadsheetCells('a,"b;=1"\r\nc', ';', { quotes: true })).toEqual(['a,"b', '=1"', 'c']);
    expect(spreadsheetCells('"a;b";"c""d"x\r\n', ';', { quotes: true })).toEqual(['a;b', 'c"dx']);
    expect(spreadsheetCells('"a;b"\tc', '\t', { quotes: false })).toEqual(['"a;b"', 'c']);
    expect(['=1', ' +1', '"-1', '\t\r\n=1', '@', "'=1", 'a=1', '\t1'].map(looksLikeFormula)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('refuses what is not RFC 4180, so the tests that use it can fail', () => {
    expect(() => parseCsv('a,b\nc,d\n')).toThrow(/LF alone/);
    expect(() => parseCsv('a,b"c\r\n')).toThrow(/quote inside/);
    expect(() => parseCsv('"a\r\n')).toThrow(/not closed/);
    expect(() => parseCsv('"a"b\r\n')).toThrow(/after a closing quote/);
    expect(parseCsv('"a,""b""",c\r\n,\r\n')).toEqual([
      ['a,"b"', 'c'],
      ['', ''],
    ]);
  });
});
