/**
 * The basket's lines with their books and prices, as the cart page and the basket panel show and
 * price them: a line whose book is no longer in the catalogue is `missing` (once the catalogue has
 * loaded), never priced.
 */
import { poundsToPence } from '@shared/money';
import type { DeliveryZone } from '@shared/delivery-zones';
import { priceCart } from '@shared/pricing';
import type { Product } from '../../lib/products';
import type { AppliedDiscount } from './applied-discount';
import type { BasketLine } from './basket';

export interface PricedLine {
  product: Product;
  qty: number;
  unitPence: number;
}

export function pricedLines(
  items: readonly BasketLine[],
  products: readonly Product[] | undefined,
): { lines: PricedLine[]; missing: string[] } {
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  const gone: string[] = [];
  for (const item of items) {
    const product = byId.get(item.product_id);
    const unitPence = product ? poundsToPence(product.price) : null;
    if (product && unitPence !== null) lines.push({ product, qty: item.qty, unitPence });
    else gone.push(item.product_id);
  }
  return { lines, missing: products ? gone : [] };
}

/** The shared pricing function over the lines, with the code applied in this tab (if any), to a destination's zone (the UK's default without one). */
export const priceLines = (lines: readonly PricedLine[], applied: AppliedDiscount | null, zone?: DeliveryZone) =>
  priceCart(
    lines.map((l) => ({ unitPence: l.unitPence, qty: l.qty, type: l.product.type, age: l.product.age })),
    applied,
    zone,
  );
