/**
 * Discount codes (docs/spec/decisions.md: unique, one use, 30 days; decisions 033 and 043): the
 * admin mails a code, the basket checks a typed one, and paying redeems it.
 */
import { DISCOUNT_CODE_DAYS } from '@shared/constants';
import type { SendDiscountInput, SentDiscount } from '@shared/contracts/discounts';
import type { DiscountTerms, PricingLine } from '@shared/pricing';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../mail';
import { generateDiscountCode } from './code';
import { discountCodeMail } from './mails';
import * as repo from './repository';
import { DISCOUNT_PROBLEMS, discountProblem } from './rules';

const unique = <T>(values: T[]) => [...new Set(values)];

/** The product types a code is for, as stored: trimmed, each once. */
export const codeTypes = (types: string[]) => unique(types.map((type) => type.trim()));

/**
 * Draws a unique code and mails it, in one transaction. The flow that sends a code
 * (flows/send-discount-code.ts) has checked its types against the catalogue.
 */
export async function issueDiscountCode(ctx: AppContext, request: SendDiscountInput): Promise<SentDiscount> {
  const types = codeTypes(request.types);
  const ages = unique(request.ages);
  const expiresAt = new Date(Date.now() + DISCOUNT_CODE_DAYS * 24 * 3600 * 1000);
  const code = await ctx.database.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const candidate = generateDiscountCode();
      if (
        await repo.insertDiscountCode(tx, {
          code: candidate,
          percentage: request.percentage,
          types,
          ages,
          email: request.email,
          expiresAt,
        })
      ) {
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
  return {
    code,
    percentage: request.percentage,
    types,
    ages,
    email: request.email,
    expiresAt: expiresAt.toISOString(),
  };
}

/** A usable code's terms, under its stored spelling. */
export type UsableDiscount = { code: string } & DiscountTerms;

/**
 * The terms of a typed code for these basket lines, or a 400 saying why it cannot be used
 * (unknown, used, expired, or for none of the books).
 */
export async function usableDiscount(
  db: Db,
  typed: string,
  lines: readonly Pick<PricingLine, 'type' | 'age'>[],
): Promise<UsableDiscount> {
  const row = await repo.findDiscountCode(db, typed);
  const problem = discountProblem(row, lines, new Date());
  if (problem || !row) throw badRequest(problem ?? DISCOUNT_PROBLEMS.unknown);
  return { code: row.code, percentage: row.percentage, types: row.types, ages: row.ages };
}

/** How the code was used (and by which order), or null while it is unused (or unknown). */
export async function discountCodeUsage(db: Db, code: string): Promise<{ usedByOrderId: string | null } | null> {
  const row = await repo.findDiscountCode(db, code);
  return row?.usedAt ? { usedByOrderId: row.usedByOrderId } : null;
}

// ---- holds (decision 036): a code is held by one open checkout at a time -------------------------

/** Holds an unused code for a checkout until `until`; false when it is used, or held by another checkout. */
export const holdDiscountCode = (db: Db, code: string, holder: string, until: Date): Promise<boolean> =>
  repo.holdDiscountCode(db, code, holder, until);
/** Holds the code until the code itself expires: a checkout whose payment is under way and can no longer expire. */
export const holdDiscountCodeUntilItExpires = (db: Db, code: string, holder: string): Promise<boolean> =>
  repo.holdDiscountCode(db, code, holder, repo.untilTheCodeExpires);
/** Hands a hold from one holder to another (the checkout reference to the provider's session id); false if `from` no longer holds it. */
export const passDiscountHold = (db: Db, code: string, from: string, to: string): Promise<boolean> =>
  repo.passDiscountHold(db, code, from, to);
/** Ends a holder's hold on a code; does nothing when someone else holds it by now. */
export const releaseDiscountHold = (db: Db, code: string, holder: string): Promise<void> =>
  repo.releaseDiscountHold(db, code, holder);

/**
 * Redeems the code for the order, in the caller's transaction: only the first order may. Answers
 * false when another order used it first (the caller decides; a paid order stands, decision 033).
 */
export async function redeemDiscountCode(tx: Db, code: string, orderId: string): Promise<boolean> {
  return repo.markDiscountCodeUsed(tx, code, orderId);
}

/** A cancelled order's code is free again (decision 139). */
export async function freeDiscountCode(tx: Db, code: string, orderId: string): Promise<boolean> {
  return repo.markDiscountCodeUnused(tx, code, orderId);
}

export { DISCOUNT_PROBLEMS };
