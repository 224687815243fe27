/**
 * Paying on the demo checkout (the shop without Stripe keys): the delivery address a shopper
 * types, and the Pay that takes them to the thank-you view. Journeys that pay through the API
 * send `deliveryAddress()` as the body's `address`.
 */
import { expect, type Page } from '@playwright/test';
import type { DeliveryAddress } from '../../src/shared/delivery-address';

/** A good UK address; each journey can change any part (a name of its own to find the order by). */
export function deliveryAddress(overrides: Partial<DeliveryAddress> = {}): DeliveryAddress {
  return {
    name: 'Ada Lovelace',
    line1: '12 Marchbank Road',
    line2: 'Flat 3',
    city: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 1AA',
    country: 'GB',
    phone: '07700 900123',
    ...overrides,
  };
}

/** The demo checkout's address form, as a shopper fills it in (fields left out of `overrides` get deliveryAddress()'s). */
export async function fillDeliveryAddress(
  page: Page,
  overrides: Partial<DeliveryAddress> = {},
): Promise<DeliveryAddress> {
  const address = deliveryAddress(overrides);
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Full name').fill(address.name);
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('Address line 2').fill(address.line2);
  await form.getByLabel('Town or city').fill(address.city);
  await form.getByLabel('County').fill(address.county);
  await form.getByLabel('Postcode').fill(address.postcode);
  await form.getByLabel('Country').selectOption(address.country);
  await form.getByLabel('Phone number').fill(address.phone);
  return address;
}

/**
 * Fills the address (and the receipt's e-mail, for a guest whose checkout has none), clicks
 * Pay and waits for the thank-you view. Answers the address it typed.
 */
export async function payDemoCheckout(
  page: Page,
  options: { email?: string; address?: Partial<DeliveryAddress> } = {},
): Promise<DeliveryAddress> {
  await expect(page.getByText('Demo payment: no card is charged')).toBeVisible();
  const address = await fillDeliveryAddress(page, options.address);
  if (options.email !== undefined) await page.getByLabel('Email for your receipt').fill(options.email);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/cart\?order_success=true&token=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  return address;
}
