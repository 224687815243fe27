/**
 * The pages' declared parameters (decision 131): the server renders a page at `write(read(params))`,
 * so that address must read back as the same view, whatever the address held, and be written the
 * same way again (one kept page per view).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageQuery } from '@shared/page-query';
import { SEARCH_QUERY } from './search/search-address';
import { HOME_QUERY } from './home-address';

/** Addresses' queries: the parameters a page reads with any value, in any order, among junk ones. */
const names = ['type', 'age', 'max_price', 'sort', 'page', 'q', 'z', 'utm_source', 'verified', 'token'];
const values = fc.oneof(
  fc.constantFrom(
    '',
    'Puzzle',
    ' Puzzle ',
    'Kids',
    'Adults',
    'All',
    'price-asc',
    'price-desc',
    '12',
    '12.5',
    '0012',
    '1e3',
    '-1',
    '3',
    '50',
    '2.0',
    '0x10',
    'garden',
  ),
  fc.string({ maxLength: 12 }),
);
const queries = fc
  .array(fc.tuple(fc.constantFrom(...names), values), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs));

function holds(query: PageQuery<unknown>) {
  fc.assert(
    fc.property(queries, (params) => {
      const view = query.read(params);
      const written = query.write(view);
      expect(written === '' || written.startsWith('?')).toBe(true);
      const again = new URLSearchParams(written);
      expect(query.read(again)).toEqual(view);
      expect(query.write(query.read(again))).toBe(written);
    }),
    { numRuns: 500 },
  );
}

describe("a page's address is its view, written one way", () => {
  it('home grid: the view read back from the written address is the same, and writes the same', () =>
    holds(HOME_QUERY as PageQuery<unknown>));
  it('search: the view read back from the written address is the same, and writes the same', () =>
    holds(SEARCH_QUERY as PageQuery<unknown>));
  it('drops what the page does not read and orders what it does', () => {
    expect(HOME_QUERY.write(HOME_QUERY.read(new URLSearchParams('z=1&sort=price-asc&verified=true&type=Puzzle')))).toBe(
      '?type=Puzzle&sort=price-asc',
    );
    expect(SEARCH_QUERY.write(SEARCH_QUERY.read(new URLSearchParams('page=2&z=1&q=%20garden%20')))).toBe(
      '?q=garden&page=2',
    );
    expect(SEARCH_QUERY.write(SEARCH_QUERY.read(new URLSearchParams('z=1')))).toBe('');
  });
});
