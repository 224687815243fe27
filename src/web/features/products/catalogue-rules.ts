/**
 * The catalogue's pure rules (spec section 9): price slider bounds, filters and sort. The product
 * page's Similar Items and Other Items are read by the server (decision 125).
 */
import type { Product } from '@shared/contracts/products';

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
  return [...new Set(products.map((product) => product.type.trim()).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b, 'en-GB'),
  );
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
    (product) =>
      (!filters.type || product.type.trim() === filters.type) &&
      matchesAge(product, filters.age) &&
      product.price <= filters.maxPrice,
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
