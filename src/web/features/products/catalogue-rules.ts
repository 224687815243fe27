/**
 * The catalogue's pure rules (spec section 9): price slider bounds, filters, sort, and the
 * product page's Similar Items and Other Items.
 */
import type { Product } from '@shared/contracts/product';

export type SortOrder = 'default' | 'price-asc' | 'price-desc';
export type AgeFilter = 'All' | 'Kids' | 'Adults';

export interface Filters {
  /** '' = every type. */
  type: string;
  age: AgeFilter;
  /** Highest price shown, in whole pounds. */
  maxPrice: number;
}

/** Slider bounds: the floor of the lowest price to the ceiling of the highest; 0 to 100 with no products. */
export function priceBounds(products: readonly Product[]): { min: number; max: number } {
  if (products.length === 0) return { min: 0, max: 100 };
  let min = Infinity;
  let max = -Infinity;
  for (const { price } of products) {
    if (price < min) min = price;
    if (price > max) max = price;
  }
  return { min: Math.floor(min), max: Math.ceil(max) };
}

/** The product types for the type filter, sorted, without blanks or repeats. */
export function productTypes(products: readonly Product[]): string[] {
  return [...new Set(products.map((product) => product.type.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en-GB'));
}

/**
 * Kids and Adults each include the all-ages books (age ''), since those suit everyone;
 * 'All' shows every book.
 */
function matchesAge(product: Product, age: AgeFilter): boolean {
  return age === 'All' || product.age === age || product.age === '';
}

export function applyFilters(products: readonly Product[], filters: Filters): Product[] {
  return products.filter(
    (product) => (!filters.type || product.type.trim() === filters.type) && matchesAge(product, filters.age) && product.price <= filters.maxPrice,
  );
}

/** Default keeps the shop's order; price sorts are stable, ties keep the shop's order. */
export function sortProducts(products: readonly Product[], order: SortOrder): Product[] {
  if (order === 'default') return [...products];
  const direction = order === 'price-asc' ? 1 : -1;
  return products
    .map((product, index) => ({ product, index }))
    .sort((a, b) => (a.product.price - b.product.price) * direction || a.index - b.index)
    .map(({ product }) => product);
}

/** Similar Items: other books by matching age, then matching type, then nearest price. */
export function similarItems(product: Product, products: readonly Product[], count = 4): Product[] {
  return products
    .filter((other) => other.id !== product.id)
    .map((other) => ({
      other,
      age: other.age === product.age ? 0 : 1,
      type: other.type === product.type ? 0 : 1,
      distance: Math.abs(other.price - product.price),
    }))
    .sort((a, b) => a.age - b.age || a.type - b.type || a.distance - b.distance)
    .slice(0, count)
    .map(({ other }) => other);
}

/**
 * A repeatable random sequence for a text (FNV-1a hash seeding mulberry32): the same product
 * gets the same Other Items on the server and in the browser, so hydration matches (decision 090).
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Other Items: a random pick of the books not already shown. */
export function otherItems(exclude: ReadonlySet<string>, products: readonly Product[], count = 4, random: () => number = Math.random): Product[] {
  const pool = products.filter((product) => !exclude.has(product.id));
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}
