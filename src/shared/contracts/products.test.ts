import { describe, expect, it } from 'vitest';
import { parseProductFields, PRODUCT_FIELD_NAMES, productSchema, toProductAnswer } from './products';

describe('parseProductFields', () => {
  const good = {
    id: 'BV-1',
    name: ' Puzzle Book ',
    type: 'Puzzle',
    description: 'Line one\r\nLine two',
    age: 'Kids',
    price: '7.99',
  };

  it('trims, normalises line endings and turns pounds into pence', () => {
    expect(parseProductFields(good)).toEqual({
      ok: true,
      value: {
        id: 'BV-1',
        name: 'Puzzle Book',
        type: 'Puzzle',
        description: 'Line one\nLine two',
        age: 'Kids',
        price: 799,
      },
    });
  });

  it('accepts whole pounds and one decimal', () => {
    expect(parseProductFields({ ...good, price: '12' })).toMatchObject({ value: { price: 1200 } });
    expect(parseProductFields({ ...good, price: '3.5' })).toMatchObject({ value: { price: 350 } });
  });

  it.each([
    [{ id: undefined }, /ID is required/],
    [{ name: '' }, /name is required/],
    [{ price: '1e3' }, /positive amount/],
    [{ price: '0.00' }, /positive amount/],
    [{ price: '100000.01' }, /positive amount/],
    [{ price: ' ' }, /price is required/],
    [{ price: undefined }, /price is required/],
    [{ name: 'x'.repeat(201) }, /name must be at most 200/],
    [{ type: 'x'.repeat(61) }, /type must be at most 60/],
    [{ description: 'x'.repeat(10001) }, /description must be at most 10000/],
    [{ age: 'kids' }, /Kids, Adults or empty/],
    [{ id: '../x' }, /letters, digits/],
  ])('refuses %o', (override, message) => {
    const result = parseProductFields({ ...good, ...override });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
  });
});

describe('the product answer', () => {
  it('shows exactly the declared fields, money in pounds, and the images in slot order', () => {
    const stored = { id: 'BV-1', name: 'Puzzles', type: 'Puzzle', description: '', age: '' as const, price: 799 };
    const answer = toProductAnswer({ ...stored, imageKeys: ['k'] } as typeof stored, ['/a.webp', '/b.webp']);
    expect(answer).toEqual({
      ...stored,
      price: 7.99,
      imageUrls: ['/a.webp', '/b.webp'],
      image_URLs: '/a.webp,/b.webp',
    });
    expect(productSchema.parse(answer)).toEqual(answer);
  });

  it('the form and the multipart reader take every declared field', () => {
    expect(PRODUCT_FIELD_NAMES).toEqual(['id', 'name', 'type', 'description', 'age', 'price']);
  });
});
