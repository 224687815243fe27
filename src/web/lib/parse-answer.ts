/**
 * Checks API answers against the shared contracts (src/shared/contracts). Loaded with the first
 * answer (lib/api.ts), so zod and the contracts are not part of any page's first load.
 *
 * zod decides when a schema is built whether it may compile parsers with `new Function`; the
 * shop's Content-Security-Policy has no 'unsafe-eval' (even the probe is reported as a
 * violation), so zod is told not to here, before a contract module is loaded and builds its schemas.
 */
import { config, safeParse, type $ZodType } from 'zod/v4/core';

config({ jitless: true });

/** The contract modules an answer can name, each loaded on first use. */
export const contracts = {
  accounts: () => import('@shared/contracts/accounts'),
  cart: () => import('@shared/contracts/cart'),
  checkout: () => import('@shared/contracts/checkout'),
  common: () => import('@shared/contracts/common'),
  contact: () => import('@shared/contracts/contact'),
  dashboard: () => import('@shared/contracts/dashboard'),
  discounts: () => import('@shared/contracts/discounts'),
  orders: () => import('@shared/contracts/orders'),
  products: () => import('@shared/contracts/products'),
  reviews: () => import('@shared/contracts/reviews'),
  wishlist: () => import('@shared/contracts/wishlist'),
};

export type Contracts = typeof contracts;

export async function parseAnswer<T>(
  contract: keyof Contracts,
  name: string,
  data: unknown,
): Promise<{ ok: true; value: T } | { ok: false; issues: unknown }> {
  const module: Record<string, unknown> = await contracts[contract]();
  const result = safeParse(module[name] as $ZodType<T>, data);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: result.error.issues };
}
