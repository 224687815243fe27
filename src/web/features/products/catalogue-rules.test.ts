import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/contracts/products';
import { applyFilters, priceBounds, productTypes, sortProducts } from './catalogue-rules';

const book = (id: string, price: number, type = 'Puzzle', age: Product['age'] = ''): Product => ({
  id,
  name: `Book ${id}`,
  type,
  description: '',
  age,
  price,
  imageUrls: [],
  image_URLs: '',
});

const shelf = [
  book('a', 7.99, 'Puzzle', 'Kids'),
  book('b', 3.99, 'Colouring', 'Adults'),
  book('c', 14.99, 'Journal'),
  book('d', 7.99, 'Puzzle', 'Adults'),
];

describe('price slider bounds', () => {
  it('runs from the floor of the lowest price to the ceiling of the highest', () => {
    expect(priceBounds(shelf)).toEqual({ min: 3, max: 15 });
  });
  it('is 0 to 100 with no products', () => {
    expect(priceBounds([])).toEqual({ min: 0, max: 100 });
  });
  it('keeps whole-pound prices as they are', () => {
    expect(priceBounds([book('x', 5), book('y', 12)])).toEqual({ min: 5, max: 12 });
  });
});

describe('filters', () => {
  const all = { type: '', age: 'All' as const, maxPrice: 100 };

  it('builds the type list from the products, sorted and without repeats', () => {
    expect(productTypes([...shelf, book('e', 1, ' Puzzle '), book('f', 1, '')])).toEqual([
      'Colouring',
      'Journal',
      'Puzzle',
    ]);
  });
  it('shows everything with no filter', () => {
    expect(applyFilters(shelf, all)).toHaveLength(4);
  });
  it('filters by type', () => {
    expect(applyFilters(shelf, { ...all, type: 'Puzzle' }).map((p) => p.id)).toEqual(['a', 'd']);
  });
  it('filters by age, counting all-ages books as suitable for both', () => {
    expect(applyFilters(shelf, { ...all, age: 'Kids' }).map((p) => p.id)).toEqual(['a', 'c']);
    expect(applyFilters(shelf, { ...all, age: 'Adults' }).map((p) => p.id)).toEqual(['b', 'c', 'd']);
  });
  it('hides books above the highest price, keeping those exactly at it', () => {
    expect(applyFilters(shelf, { ...all, maxPrice: 7.99 }).map((p) => p.id)).toEqual(['a', 'b', 'd']);
    expect(applyFilters(shelf, { ...all, maxPrice: 3 })).toEqual([]);
  });
  it('combines filters', () => {
    expect(applyFilters(shelf, { type: 'Puzzle', age: 'Adults', maxPrice: 10 }).map((p) => p.id)).toEqual(['d']);
  });
});

describe('sort', () => {
  it('keeps the shop order by default', () => {
    expect(sortProducts(shelf, 'default').map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('sorts by price both ways, ties in shop order', () => {
    expect(sortProducts(shelf, 'price-asc').map((p) => p.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(sortProducts(shelf, 'price-desc').map((p) => p.id)).toEqual(['c', 'a', 'd', 'b']);
  });
  it('does not change the list it was given', () => {
    const copy = [...shelf];
    sortProducts(shelf, 'price-desc');
    expect(shelf).toEqual(copy);
  });
});
