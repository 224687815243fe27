import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, MAX_HOME_PAGES, hasFilters, homeQuery, readHomeView } from './home-address';

const read = (query: string) => readHomeView(new URLSearchParams(query));

describe('the home view in the address', () => {
  it('reads every part', () => {
    expect(read('type=Puzzle&age=Kids&max_price=12&sort=price-asc&page=3')).toEqual({
      type: 'Puzzle',
      age: 'Kids',
      maxPrice: 12,
      sort: 'price-asc',
      pages: 3,
    });
    expect(read('')).toEqual(DEFAULT_VIEW);
  });

  it('reads what it does not know as the default, so an old or hand-typed link still opens the shop', () => {
    expect(read('age=Teens&sort=cheapest&max_price=abc&page=-2')).toEqual(DEFAULT_VIEW);
    expect(read('max_price=1e9&page=2.5')).toEqual(DEFAULT_VIEW);
    expect(read(`page=${MAX_HOME_PAGES + 50}`).pages).toBe(MAX_HOME_PAGES);
    expect(read(`type=${'x'.repeat(500)}`).type).toHaveLength(200);
    expect(read('type=%20Puzzle%20').type).toBe('Puzzle');
    expect(read('max_price=7.5').maxPrice).toBe(7.5);
  });

  it('writes only what differs from the default, so the plain home page stays /', () => {
    expect(homeQuery(DEFAULT_VIEW)).toBe('');
    expect(homeQuery({ ...DEFAULT_VIEW, type: 'Puzzle & Maze', sort: 'price-desc' })).toBe(
      '?type=Puzzle+%26+Maze&sort=price-desc',
    );
    expect(homeQuery({ ...DEFAULT_VIEW, pages: 2 })).toBe('?page=2');
  });

  it('leaves the price out when the slider is at its top (no limit)', () => {
    expect(homeQuery({ ...DEFAULT_VIEW, maxPrice: 15 }, 15)).toBe('');
    expect(homeQuery({ ...DEFAULT_VIEW, maxPrice: 9 }, 15)).toBe('?max_price=9');
  });

  it('round-trips', () => {
    const view = { type: 'Colouring', age: 'Adults' as const, maxPrice: 8, sort: 'price-asc' as const, pages: 2 };
    expect(read(homeQuery(view).slice(1))).toEqual(view);
  });

  it('knows when a filter is chosen (the empty grid then offers Clear filters)', () => {
    expect(hasFilters(DEFAULT_VIEW)).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, sort: 'price-asc', pages: 3 })).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, age: 'Kids' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_VIEW, maxPrice: 5 })).toBe(true);
  });
});
