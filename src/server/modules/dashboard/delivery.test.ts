/**
 * The dashboard's delivery by zone (decision 150): per zone, what customers paid for delivery and,
 * where the printer answered a delivery cost in GBP, what it charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/contracts/dashboard';
import { printJobs } from '../../db/schema';
import { createOrder } from '../../test/factories/admin-orders';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { BEFORE_ZONES } from './delivery';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

describe('delivery by zone', () => {
  it('sums delivery charged per zone against the printer’s delivery cost where it answered one', async () => {
    const book = await createProduct(t.deps.database.db, { name: 'Zone Puzzles', pricePence: 500 });
    const line = { productId: book.id, name: book.name, unitPence: 500, qty: 1 };
    const at = new Date('2026-05-10T12:00:00Z');
    const order = (deliveryZone: string | null, shippingPence: number) =>
      createOrder(t.app, { email: 'ann@example.com', lines: [line], createdAt: at, deliveryZone, shippingPence });
    const cost = async (orderId: string, dispatchCostPence: number, costCurrency = 'GBP') =>
      t.deps.database.db
        .insert(printJobs)
        .values({ orderId, partner: 'bookvault', state: 'submitted', dispatchCostPence, costPence: 900, costCurrency });
    const ie1 = await order('Europe', 650);
    const ie2 = await order('Europe', 800);
    await order('Europe', 650);
    const uk = await order('United Kingdom', 383);
    const usd = await order('United Kingdom', 383);
    await order(null, 383);
    await cost(ie1.id, 720);
    await cost(ie2.id, 880);
    await cost(uk.id, 299);
    await cost(usd.id, 999, 'USD'); // another currency: not comparable, left out

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard?period=custom&from=2026-05-10&to=2026-05-10',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Dashboard).delivery_by_zone).toEqual([
      {
        zone: 'Europe',
        orders: 3,
        charged: 21,
        orders_with_printer_cost: 2,
        charged_on_those: 14.5,
        printer_charged: 16,
      },
      {
        zone: 'United Kingdom',
        orders: 2,
        charged: 7.66,
        orders_with_printer_cost: 1,
        charged_on_those: 3.83,
        printer_charged: 2.99,
      },
      {
        zone: BEFORE_ZONES,
        orders: 1,
        charged: 3.83,
        orders_with_printer_cost: 0,
        charged_on_those: 0,
        printer_charged: 0,
      },
    ]);
  });
});
