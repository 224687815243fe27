/** Delivery zones and the pricing function with them (issue 29, decision 148). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHIPPING_PENCE } from './constants';
import { DEFAULT_DELIVERY_ZONES, deliveryPence, zoneListProblems, zoneOf, type DeliveryZone } from './delivery-zones';
import { percentOfRoundedHalfUp, priceCart, type DiscountTerms, type PricingLine } from './pricing';

const europe: DeliveryZone = {
  name: 'Europe',
  countries: ['IE', 'FR', 'DE'],
  firstBookPence: 650,
  eachFurtherBookPence: 150,
  freeOverPence: 5000,
  estimate: '5–8 working days',
};
const uk = DEFAULT_DELIVERY_ZONES[0]!;
const book = (unitPence: number, qty = 1, type = 'Puzzle', age = 'Kids'): PricingLine => ({
  unitPence,
  qty,
  type,
  age,
});
const code = (percentage: number, types: string[] = []): DiscountTerms => ({ percentage, types, ages: [] });

const lineArb = fc.record({
  unitPence: fc.integer({ min: 0, max: 20_000 }),
  qty: fc.integer({ min: 1, max: 99 }),
  type: fc.constantFrom('Puzzle', 'Colouring', 'Story'),
  age: fc.constantFrom('Kids', 'Adults', ''),
});
const discountArb = fc.option(
  fc.record({
    percentage: fc.integer({ min: 1, max: 99 }),
    types: fc.subarray(['Puzzle', 'Colouring', 'Story']),
    ages: fc.subarray(['Kids', 'Adults', '']),
  }),
  { nil: null },
);

describe('the default zone is the spec', () => {
  it('is one zone, the UK, £3.83 for the first book, £0 each further, no threshold', () => {
    expect(DEFAULT_DELIVERY_ZONES).toEqual([
      {
        name: 'United Kingdom',
        countries: ['GB'],
        firstBookPence: 383,
        eachFurtherBookPence: 0,
        freeOverPence: null,
        estimate: null,
      },
    ]);
  });

  it('property: for every basket and code, the UK zone prices exactly as the spec (£3.83 shipping, code on books and shipping)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 8 }), discountArb, (lines, discount) => {
        const price = priceCart(lines, discount, uk);
        expect(price).toEqual(priceCart(lines, discount));
        expect(price.shippingPence).toBe(SHIPPING_PENCE);
        const subtotal = lines.reduce((sum, l) => sum + l.unitPence * l.qty, 0);
        expect(price.totalPence).toBe(Math.max(0, subtotal + SHIPPING_PENCE - price.discountPence));
        if (price.eligiblePence > 0)
          expect(price.discountPence).toBe(
            percentOfRoundedHalfUp(price.eligiblePence + SHIPPING_PENCE, discount!.percentage),
          );
      }),
    );
  });
});

describe('delivery per zone and number of books', () => {
  it.each([
    [1, 650],
    [2, 800],
    [5, 1250],
  ])('%i book(s) to Europe cost %i pence (first book + each further)', (books, pence) => {
    expect(priceCart([book(500, books)], null, europe).shippingPence).toBe(pence);
    expect(deliveryPence(europe, books, 500 * books)).toBe(pence);
  });

  it('counts books, not lines: two lines of 2 are four books', () => {
    expect(priceCart([book(500, 2), book(700, 2, 'Story')], null, europe).shippingPence).toBe(650 + 3 * 150);
  });

  it('an empty basket costs nothing anywhere', () => {
    expect(priceCart([], null, europe).shippingPence).toBe(0);
  });

  it('property: total = books + delivery − discount, and delivery is never negative', () => {
    const zoneArb = fc.record({
      name: fc.constant('Z'),
      countries: fc.constant(['IE']).map((codes) => [...codes]),
      firstBookPence: fc.integer({ min: 0, max: 5000 }),
      eachFurtherBookPence: fc.integer({ min: 0, max: 2000 }),
      freeOverPence: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      estimate: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), discountArb, zoneArb, (lines, discount, zone) => {
        const price = priceCart(lines, discount, zone);
        const books = lines.reduce((sum, l) => sum + l.qty, 0);
        const full = zone.firstBookPence + (books - 1) * zone.eachFurtherBookPence;
        expect([0, full]).toContain(price.shippingPence);
        expect(price.shippingPence === 0 && full > 0).toBe(
          zone.freeOverPence !== null && price.booksAfterCodePence >= zone.freeOverPence,
        );
        expect(price.totalPence).toBe(Math.max(0, price.subtotalPence + price.shippingPence - price.discountPence));
      }),
    );
  });
});

describe('the free-delivery threshold is on the books after the code', () => {
  it('is free at the threshold and over it, charged just under it', () => {
    expect(priceCart([book(5000)], null, europe).shippingPence).toBe(0);
    expect(priceCart([book(4999)], null, europe).shippingPence).toBe(650);
  });

  it('a code that takes the books under the threshold brings the delivery back, and the code then covers it too', () => {
    // £52 of books, 10 % off: £46.80 after the code, under £50: delivery £6.50 is charged.
    const price = priceCart([book(5200)], code(10), europe);
    expect(price.booksAfterCodePence).toBe(4680);
    expect(price.shippingPence).toBe(650);
    expect(price.discountPence).toBe(percentOfRoundedHalfUp(5200 + 650, 10));
    expect(price.totalPence).toBe(5200 + 650 - 585);
  });

  it('a code that leaves the books over the threshold keeps delivery free', () => {
    const price = priceCart([book(6000)], code(10), europe);
    expect(price.booksAfterCodePence).toBe(5400);
    expect(price.shippingPence).toBe(0);
    expect(price.totalPence).toBe(5400);
  });

  it('a code for other books only does not lower the books total the threshold sees', () => {
    const price = priceCart([book(5000, 1, 'Puzzle')], code(50, ['Story']), europe);
    expect(price.booksAfterCodePence).toBe(5000);
    expect(price.shippingPence).toBe(0);
  });
});

describe('a list of zones is checked', () => {
  const zone = (over: Partial<DeliveryZone> = {}): DeliveryZone => ({ ...europe, ...over });

  it('accepts the default and a UK + Europe list', () => {
    expect(zoneListProblems(DEFAULT_DELIVERY_ZONES)).toEqual([]);
    expect(zoneListProblems([uk, europe])).toEqual([]);
  });

  it('names every problem at once, with its zone', () => {
    expect(
      zoneListProblems([
        uk,
        zone({ countries: ['IE', 'GB', 'IE', 'xx'], firstBookPence: -1, freeOverPence: Number.NaN }),
        zone({ name: ' ', countries: [] }),
      ]),
    ).toEqual([
      'Zone "Europe": GB is already in zone "United Kingdom"; a country can be in one zone only.',
      'Zone "Europe": IE is listed twice.',
      'Zone "Europe": "xx" is not a two-letter country code (ISO 3166-1, such as GB or IE).',
      'Zone "Europe": the price of the first book must be £0.00 or more, in pounds and pence.',
      'Zone "Europe": the free-delivery amount must be £0.00 or more, in pounds and pence.',
      'Zone 3: please give it a name.',
      'Zone 3: add at least one country.',
    ]);
  });

  it('refuses an empty list and two zones of one name', () => {
    expect(zoneListProblems([])).toEqual(['Keep at least one delivery zone: without one the shop can not sell.']);
    expect(zoneListProblems([uk, zone({ name: 'united kingdom', countries: ['IE'] })])).toEqual([
      'Zone "united kingdom": another zone has this name.',
    ]);
  });

  it('finds the zone of a country, whatever its case, and none for a country in no zone', () => {
    expect(zoneOf([uk, europe], 'ie')?.name).toBe('Europe');
    expect(zoneOf([uk, europe], 'US')).toBeNull();
  });
});
