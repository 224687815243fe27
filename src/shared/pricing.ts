/**
 * The one pricing function (docs/spec/decisions.md, "Pricing"). The cart page shows what it gives and the
 * server charges what it gives, computed from database prices. Everything is integer pence.
 *
 *   subtotal = Σ unit price × qty
 *   books    = Σ qty
 *   shipping = the destination zone's first book + (books − 1) × each further book, or 0 when the
 *              zone has a "free over" amount and subtotal − p % of the eligible books (the books'
 *              total after the code) reaches it; 0 for an empty cart (decision 148). The default
 *              zone (the UK, 383 + 0 per further book, no threshold) is the spec's flat 383.
 *   discount = p % of (eligible items + shipping), rounded half up to the penny, once;
 *              0 when no item is eligible (the code does not apply)
 *   total    = subtotal + shipping − discount, never negative
 *
 * An item is eligible when the code's types list is empty or holds the item's type, and the code's
 * ages list is empty or holds the item's age ('' for all-ages books).
 */
import { CART_QTY_MAX, CART_QTY_MIN } from './constants';
import { DEFAULT_DELIVERY_ZONES, deliveryPence, type DeliveryZone } from './delivery-zones';

export interface PricingLine {
  unitPence: number;
  qty: number;
  type: string;
  /** 'Kids', 'Adults' or '' (all ages). */
  age: string;
}

export interface DiscountTerms {
  percentage: number;
  /** Allowed product types; empty = every type. */
  types: readonly string[];
  /** Allowed ages; empty = every age. */
  ages: readonly string[];
}

export interface CartPrice {
  subtotalPence: number;
  shippingPence: number;
  /** Sum of the eligible lines (before shipping); 0 without a discount. */
  eligiblePence: number;
  discountPence: number;
  totalPence: number;
  /** The books' total after the code's share of them: what a zone's "free over" amount is compared with. */
  booksAfterCodePence: number;
}

export function isEligible(
  line: Pick<PricingLine, 'type' | 'age'>,
  discount: Pick<DiscountTerms, 'types' | 'ages'>,
): boolean {
  const typeOk =
    discount.types.length === 0 || discount.types.some((type) => type.toLowerCase() === line.type.toLowerCase());
  const ageOk = discount.ages.length === 0 || discount.ages.includes(line.age);
  return typeOk && ageOk;
}

/** p % of an amount of pence, rounded half up (amounts and percentages are non-negative integers). */
export function percentOfRoundedHalfUp(pence: number, percentage: number): number {
  return Math.floor((pence * percentage + 50) / 100);
}

export function isValidQty(qty: number): boolean {
  return Number.isInteger(qty) && qty >= CART_QTY_MIN && qty <= CART_QTY_MAX;
}

/**
 * `zone` is the destination's delivery zone; without one, the default (the UK at the spec's flat
 * rate), so every caller that knows no zone prices exactly as the spec.
 */
export function priceCart(
  lines: readonly PricingLine[],
  discount?: DiscountTerms | null,
  zone: DeliveryZone = DEFAULT_DELIVERY_ZONES[0]!,
): CartPrice {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitPence) || line.unitPence < 0)
      throw new RangeError('unitPence must be a non-negative integer');
    if (!isValidQty(line.qty)) throw new RangeError(`qty must be an integer ${CART_QTY_MIN} to ${CART_QTY_MAX}`);
  }
  const subtotalPence = lines.reduce((sum, line) => sum + line.unitPence * line.qty, 0);
  const hasItems = lines.length > 0;
  const books = lines.reduce((sum, line) => sum + line.qty, 0);
  let eligiblePence = 0;
  let percentage = 0;
  if (discount && hasItems) {
    const eligible = lines.filter((line) => isEligible(line, discount));
    if (eligible.length > 0) {
      eligiblePence = eligible.reduce((sum, line) => sum + line.unitPence * line.qty, 0);
      percentage = Math.min(100, Math.max(0, Math.trunc(discount.percentage)));
    }
  }
  const booksAfterCodePence = subtotalPence - percentOfRoundedHalfUp(eligiblePence, percentage);
  const shippingPence = hasItems ? deliveryPence(zone, books, booksAfterCodePence) : 0;
  const discountPence = percentage > 0 ? percentOfRoundedHalfUp(eligiblePence + shippingPence, percentage) : 0;
  const totalPence = Math.max(0, subtotalPence + shippingPence - discountPence);
  return { subtotalPence, shippingPence, eligiblePence, discountPence, totalPence, booksAfterCodePence };
}

/** True when the code would lower this cart's price (at least one line is eligible). */
export function discountApplies(lines: readonly Pick<PricingLine, 'type' | 'age'>[], discount: DiscountTerms): boolean {
  return lines.some((line) => isEligible(line, discount));
}
