/**
 * The paged catalogue listing (issue #16, decision 113): `GET /api/catalogue/products` answers
 * one page of the shop's books with the home page's filters (type, age, highest price) and sorts
 * (the shop's order, price both ways), the cursor of the next page, how many books match, and the
 * filter panel's facets. Pages are keyset pages (listing/repository.ts), never OFFSET.
 *
 * The facets and each filter's first page come from memory (listing/cache.ts) until the next
 * `productUpdate`, a new filter's first page made from the catalogue kept in memory when it is
 * loaded (listing/memory.ts, decision 166); later pages are always read from the database.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleRoutes } from '../../../http';
import type { Db } from '../../../db/client';
import { cursorTextSchema, cursorTimeSchema, decodeCursor, encodeCursor } from '../../../lib/cursor';
import { messageSchema as errorSchema } from '@shared/contracts/common';
import {
  type CatalogueListing,
  catalogueListingQuerySchema,
  catalogueListingSchema,
  type ListingSort,
} from '@shared/contracts/products';
import { poundsToPence } from '@shared/money';
import { type FacetSummary, ListingAnswer, ListingCache } from './cache';
import { findListingPage, type ListingFilter, type ListingPosition, type ListingRow } from './repository';

// ---- the cursor -------------------------------------------------------------------------------

/*
 * base64url of JSON: {"o": sort, "t": created_at (UTC ISO text, microseconds), "i": id} and, for
 * the price sorts, "p": the price in pence. Opaque to the client, which hands back the next_cursor
 * it was given; checked strictly here so that anything else is a 400 in words, never a database
 * error (lib/cursor.ts). A cursor made for another sort is refused too: the place it names means
 * nothing there.
 */
const cursorId = cursorTextSchema(500);
const cursorPrice = z.number().int().min(1).max(2_147_483_647);
const cursorSchema = z.discriminatedUnion('o', [
  z.strictObject({ o: z.literal('default'), t: cursorTimeSchema, i: cursorId }),
  z.strictObject({ o: z.enum(['price-asc', 'price-desc']), p: cursorPrice, t: cursorTimeSchema, i: cursorId }),
]);

export const BAD_LISTING_CURSOR_MESSAGE =
  'That page of books is not valid (a bad cursor): start again from the first page.';

export function encodeListingCursor(position: ListingPosition): string {
  return encodeCursor(
    position.sort === 'default'
      ? { o: position.sort, t: position.at, i: position.id }
      : { o: position.sort, p: position.pricePence, t: position.at, i: position.id },
  );
}

/** The position a cursor names, for `sort`; 400 for anything that is not a cursor of ours for that sort. */
export function decodeListingCursor(cursor: string, sort: ListingSort): ListingPosition {
  const data = decodeCursor(
    cursor,
    cursorSchema.refine((value) => value.o === sort),
    BAD_LISTING_CURSOR_MESSAGE,
  );
  return data.o === 'default'
    ? { sort: data.o, at: data.t, id: data.i }
    : { sort: data.o, pricePence: data.p, at: data.t, id: data.i };
}

// ---- the call ---------------------------------------------------------------------------------

type ListingQuery = z.output<typeof catalogueListingQuerySchema>;

/** The query's filter: `max_price` (pounds, '' = none) in pence; above any price a book can have is no limit. */
export function listingFilterOf(query: Pick<ListingQuery, 'type' | 'age' | 'max_price'>): ListingFilter {
  const pence = query.max_price === '' ? null : poundsToPence(query.max_price);
  return { type: query.type, age: query.age, maxPence: pence === null || pence > 2_147_483_647 ? null : pence };
}

/** One page of the listing with its next cursor, the number of matches and the facets. */
export async function catalogueListing(db: Db, cache: ListingCache, query: ListingQuery): Promise<CatalogueListing> {
  const after = query.cursor === undefined ? undefined : decodeListingCursor(query.cursor, query.sort);
  const filter = listingFilterOf(query);
  // One more than asked for tells whether another page follows, without counting.
  const [rows, summary] = await Promise.all([
    findListingPage(db, filter, query.sort, after, query.limit + 1),
    cache.facets(),
  ]);
  return listingOf(rows, summary, filter, query.limit);
}

/** The answer for up to `limit + 1` rows of a filter: the page, its next cursor when more follow, the count and the facets. */
function listingOf(rows: ListingRow[], summary: FacetSummary, filter: ListingFilter, limit: number): CatalogueListing {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    products: page.map((row) => row.product),
    next_cursor: rows.length > limit && last ? encodeListingCursor(last.position) : null,
    total: summary.count(filter),
    facets: summary.facets(filter),
  };
}

/**
 * The first page's answer: kept in memory per filter (decision 113); a filter not kept yet is made
 * from the catalogue kept in memory when it is loaded (decision 166), else read from the database.
 */
export function firstListingPage(db: Db, cache: ListingCache, query: ListingQuery): Promise<ListingAnswer> {
  const filter = listingFilterOf(query);
  const key = JSON.stringify([filter.type, filter.age, filter.maxPence, query.sort, query.limit]);
  return cache.firstPage(key, async () => {
    const rows = cache.firstRowsFromMemory(filter, query.sort, query.limit + 1);
    if (!rows) return catalogueListing(db, cache, { ...query, cursor: undefined });
    return listingOf(rows, await cache.facets(), filter, query.limit);
  });
}

/** Sends an answer's bytes, gzipped when the client accepts it and it is worth it. */
async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: ListingAnswer) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepts = request.headers['accept-encoding'];
  if (answer.json.length > 1024 && typeof accepts === 'string' && accepts.includes('gzip')) {
    return reply.header('content-encoding', 'gzip').send(await answer.gzip());
  }
  return reply.send(answer.json);
}

export const catalogueListingRoutes: ModuleRoutes = async (app, ctx) => {
  const cache = ctx.listing;

  app.get(
    '/api/catalogue/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary:
          "One page of the shop's books, filtered (type, age with all-ages books in both, highest price) and sorted (default = the shop's order, price-asc, price-desc; price ties in the shop's order), with next_cursor (null on the last page), the number of matches and the filter panel's facets",
        querystring: catalogueListingQuerySchema,
        // Documented and checked by the tests; the answers are our own bytes (the first pages kept in memory).
        response: { 200: catalogueListingSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const answer =
        query.cursor === undefined
          ? await firstListingPage(ctx.database.db, cache, query)
          : new ListingAnswer(await catalogueListing(ctx.database.db, cache, query));
      return sendAnswer(request, reply, answer);
    },
  );
};
