/**
 * The owner's view of the codes sent (issue #20, decision 120): every code, newest first, with
 * its state and the order that used it, and revoking an unused one. Its routes are admin/routes.ts.
 */
import { z } from 'zod';
import type { AdminDiscountCode, DiscountCodePage, RevokeDiscountCodeAnswer } from '@shared/contracts/discounts';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import {
  cursorTextSchema,
  cursorTimeSchema,
  decodeCursor as decodeJsonCursor,
  encodeCursor as encodeJsonCursor,
} from '../../../lib/cursor';
import { conflict, notFound } from '../../../lib/errors';
import * as repo from '../repository';

type CodeState = AdminDiscountCode['state'];

/** used (even if also revoked: a late payment's order stands, decision 120) > revoked > expired > unused. */
export function codeStateOf(
  row: Pick<repo.DiscountCodeRow, 'usedAt' | 'revokedAt' | 'expiresAt'>,
  now: Date,
): CodeState {
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'unused';
}

export function toAdminDiscountCode(
  row: repo.DiscountCodeRow & { usedByOrderAt: Date | null },
  now: Date,
): AdminDiscountCode {
  const state = codeStateOf(row, now);
  return {
    code: row.code,
    email: row.email,
    percentage: row.percentage,
    types: row.types,
    ages: row.ages,
    sent_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    state,
    used:
      row.usedAt && row.usedByOrderId
        ? { order_id: row.usedByOrderId, order_date: row.usedByOrderAt?.toISOString() ?? null }
        : null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    can_revoke: state === 'unused' || state === 'expired',
  };
}

/*
 * The cursor: base64url of {"t": created_at as UTC ISO text with microseconds, "c": the code}
 * (lib/cursor.ts).
 * Opaque to the client; checked strictly, so anything else is a 400 in words.
 */
const cursorSchema = z.strictObject({ t: cursorTimeSchema, c: cursorTextSchema(100) });
export const BAD_CODE_CURSOR_MESSAGE =
  'That page of discount codes is not valid (a bad cursor): start again from the first page.';

const encodeCursor = (position: { createdAt: string; code: string }) =>
  encodeJsonCursor({ t: position.createdAt, c: position.code });

function decodeCursor(cursor: string): { createdAt: string; code: string } {
  const { t, c } = decodeJsonCursor(cursor, cursorSchema, BAD_CODE_CURSOR_MESSAGE);
  return { createdAt: t, code: c };
}

/** GET /api/admin/dashboard/discount-codes: one page of the codes sent, newest first. */
export async function sentCodesPage(
  db: Db,
  query: { cursor?: string; limit: number },
  now = new Date(),
): Promise<DiscountCodePage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, total] = await Promise.all([
    repo.listDiscountCodes(db, after, query.limit + 1),
    repo.countDiscountCodes(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    codes: page.map((row) => toAdminDiscountCode(row, now)),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.position) : null,
    total,
  };
}

const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * POST /api/admin/discount-codes/:code/revoke. Refused (409) for a used code and for one an open
 * checkout holds now (a shopper is paying with it); revoking a revoked code again answers the same.
 */
export async function revokeCode(ctx: AppContext, typed: string, by: string): Promise<RevokeDiscountCodeAnswer> {
  const db = ctx.database.db;
  const found = await repo.findDiscountCode(db, typed);
  if (!found) throw notFound('There is no discount code with that name.');
  const revoked = await repo.revokeDiscountCode(db, found.code);
  const answer = async (message: string): Promise<RevokeDiscountCodeAnswer> => {
    const [row] = await repo.listDiscountCodes(db, null, 1, found.code);
    return { message, code: toAdminDiscountCode(row!, new Date()) };
  };
  if (revoked) {
    ctx.log.info({ code: found.code, by }, 'discount code revoked by the owner');
    return answer(`Code ${found.code} is revoked: it can no longer be used.`);
  }
  const now = await repo.findDiscountCode(db, found.code);
  if (!now) throw notFound('There is no discount code with that name.');
  if (now.usedAt) throw conflict(`Code ${now.code} has already been used by an order, so it cannot be revoked.`);
  if (now.revokedAt) return answer(`Code ${now.code} was already revoked.`);
  const until = now.heldUntil ? ` until ${londonTime.format(now.heldUntil)}` : '';
  throw conflict(
    `A shopper is paying with code ${now.code} right now (their checkout holds it${until}); it can be revoked if that checkout ends without an order.`,
  );
}
