/** Discount codes sent by the admin (docs/spec/decisions.md: unique, one use, 30 days). */
import { DISCOUNT_CODE_DAYS } from '../../../shared/constants';
import type { SendDiscountInput, SentDiscount } from '../../../shared/contracts/admin';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { generateDiscountCode } from './discount-code';
import { discountCodeMail } from './mails';
import { existingProductTypes, insertDiscountCode } from './repository';

const unique = <T>(values: T[]) => [...new Set(values)];

export async function sendDiscountCode(ctx: AppContext, request: SendDiscountInput): Promise<SentDiscount> {
  const types = unique(request.types.map((type) => type.trim()));
  const ages = unique(request.ages);
  const known = await existingProductTypes(ctx.database.db, types);
  const unknown = types.filter((type) => !known.has(type));
  if (unknown.length > 0) {
    throw badRequest(`Unknown product type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose from the types in the catalogue.`);
  }
  const expiresAt = new Date(Date.now() + DISCOUNT_CODE_DAYS * 24 * 3600 * 1000);
  const code = await ctx.database.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const candidate = generateDiscountCode();
      if (await insertDiscountCode(tx, { code: candidate, percentage: request.percentage, types, ages, email: request.email, expiresAt })) {
        await enqueueMail(
          tx,
          await discountCodeMail(ctx.config, {
            to: request.email,
            code: candidate,
            percentage: request.percentage,
            types,
            ages,
            expiresAt,
          }),
        );
        return candidate;
      }
    }
    throw new Error('Could not draw a unique discount code');
  });
  void ctx.mailWorker.kick();
  return { code, percentage: request.percentage, types, ages, email: request.email, expiresAt: expiresAt.toISOString() };
}
