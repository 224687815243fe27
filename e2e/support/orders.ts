/**
 * Orders made the quick way for journeys that need some to look at (not to test the checkout):
 * a checkout session paid on the demo checkout's API, for a guest or a signed-up customer, and
 * the admin's status change through the API.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { OrderStatus } from '../../src/shared/order-status';
import { deliveryAddress } from './checkout';
import type { Customer } from './customer';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export interface PlacedOrder {
  orderId: string;
  email: string;
}

/** A paid order of `lines` for `email`, or for the customer when one is given. */
export async function placePaidOrder(
  request: APIRequestContext,
  options: { email: string; lines: Array<{ productId: string; qty: number }>; customer?: Customer; name?: string },
): Promise<PlacedOrder> {
  const { customer } = options;
  const created = await request.post('/api/checkout/create_checkout_session', {
    headers: customer ? auth(customer.token) : {},
    data: {
      cartItems: options.lines.map((line) => ({ product_id: line.productId, qty: line.qty })),
      user_id: customer?.id ?? null,
      user_email: customer?.email ?? '',
      currency: 'GBP',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { sessionId } = (await created.json()) as { sessionId: string };
  const paid = await request.post(`/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, {
    data: {
      ...(customer ? {} : { email: options.email }),
      address: deliveryAddress(options.name ? { name: options.name } : {}),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { orderId: ((await paid.json()) as { order_id: string }).order_id, email: customer?.email ?? options.email };
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
