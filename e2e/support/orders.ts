/**
 * Orders made the quick way for journeys that need some to look at (not to test the checkout):
 * a checkout session paid on the demo checkout's API, for a guest or a signed-up customer, and
 * the admin's status change through the API.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { OrderStatus } from '../../src/shared/order-status';
import type { DeliveryAddress } from '../../src/shared/delivery-address';
import { deliveryAddress } from './checkout';
import type { Customer } from './customer';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export interface PlacedOrder {
  orderId: string;
  email: string;
}

/** A paid order of `lines` for `email`, or for the customer when one is given; to the UK unless `address` says. */
export async function placePaidOrder(
  request: APIRequestContext,
  options: {
    email: string;
    lines: Array<{ productId: string; qty: number }>;
    customer?: Customer;
    name?: string;
    /** Where it goes (its country is the basket's destination, which a zone of the shop must have). */
    address?: Partial<DeliveryAddress>;
  },
): Promise<PlacedOrder> {
  const { customer } = options;
  const created = await request.post('/api/checkout/create_checkout_session', {
    headers: customer ? auth(customer.token) : {},
    data: {
      cartItems: options.lines.map((line) => ({ product_id: line.productId, qty: line.qty })),
      user_id: customer?.id ?? null,
      user_email: customer?.email ?? '',
      currency: 'GBP',
      ...(options.address?.country ? { country: options.address.country } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { sessionId } = (await created.json()) as { sessionId: string };
  const paid = await request.post(`/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, {
    data: {
      ...(customer ? {} : { email: options.email }),
      address: deliveryAddress({ ...(options.name ? { name: options.name } : {}), ...options.address }),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { orderId: ((await paid.json()) as { order_id: string }).order_id, email: customer?.email ?? options.email };
}

/** An Irish address, for an order priced with the Europe zone of `EUROPE_ZONES`. */
export const IRISH_ADDRESS: Partial<DeliveryAddress> = {
  line1: '7 Harcourt Street',
  line2: '',
  city: 'Dublin',
  county: 'Dublin',
  postcode: 'D02 X285',
  country: 'IE',
  phone: '+353 1 555 0199',
};

/** A zone one journey adds beside those (`more`), to take a country out of it after a sale. */
export const BENELUX = {
  name: 'Benelux',
  countries: ['NL', 'BE'],
  first_book: 5.5,
  each_further_book: 1.5,
  free_over: null,
};

/** A Dutch address, for an order priced with BENELUX. */
export const DUTCH_ADDRESS: Partial<DeliveryAddress> = {
  line1: 'Prinsengracht 263',
  line2: '',
  city: 'Amsterdam',
  county: '',
  postcode: '1016 GV',
  country: 'NL',
  phone: '+31 20 555 0199',
};

/**
 * The print shop's zones for the after-sale journeys (decision 148): the spec's UK zone as it is,
 * and Europe, so that an order priced for Europe may be moved to another of its countries
 * (decision 164). Saved by whichever journey comes first, the same two every time; any other zone
 * already saved (a journey's own, as BENELUX) is kept, and `more` are saved after them.
 */
export async function saveEuropeZones(
  request: APIRequestContext,
  adminToken: string,
  more: Array<typeof BENELUX> = [],
): Promise<void> {
  const own = ['United Kingdom', 'Europe', ...more.map((zone) => zone.name)];
  const saved = await request.get('/api/admin/delivery_zones', { headers: auth(adminToken) });
  expect(saved.status(), await saved.text()).toBe(200);
  const others = ((await saved.json()) as { zones: Array<{ name: string }> }).zones.filter(
    (zone) => !own.includes(zone.name),
  );
  const res = await request.put('/api/admin/delivery_zones', {
    headers: auth(adminToken),
    data: {
      zones: [
        { name: 'United Kingdom', countries: ['GB'], first_book: 3.83, each_further_book: 0, free_over: null },
        { name: 'Europe', countries: ['IE', 'FR', 'DE'], first_book: 6.5, each_further_book: 1.5, free_over: null },
        ...others,
        ...more,
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The admin's status change (POST /api/admin/update_order_status), with the print references. */
export async function setOrderStatus(
  request: APIRequestContext,
  adminToken: string,
  order: PlacedOrder,
  status: OrderStatus,
  refs: { bookVault?: string; tracking?: string } = {},
): Promise<void> {
  const res = await request.post('/api/admin/update_order_status', {
    headers: auth(adminToken),
    data: {
      customer_email: order.email,
      order_id: order.orderId,
      status,
      bookVault_ref: refs.bookVault ?? null,
      tracking_ref: refs.tracking ?? null,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Moves an order on as the owner does, Shipped (with the references) then Delivered. */
export async function deliverOrder(
  request: APIRequestContext,
  adminToken: string,
  order: PlacedOrder,
  refs: { bookVault: string; tracking: string },
): Promise<void> {
  await setOrderStatus(request, adminToken, order, 'Shipped', refs);
  await setOrderStatus(request, adminToken, order, 'Delivered');
}

export interface DemoBook {
  id: string;
  name: string;
  price: number;
}

/** A book of the demo catalogue by its ID (`BV-…`), as the shop lists it. */
export async function demoBook(request: APIRequestContext, id: string): Promise<DemoBook> {
  const products = (await (await request.get('/api/server/get_products')).json()) as DemoBook[];
  const found = products.find((product) => product.id === id);
  expect(found, `demo book ${id}`).toBeDefined();
  return found!;
}
