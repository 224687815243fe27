/**
 * The owner revokes an unused discount code (decision 120): the discounts module revokes it, then
 * the dashboard forgets the answers it keeps, so its figures show the change at once (decision 135).
 */
import type { RevokeDiscountCodeAnswer } from '@shared/contracts/discounts';
import type { AppContext } from '../context';
import { forgetDashboardAnswers } from '../modules/dashboard';
import { revokeCode } from '../modules/discounts';

export async function revokeDiscountCode(ctx: AppContext, code: string, by: string): Promise<RevokeDiscountCodeAnswer> {
  const answer = await revokeCode(ctx, code, by);
  forgetDashboardAnswers(ctx);
  return answer;
}
