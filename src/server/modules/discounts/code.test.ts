import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_PATTERN, generateDiscountCode } from './code';

describe('generateDiscountCode', () => {
  it('makes readable codes of three groups from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i += 1) expect(generateDiscountCode()).toMatch(CODE_PATTERN);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('uses every position of the random source (no fixed characters beyond the prefix)', () => {
    let n = 0;
    const code = generateDiscountCode((max) => n++ % max);
    expect(code).toBe('BOOK-2345-6789-ABCD');
  });

  it('does not repeat codes in practice', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => generateDiscountCode()));
    expect(codes.size).toBe(5000);
  });
});
