/**
 * The admin's product list, `GET /api/admin/products?q=&cursor=&limit=` (issue #18, decision 122):
 * one page of the shop's books, newest first, with the next page's cursor and how many books
 * match. The cursor is the shopper listing's (listing.ts: opaque base64url, checked strictly, a
 * bad one is a 400 in words) holding the same place, a book's exact created_at and id; only the
 * direction differs, and that is this list's own.
 */
import type { Db } from '../../../../db/client';
import type { AdminProductList, adminProductListQuerySchema } from '@shared/contracts/products';
import type { z } from 'zod';
import { countAdminList, findAdminListPage, type AdminListPosition } from './repository';
import { decodeListingCursor, encodeListingCursor } from '../../listing/service';

type AdminListQuery = z.output<typeof adminProductListQuerySchema>;

const encodeCursor = (position: AdminListPosition) => encodeListingCursor({ sort: 'default', ...position });
function decodeCursor(cursor: string): AdminListPosition {
  const { at, id } = decodeListingCursor(cursor, 'default');
  return { at, id };
}

export async function adminProductList(db: Db, query: AdminListQuery): Promise<AdminProductList> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // Control characters (which separate the fields searched) are spaces in the owner's text.
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  const text = query.q.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  // One more than asked for tells whether another page follows.
  const [rows, total] = await Promise.all([
    findAdminListPage(db, text, after, query.limit + 1),
    countAdminList(db, text),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    products: page.map((row) => row.product),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.position) : null,
    total,
  };
}
