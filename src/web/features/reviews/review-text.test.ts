import { describe, expect, it } from 'vitest';
import { previewReviewText } from './review-text';

describe('previewReviewText', () => {
  it('shows a text of 900 characters whole', () => {
    const text = 'a'.repeat(900);
    expect(previewReviewText(text)).toEqual({ text, cut: false });
  });

  it('cuts a text of 901 characters to its first 850', () => {
    const text = 'b'.repeat(901);
    const shown = previewReviewText(text);
    expect(shown.cut).toBe(true);
    expect(shown.text).toBe('b'.repeat(850));
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = '👍'.repeat(901);
    const shown = previewReviewText(text);
    expect(shown.cut).toBe(true);
    expect(Array.from(shown.text)).toHaveLength(850);
    expect(shown.text).toBe('👍'.repeat(850));
  });

  it('drops trailing spaces at the cut', () => {
    const text = `${'c'.repeat(849)} ${'d'.repeat(100)}`;
    expect(previewReviewText(text).text).toBe('c'.repeat(849));
  });
});
