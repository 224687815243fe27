/**
 * The opaque cursors of the keyset-paged lists (the owner's orders and discount codes, the shop's
 * listing and the admin's product list): base64url of a small JSON object naming the last row of a
 * page. The client only hands back the next_cursor it was given; each list checks what comes back
 * strictly against its own schema here, so that anything else (not base64url, not JSON, another
 * shape, too long) is a 400 with that list's own message, never a database error.
 */
import { z } from 'zod';
import { badRequest } from './errors';
import { textProblem } from './text-input';

/** A value JSON.stringify writes and JSON.parse gives back the same. */
export type CursorJson =
  string | number | boolean | null | readonly CursorJson[] | { readonly [key: string]: CursorJson };

/**
 * The longest cursor read. Every cursor we hand out is shorter: the longest possible, a listing
 * cursor naming a 500-character id of control characters (6 bytes each in JSON), is 4,099. The
 * routes' query schemas cap what arrives lower still (200 or 1,000 characters); this bound is for
 * callers without one (the storefront's server rendering): a huge cursor is refused unread.
 */
export const MAX_CURSOR_LENGTH = 8192;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The cursor of `value`: base64url (no padding) of its JSON. */
export function encodeCursor(value: CursorJson): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * The value a cursor holds, checked by `schema` (use strict objects: an extra field is a bad
 * cursor too); `badRequest(badCursorMessage)` for anything that is not a cursor `schema` accepts.
 */
export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S, badCursorMessage: string): z.output<S> {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) throw badRequest(badCursorMessage);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(badCursorMessage);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(badCursorMessage);
  return parsed.data;
}

const CURSOR_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A row's created_at as a cursor holds it: UTC ISO text with microseconds, and a real moment
 * (2026-02-30 or 25:00 would come back from Date as another text, or none), so that PostgreSQL
 * reads it as the same instant and never refuses it.
 */
export const cursorTimeSchema = z
  .string()
  .regex(CURSOR_TIME)
  .refine((t) => {
    const date = new Date(`${t.slice(0, 23)}Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === t.slice(0, 23);
  });

/** Text a cursor holds for a text column (an id, a code): 1 to `max` characters PostgreSQL can hold (no NUL, no lone surrogate). */
export const cursorTextSchema = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => textProblem(text) === null);
