/** Whether a discount code can be used on a basket, and why not (shown to the shopper). Pure. */
import * as MSG from '@shared/messages';
import { discountApplies, type PricingLine } from '@shared/pricing';

export const DISCOUNT_PROBLEMS = {
  unknown: 'This discount code does not exist. Check the code in your e-mail and try again.',
  used: 'This discount code has already been used.',
  expired: 'This discount code has expired.',
  notApplicable: 'This discount code does not apply to the books in your basket.',
  /** An open checkout holds the code (docs/decisions/036). */
  held: MSG.discountCodeHeld,
} as const;

export interface DiscountCodeFacts {
  percentage: number;
  types: string[];
  ages: string[];
  expiresAt: Date;
  usedAt: Date | null;
  /** Until when an open checkout holds the code (null: no hold). */
  heldUntil: Date | null;
  /** When the owner revoked it (decision 120); a revoked code is refused as an expired one. */
  revokedAt?: Date | null;
}

export function discountProblem(
  code: DiscountCodeFacts | null,
  lines: readonly Pick<PricingLine, 'type' | 'age'>[],
  now: Date,
): string | null {
  if (!code) return DISCOUNT_PROBLEMS.unknown;
  if (code.usedAt) return DISCOUNT_PROBLEMS.used;
  if (code.revokedAt) return DISCOUNT_PROBLEMS.expired;
  if (code.expiresAt.getTime() <= now.getTime()) return DISCOUNT_PROBLEMS.expired;
  if (!discountApplies(lines, code)) return DISCOUNT_PROBLEMS.notApplicable;
  if (code.heldUntil && code.heldUntil.getTime() > now.getTime()) return DISCOUNT_PROBLEMS.held;
  return null;
}
