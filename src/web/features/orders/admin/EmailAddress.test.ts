import { describe, expect, it } from 'vitest';
import { emailPieces } from './EmailAddress';

describe('emailPieces', () => {
  it('keeps a short address whole when it has no separator', () => {
    expect(emailPieces('ada@example')).toEqual(['ada@example']);
  });

  it('cuts before dots and after hyphens, underscores and pluses, and the pieces make the address again', () => {
    const email = 'margaret.hamilton-long_name+shop@mail.example.co.uk';
    const pieces = emailPieces(email);
    expect(pieces).toEqual(['margaret', '.hamilton-', 'long_', 'name+', 'shop@mail', '.example', '.co', '.uk']);
    expect(pieces.join('')).toBe(email);
  });

  it('never lets a line end or start with the @', () => {
    for (const email of ['a.@b.c', 'a@.b', 'a-@b', 'a@-b.c', 'x_@y', 'p+@q.r']) {
      const pieces = emailPieces(email);
      expect(pieces.join('')).toBe(email);
      for (const piece of pieces) {
        expect(piece.endsWith('@'), `${email}: ${pieces.join(' | ')}`).toBe(false);
        expect(piece.startsWith('@'), `${email}: ${pieces.join(' | ')}`).toBe(false);
      }
    }
  });

  it('leaves a text without an @ cut at its separators only', () => {
    expect(emailPieces('not-an.address')).toEqual(['not-', 'an', '.address']);
  });
});
