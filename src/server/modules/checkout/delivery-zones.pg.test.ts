/**
 * Delivery zones on two instances (issue 29, decision 148): a change saved through one instance
 * prices the very next checkout on the other (no copy of the zones is kept in memory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser } from '../../test/factories/users';
import { createTwoInstances, type TwoInstances } from '../../test/two-instances';

let shop: TwoInstances;
beforeAll(async () => {
  shop = await createTwoInstances();
});
afterAll(() => shop?.close());

describe('two instances on one PostgreSQL', () => {
  it("a zone change on the first prices the next checkout on the second, and the second's basket reads it", async () => {
    const owner = await createUser(shop.first, { role: 'admin' });
    const book = await createProduct(shop.first.ctx.database.db, { name: 'Two Shops Puzzles', pricePence: 500 });
    const checkoutOnSecond = async (country: string) => {
      const res = await shop.second.inject({
        method: 'POST',
        url: '/api/checkout/create_checkout_session',
        payload: { cartItems: [{ product_id: book.id, qty: 2 }], user_email: 'ann@example.com', country },
      });
      return res;
    };
    // Before: the default zone only; Ireland is refused on the second instance.
    expect((await checkoutOnSecond('IE')).statusCode).toBe(400);
    const saved = await shop.first.inject({
      method: 'PUT',
      url: '/api/admin/delivery_zones',
      headers: bearer(owner.token),
      payload: {
        zones: [
          { name: 'United Kingdom', countries: ['GB'], first_book: 2.5, each_further_book: 1, free_over: null },
          { name: 'Europe', countries: ['IE'], first_book: 6.5, each_further_book: 1.5, free_over: null },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const zones = (await shop.second.inject({ method: 'GET', url: '/api/server/delivery_zones' })).json().zones;
    expect(zones.map((zone: { name: string }) => zone.name)).toEqual(['United Kingdom', 'Europe']);
    for (const [country, shipping] of [
      ['IE', 8],
      ['GB', 3.5],
    ] as const) {
      const res = await checkoutOnSecond(country);
      expect(res.statusCode, res.body).toBe(200);
      const view = await shop.second.inject({ method: 'GET', url: `/api/checkout/demo/${res.json().sessionId}` });
      expect(view.json().shipping).toBe(shipping);
    }
  });
});
