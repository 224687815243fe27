import { describe, expect, it } from 'vitest';
import { starsFor } from './Stars';

describe('starsFor (the rounded average the stars show)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [3.49, 3],
    [3.5, 4],
    [4.33, 4],
    [5, 5],
  ])('shows %d as %d stars', (value, stars) => {
    expect(starsFor(value)).toBe(stars);
  });

  it('keeps the count between 0 and 5 for values out of range or not numbers', () => {
    expect(starsFor(-2)).toBe(0);
    expect(starsFor(9)).toBe(5);
    expect(starsFor(Number.NaN)).toBe(0);
  });
});
