/**
 * Discount codes: `BOOK-XXXX-XXXX-XXXX`, 12 characters drawn uniformly (crypto.randomInt, no
 * modulo bias) from 31 letters and digits that cannot be mistaken for each other when read
 * from an e-mail or typed on a phone (no 0/O, 1/I/L, no vowels-only words). 31^12 ≈ 2^59.
 */
import { randomInt } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_PATTERN = /^BOOK(-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}){3}$/;

export function generateDiscountCode(random: (max: number) => number = randomInt): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += CODE_ALPHABET[random(CODE_ALPHABET.length)];
    groups.push(group);
  }
  return `BOOK-${groups.join('-')}`;
}
