/**
 * A basket priced from database prices (decision 148 for delivery): the products module's prices
 * and types, the discounts module's code, the one pricing function. The server never trusts a
 * price, total or discount from the browser. Reached through `ctx.flows` by the code check and by
 * opening a checkout (decision 135).
 */
import { CART_QTY_MAX } from '@shared/constants';
import type { ValidateDiscountAnswer } from '@shared/contracts/discounts';
import { zoneOf, type DeliveryZone } from '@shared/delivery-zones';
import { penceToPounds } from '@shared/money';
import { priceCart, type CartPrice } from '@shared/pricing';
import type { AppContext } from '../context';
import type { CheckoutLine } from '../db/schema';
import { badRequest } from '../lib/errors';
import { currentZones, noZoneSentence } from '../modules/checkout';
import { usableDiscount, type UsableDiscount } from '../modules/discounts';
import { pricedProducts } from '../modules/products';

export interface PricedBasket {
  lines: (CheckoutLine & { type: string; age: string })[];
  price: CartPrice;
  discount: UsableDiscount | null;
}

/**
 * Prices a basket from database prices. Refuses (400) an empty basket, an unknown product, a bad
 * quantity and a code that cannot be used, saying why.
 */
export async function priceBasket(
  ctx: AppContext,
  items: { product_id: string; qty: number }[],
  code?: string | null,
  zone?: DeliveryZone,
): Promise<PricedBasket> {
  if (items.length === 0) throw badRequest('Your basket is empty.');
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.qty);
  for (const [productId, qty] of quantities) {
    if (qty > CART_QTY_MAX)
      throw badRequest(`qty must be a whole number from 1 to ${CART_QTY_MAX} (product ${productId}).`);
  }
  const found = new Map((await pricedProducts(ctx.database.db, [...quantities.keys()])).map((p) => [p.id, p]));
  const lines = [...quantities].map(([productId, qty]) => {
    const product = found.get(productId);
    if (!product)
      throw badRequest(
        `A book in your basket is no longer sold (product ${productId}). Please remove it and try again.`,
      );
    return {
      productId,
      productKey: product.key,
      name: product.name,
      qty,
      unitPence: product.pricePence,
      type: product.type,
      age: product.age,
    };
  });
  const pricing = lines.map((line) => ({ unitPence: line.unitPence, qty: line.qty, type: line.type, age: line.age }));

  const typed = code?.trim();
  const discount = typed ? await usableDiscount(ctx.database.db, typed, pricing) : null;
  return { lines, price: priceCart(pricing, discount, zone), discount };
}

export async function validateDiscount(
  ctx: AppContext,
  code: string,
  items: { product_id: string; qty: number }[],
  country = 'GB',
): Promise<ValidateDiscountAnswer> {
  // Priced for the shopper's delivery zone, as the checkout will be: the code takes off delivery too.
  const zone = zoneOf(await currentZones(ctx.database.db), country);
  if (!zone) throw badRequest(await noZoneSentence(ctx, country));
  const { price, discount } = await priceBasket(ctx, items, code, zone);
  return {
    code: discount!.code,
    percentage: discount!.percentage,
    types: [...discount!.types],
    ages: [...discount!.ages],
    discount: penceToPounds(price.discountPence),
    total: penceToPounds(price.totalPence),
  };
}
