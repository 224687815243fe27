import { describe, expect, it } from 'vitest';
import { allowedStatuses, isValidDiscountPercent, parseProductFields, SIMPLE_EMAIL } from './admin';

describe('parseProductFields', () => {
  const good = { id: 'BV-1', name: ' Puzzle Book ', type: 'Puzzle', description: 'Line one\r\nLine two', age: 'Kids', price: '7.99' };

  it('trims, normalises line endings and turns pounds into pence', () => {
    expect(parseProductFields(good)).toEqual({
      ok: true,
      value: { id: 'BV-1', name: 'Puzzle Book', type: 'Puzzle', description: 'Line one\nLine two', age: 'Kids', pricePence: 799 },
    });
  });

  it('accepts whole pounds and one decimal', () => {
    expect(parseProductFields({ ...good, price: '12' })).toMatchObject({ value: { pricePence: 1200 } });
    expect(parseProductFields({ ...good, price: '3.5' })).toMatchObject({ value: { pricePence: 350 } });
  });

  it.each([
    [{ id: undefined }, /ID is required/],
    [{ name: '' }, /name is required/],
    [{ price: '1e3' }, /positive amount/],
    [{ price: '0.00' }, /positive amount/],
    [{ price: '100000.01' }, /positive amount/],
    [{ age: 'kids' }, /Kids, Adults or empty/],
    [{ id: '../x' }, /letters, digits/],
  ])('refuses %o', (override, message) => {
    const result = parseProductFields({ ...good, ...override });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
  });
});

describe('allowedStatuses', () => {
  it('offers the current status and every later one', () => {
    expect(allowedStatuses('Printing')).toEqual(['Printing', 'Shipped', 'Delivered']);
    expect(allowedStatuses('Shipped')).toEqual(['Shipped', 'Delivered']);
    expect(allowedStatuses('Delivered')).toEqual(['Delivered']);
  });
});

describe('discount form rules', () => {
  it('accepts whole percentages from 1 to 99 only', () => {
    expect([1, 10, 99, '25'].every(isValidDiscountPercent)).toBe(true);
    expect([0, 100, 12.5, '', 'ten', null].some(isValidDiscountPercent)).toBe(false);
  });

  it('checks e-mails with the spec\'s simple pattern', () => {
    expect(SIMPLE_EMAIL.test('a@b.co')).toBe(true);
    expect(SIMPLE_EMAIL.test('a@b')).toBe(false);
    expect(SIMPLE_EMAIL.test('a b@c.d')).toBe(false);
  });
});
