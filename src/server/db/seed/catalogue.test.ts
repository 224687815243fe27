import { describe, expect, it } from 'vitest';
import { DEMO_BOOKS } from './catalogue';
import { bookImageSvgs, wrapText } from './covers';

describe('the demo catalogue', () => {
  it('has at least 24 books with unique ids and names', () => {
    expect(DEMO_BOOKS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(DEMO_BOOKS.map((b) => b.id)).size).toBe(DEMO_BOOKS.length);
    expect(new Set(DEMO_BOOKS.map((b) => b.name.toLowerCase())).size).toBe(DEMO_BOOKS.length);
    for (const book of DEMO_BOOKS) expect(book.id).toMatch(/^BV-\d{4}$/);
  });

  it('covers every type and age, kids, adults and all ages', () => {
    expect(new Set(DEMO_BOOKS.map((b) => b.type))).toEqual(new Set(['Activity', 'Puzzle', 'Colouring', 'Journal']));
    expect(new Set(DEMO_BOOKS.map((b) => b.age))).toEqual(new Set(['Kids', 'Adults', '']));
  });

  it('is priced from £3.99 to £14.99 in whole pence', () => {
    const prices = DEMO_BOOKS.map((b) => b.pricePence);
    expect(Math.min(...prices)).toBe(399);
    expect(Math.max(...prices)).toBe(1499);
    for (const price of prices) expect(Number.isInteger(price)).toBe(true);
  });

  it('has several descriptions longer than a meta description and one longer than 900 characters', () => {
    expect(DEMO_BOOKS.filter((b) => b.description.length > 155).length).toBeGreaterThanOrEqual(5);
    expect(DEMO_BOOKS.some((b) => b.description.length > 900)).toBe(true);
  });

  it('gives every book 2 to 6 images, front cover first', () => {
    for (const book of DEMO_BOOKS) {
      const svgs = bookImageSvgs(book, 'Inkwell & Puzzle');
      expect(svgs.length).toBeGreaterThanOrEqual(2);
      expect(svgs.length).toBeLessThanOrEqual(6);
      expect(svgs.length).toBe(book.pages);
    }
    expect(new Set(DEMO_BOOKS.map((b) => b.pages)).size).toBeGreaterThanOrEqual(4);
  });

  it('escapes titles in the cover SVG', () => {
    const [front] = bookImageSvgs({ ...DEMO_BOOKS[0]!, name: 'Fish & Chips <Deluxe>' }, 'A & B');
    expect(front).toContain('Fish &amp;');
    expect(front).toContain('&lt;Deluxe&gt;');
    expect(front).toContain('A &amp; B');
    expect(front).not.toContain('<Deluxe>');
  });

  it('wraps text at word boundaries', () => {
    expect(wrapText('The Great British Road Trip Activity Book', 16)).toEqual([
      'The Great',
      'British Road',
      'Trip Activity',
      'Book',
    ]);
  });
});
