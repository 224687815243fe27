/**
 * Discount codes for tests, inserted directly (the admin's send-discount-code makes real ones).
 *
 *   const code = await createDiscountCode(db, { percentage: 10, types: ['Puzzle'] });
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { discountCodes } from '../../db/schema';

export interface DiscountFixture {
  code: string;
  percentage: number;
  types: string[];
  ages: string[];
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function createDiscountCode(db: Db, opts: Partial<DiscountFixture> = {}): Promise<DiscountFixture> {
  const code = {
    code: opts.code ?? `TEST${randomBytes(5).toString('hex').toUpperCase()}`,
    percentage: opts.percentage ?? 10,
    types: opts.types ?? [],
    ages: opts.ages ?? [],
    email: opts.email ?? 'friend@example.com',
    expiresAt: opts.expiresAt ?? new Date(Date.now() + 30 * 24 * 3600 * 1000),
    usedAt: opts.usedAt ?? null,
  };
  await db.insert(discountCodes).values(code);
  return code;
}
