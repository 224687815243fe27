/**
 * The owner's holding rules (decision 151): kept in the database (app_settings), so every instance
 * of the shop applies the same ones the moment the owner switches them; both off until then.
 */
import { reviewHoldRulesSchema, type ReviewHoldRules } from '@shared/contracts/reviews';
import type { Db } from '../../db/client';
import * as repo from './repository';

const OFF: ReviewHoldRules = { hold_low_ratings: false, hold_links: false };

export async function holdRules(db: Db): Promise<ReviewHoldRules> {
  const stored = await repo.readHoldRules(db);
  if (stored === null) return OFF;
  try {
    const parsed = reviewHoldRulesSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : OFF;
  } catch {
    return OFF;
  }
}

export async function saveHoldRules(db: Db, rules: ReviewHoldRules): Promise<ReviewHoldRules> {
  await repo.writeHoldRules(db, JSON.stringify(rules));
  return rules;
}
