import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/contracts/product';
import { applyFilters, otherItems, priceBounds, productTypes, seededRandom, similarItems, sortProducts } from './catalogue-rules';

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

const shelf = [book('a', 7.99, 'Puzzle', 'Kids'), book('b', 3.99, 'Colouring', 'Adults'), book('c', 14.99, 'Journal'), book('d', 7.99, 'Puzzle', 'Adults')];

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
    expect(productTypes([...shelf, book('e', 1, ' Puzzle '), book('f', 1, '')])).toEqual(['Colouring', 'Journal', 'Puzzle']);
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

describe('similar and other items', () => {
  const subject = book('s', 8, 'Puzzle', 'Kids');
  const candidates = [
    subject,
    book('far-same', 14, 'Puzzle', 'Kids'),
    book('near-same-age', 8.5, 'Journal', 'Kids'),
    book('same-type-other-age', 8, 'Puzzle', 'Adults'),
    book('near-same', 7, 'Puzzle', 'Kids'),
    book('nothing', 8, 'Colouring', 'Adults'),
  ];

  it('orders by matching age, then matching type, then nearest price, never the book itself', () => {
    expect(similarItems(subject, candidates, 5).map((p) => p.id)).toEqual(['near-same', 'far-same', 'near-same-age', 'same-type-other-age', 'nothing']);
  });
  it('answers at most the number asked for', () => {
    expect(similarItems(subject, candidates, 2)).toHaveLength(2);
  });
  it('picks other items at random from the books not excluded', () => {
    const exclude = new Set(['s', 'near-same']);
    const first = otherItems(exclude, candidates, 3, () => 0);
    const second = otherItems(exclude, candidates, 3, () => 0.99);
    for (const pick of [first, second]) {
      expect(pick).toHaveLength(3);
      expect(pick.some((p) => exclude.has(p.id))).toBe(false);
    }
    expect(first.map((p) => p.id)).not.toEqual(second.map((p) => p.id));
  });
  it('seeds a repeatable random sequence per text, in [0, 1), different for different texts', () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, () => random());
    };
    expect(draw('product-a')).toEqual(draw('product-a'));
    expect(draw('product-a')).not.toEqual(draw('product-b'));
    for (const value of draw('product-c')) expect(value >= 0 && value < 1).toBe(true);
    // Spread: over 2,000 draws every tenth of the range gets some.
    const random = seededRandom('spread');
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 2000; i += 1) buckets[Math.floor(random() * 10)] += 1;
    for (const count of buckets) expect(count).toBeGreaterThan(120);
  });
});
