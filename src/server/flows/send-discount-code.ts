/**
 * The owner mails a discount code (decisions 033, 043): its product types are checked against the
 * products module's catalogue, then the discounts module draws the code and mails it.
 */
import type { SendDiscountInput, SentDiscount } from '@shared/contracts/discounts';
import type { AppContext } from '../context';
import { badRequest } from '../lib/errors';
import { codeTypes, issueDiscountCode } from '../modules/discounts';
import { existingProductTypes } from '../modules/products';

export async function sendDiscountCode(ctx: AppContext, request: SendDiscountInput): Promise<SentDiscount> {
  const types = codeTypes(request.types);
  const known = await existingProductTypes(ctx.database.db, types);
  const unknown = types.filter((type) => !known.has(type));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown product type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose from the types in the catalogue.`,
    );
  }
  return issueDiscountCode(ctx, request);
}
