import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorTextSchema, cursorTimeSchema, decodeCursor, encodeCursor, MAX_CURSOR_LENGTH } from './cursor';
import { AppError } from './errors';

const MESSAGE = 'That page of things is not valid (a bad cursor): start again from the first page.';
const schema = z.strictObject({ t: cursorTimeSchema, i: cursorTextSchema(20) });
const t0 = '2026-01-01T00:00:00.000000Z';
/** base64url of a text as it is, or of a value's JSON: what a client could send. */
const raw = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The error decodeCursor throws for `cursor`, checked to be the 400 with MESSAGE. */
function refusal(cursor: string) {
  let thrown: unknown;
  try {
    decodeCursor(cursor, schema, MESSAGE);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, cursor).toBeInstanceOf(AppError);
  expect(thrown, cursor).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: MESSAGE });
}

describe('encodeCursor', () => {
  it('is base64url (no padding) of the JSON, keys in the order given', () => {
    const cursor = encodeCursor({ t: t0, i: 'Q-1' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).toBe(Buffer.from(`{"t":"${t0}","i":"Q-1"}`).toString('base64url'));
    // The cursors handed out before lib/cursor.ts: the same text for the same place.
    expect(encodeCursor({ t: '2026-03-01T12:34:56.123456Z', c: 'WELCOME10' })).toBe(
      'eyJ0IjoiMjAyNi0wMy0wMVQxMjozNDo1Ni4xMjM0NTZaIiwiYyI6IldFTENPTUUxMCJ9',
    );
  });

  it('round-trips through decodeCursor, whatever the text', () => {
    for (const i of ['Q-1', 'a', 'é€😀', '"quoted" \\ back', '\u0001\u001f', 'x'.repeat(20)]) {
      expect(decodeCursor(encodeCursor({ t: t0, i }), schema, MESSAGE)).toEqual({ t: t0, i });
    }
    const listing = z.discriminatedUnion('o', [
      z.strictObject({ o: z.literal('a'), n: z.number() }),
      z.strictObject({ o: z.literal('b'), s: z.array(z.string()) }),
    ]);
    expect(decodeCursor(encodeCursor({ o: 'a', n: 7 }), listing, MESSAGE)).toEqual({ o: 'a', n: 7 });
    expect(decodeCursor(encodeCursor({ o: 'b', s: ['x', 'y'] }), listing, MESSAGE)).toEqual({ o: 'b', s: ['x', 'y'] });
  });
});

describe('decodeCursor', () => {
  it('refuses text that is not base64url', () => {
    for (const bad of ['', 'not a cursor!', '%%%', '====', `${raw({ t: t0, i: 'Q-1' })}=`, 'ab+/', 'ab cd', 'é'])
      refusal(bad);
  });

  it('refuses base64url that is not JSON', () => {
    for (const bad of [
      raw('not json'),
      raw('hello'),
      raw('{"t":'),
      raw(''),
      'A',
      'AA',
      raw('\u0000'),
      Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'),
      encodeCursor({ t: t0, i: 'Q-1' }).slice(0, -2),
    ])
      refusal(bad);
  });

  it('refuses JSON of another shape', () => {
    for (const value of [
      null,
      42,
      'text',
      [1, 2],
      [t0, 'Q-1'],
      {},
      { T: t0, I: 'Q-1' },
      { t: 1, i: 'Q-1' },
      { t: t0, i: 7 },
      { t: t0, i: null },
    ])
      refusal(raw(value));
  });

  it('refuses a missing or an extra field', () => {
    for (const value of [{ t: t0 }, { i: 'Q-1' }, { t: t0, i: 'Q-1', extra: true }]) refusal(raw(value));
    refusal(raw(`{"t":"${t0}","i":"Q-1","__proto__":{"x":1}}`));
  });

  it("refuses a value its schema's checks refuse", () => {
    for (const i of ['', 'x'.repeat(21), 'Q\u0000', '\ud800', 'a\udc00b']) refusal(raw({ t: t0, i }));
  });

  it('refuses a cursor over MAX_CURSOR_LENGTH unread, and reads one of that length', () => {
    const text = (length: number) => {
      // {"t":"…","i":""} padded with spaces to exactly `length` base64url characters (a multiple of 4).
      const json = `{"t":"${t0}","i":"Q-1"}`;
      return Buffer.from(json + ' '.repeat((length / 4) * 3 - json.length)).toString('base64url');
    };
    expect(text(MAX_CURSOR_LENGTH)).toHaveLength(MAX_CURSOR_LENGTH);
    expect(decodeCursor(text(MAX_CURSOR_LENGTH), schema, MESSAGE)).toEqual({ t: t0, i: 'Q-1' });
    refusal(`${text(MAX_CURSOR_LENGTH)}IA`);
    refusal('A'.repeat(MAX_CURSOR_LENGTH + 1));
    refusal('A'.repeat(10 * MAX_CURSOR_LENGTH));
  });

  it('holds every cursor a list can hand out: a listing cursor naming the longest id is under the maximum', () => {
    const longest = encodeCursor({ o: 'price-desc', p: 2_147_483_647, t: t0, i: '\u0001'.repeat(500) });
    expect(longest.length).toBeLessThan(MAX_CURSOR_LENGTH);
    expect(encodeCursor({ o: 'price-desc', p: 2_147_483_647, t: t0, i: '😀'.repeat(250) }).length).toBeLessThan(
      MAX_CURSOR_LENGTH,
    );
  });
});

describe('cursorTimeSchema', () => {
  it('takes UTC ISO text with microseconds of a real moment', () => {
    for (const t of [t0, '2026-12-31T23:59:59.999999Z', '2024-02-29T12:00:00.000001Z', '1970-01-01T00:00:00.000000Z'])
      expect(cursorTimeSchema.safeParse(t).success, t).toBe(true);
  });

  it('refuses any other text', () => {
    for (const t of [
      '2026-01-01T00:00:00.000Z', // milliseconds only: not one of ours
      '2026-01-01T00:00:00.000000',
      '2026-01-01T00:00:00.000000+00:00',
      '2026-01-01 00:00:00.000000Z',
      '2026-02-30T00:00:00.000000Z',
      '2025-02-29T00:00:00.000000Z',
      '2026-04-31T00:00:00.000000Z',
      '2026-01-01T24:00:00.000000Z',
      '2026-01-01T25:00:00.000000Z',
      '2026-01-01T23:60:00.000000Z',
      '2026-13-01T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      'yesterday',
      '',
    ]) {
      expect(cursorTimeSchema.safeParse(t).success, t).toBe(false);
    }
  });
});
