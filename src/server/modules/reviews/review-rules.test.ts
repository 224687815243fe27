import { describe, expect, it } from 'vitest';
import { addReviewBodySchema, averageRating, normaliseReviewText, reviewerName } from '@shared/contracts/reviews';

describe('reviewerName', () => {
  it('is the part of the e-mail before the @ only', () => {
    expect(reviewerName('jane.doe@example.com')).toBe('jane.doe');
    expect(reviewerName('a+tag@sub.example.co.uk')).toBe('a+tag');
  });
});

describe('averageRating', () => {
  it('is 0 without ratings and has two decimals otherwise', () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(13, 3)).toBe(4.33);
    expect(averageRating(14, 3)).toBe(4.67);
    expect(averageRating(7, 2)).toBe(3.5);
  });
});

describe('normaliseReviewText', () => {
  it('trims, unifies line ends and removes NUL characters', () => {
    expect(normaliseReviewText('  a\r\nb\rc\u0000d  ')).toBe('a\nb\ncd');
  });
});

describe('addReviewBodySchema', () => {
  const valid = { order_id: 'o', product_id: 'p', rating: 3, review: 'ok' };
  it('accepts ratings 1 to 5 and refuses 0, 6, fractions and text', () => {
    for (const rating of [1, 2, 3, 4, 5])
      expect(addReviewBodySchema.safeParse({ ...valid, rating }).success).toBe(true);
    for (const rating of [0, 6, 2.5, '3', null])
      expect(addReviewBodySchema.safeParse({ ...valid, rating }).success).toBe(false);
  });
  it('counts the text after trimming: 2000 characters pass, 2001 and only spaces do not', () => {
    expect(addReviewBodySchema.safeParse({ ...valid, review: ` ${'x'.repeat(2000)} ` }).success).toBe(true);
    expect(addReviewBodySchema.safeParse({ ...valid, review: 'x'.repeat(2001) }).success).toBe(false);
    expect(addReviewBodySchema.safeParse({ ...valid, review: ' \n ' }).success).toBe(false);
  });
});
