/**
 * Delivery (issue 14): a guest types where the books go on the demo checkout, is told what is
 * wrong with a bad postcode under the field and fixes it, pays, and finds the order (number,
 * books, total, address) on the thank-you view and in the confirmation mail; a customer is
 * offered their last address at the next checkout and finds each order's address in the history;
 * the fields carry the browser's autofill names; the thank-you view waits for a payment that is
 * still being confirmed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { IMPORT_CHARGES_NOTICE } from '../src/shared/delivery-zones';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { deliveryAddress, fillDeliveryAddress, payDemoCheckout } from './support/checkout';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, uniqueEmail, waitForMail, waitForApp } from './support/fixtures';

interface Product {
  id: string;
  name: string;
  price: number;
  type: string;
  age: string;
}

/** Demo books, by their place among them: other journeys add and delete books of their own. */
async function demoBook(request: APIRequestContext, index: number): Promise<Product> {
  const products = (await (await request.get('/api/server/get_products')).json()) as Product[];
  const book = products.filter((product) => /^BV-\d+$/.test(product.id))[index];
  expect(book, `demo book ${index}`).toBeDefined();
  return book!;
}

/** From the home page to the demo checkout with one copy of `book` in the basket. */
async function checkOutOne(page: Page, book: Product): Promise<void> {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('button', { name: `Add ${book.name} to basket` }).click();
  await expect(page.getByText(MSG.addedToBasket)).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('complementary', { name: 'Order Summary' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
  await expect(page.getByText('Demo payment: no card is charged')).toBeVisible();
}

const totalOf = (book: Product) =>
  priceCart([{ unitPence: Math.round(book.price * 100), qty: 1, type: book.type, age: book.age }]).totalPence;

test('a guest types an address, fixes a bad postcode, and finds the order with its address on the thank-you view and in the mail', async ({
  page,
  request,
}) => {
  const book = await demoBook(request, 3);
  const total = formatPence(totalOf(book));
  await checkOutOne(page, book);

  // A message shows once a field is left, not while the shopper is in it.
  const name = page.getByLabel('Full name');
  await name.focus();
  await expect(name).not.toHaveAttribute('aria-invalid');
  await name.blur();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please enter your full name.');

  // An invisible right-to-left override (pasted text) is named under its field (issue 32, finding 8).
  await name.fill('Ada \u202eecalevoL');
  await name.blur();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(
    'Full name contains an invisible character (U+202E) that can reorder or hide text: please type it again without it.',
  );

  // A postcode that is not a UK one is named under its field.
  const address = await fillDeliveryAddress(page, { name: 'Ada Lovelace', postcode: 'BA1' });
  await expect(name).not.toHaveAttribute('aria-invalid');
  const postcode = page.getByLabel('Postcode');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription('Please enter a UK postcode, such as SW1A 1AA.');
  await expectAccessible(page);

  // Pay is refused on the page: the bad field is focused and nothing leaves the browser.
  const pays: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/pay')) pays.push(sent.url());
  });
  const email = uniqueEmail('delivery-guest');
  await page.getByLabel('Email for your receipt').fill(email);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(postcode).toBeFocused();
  expect(pays).toEqual([]);

  // Fixed (typed in lower case without the space, as people do): the message goes.
  await postcode.fill('ba11aa');
  await expect(postcode).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Please enter a UK postcode, such as SW1A 1AA.')).toHaveCount(0);

  const paid = page.waitForResponse(
    (response) => response.url().endsWith('/pay') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  const { order_id: orderId } = (await (await paid).json()) as { order_id: string };
  await expect(page).toHaveURL(/\/cart\?order_success=true&token=demo_/);

  // The thank-you view: order number as the shop shows it, the book, the total, the address.
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`Order number #${orderId.slice(-10)}`)).toBeVisible();
  const books = page.getByRole('region', { name: 'Your books' });
  await expect(books.getByRole('row').filter({ hasText: book.name }).getByRole('cell')).toHaveText([
    book.name,
    '1',
    formatPence(Math.round(book.price * 100)),
  ]);
  await expect(page.getByTestId('order-total')).toHaveText(total);
  const deliveringTo = page.getByRole('region', { name: 'Delivering to' });
  await expect(page.getByTestId('delivery-address')).toHaveText(
    [address.name, address.line1, address.line2, address.city, address.county, 'BA1 1AA', 'United Kingdom'].join(''),
  );
  await expect(deliveringTo).toContainText('We will e-mail you when it ships.');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(request, email, /is confirmed/);
  expect(mail.text).toContain(orderId.slice(-10));
  expect(mail.text).toContain(`1 × ${book.name}`);
  expect(mail.text).toContain(`Total paid: ${total}`);
  for (const line of [address.name, address.line1, address.line2, address.city, 'BA1 1AA', 'United Kingdom'])
    expect(mail.text).toContain(line);
  expect(mail.text).not.toContain(IMPORT_CHARGES_NOTICE); // a UK order: no import charges
});

test('the receipt e-mail the server refuses is shown above Pay, and nothing is ordered', async ({ page, request }) => {
  await checkOutOne(page, await demoBook(request, 4));
  await fillDeliveryAddress(page);
  // Looks like an address to the page's quick check; the server's full check refuses it.
  await page.getByLabel('Email for your receipt').fill('reader@example..com');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address for your receipt.');
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
});

test('a customer is offered their last address at the next checkout, and the history shows each order’s address', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, uniqueEmail('delivery-customer'));
  await signInAsCustomer(page, customer);

  // The first order: nothing to offer yet.
  await checkOutOne(page, await demoBook(request, 5));
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByLabel('Email for your receipt')).toHaveCount(0); // the account's e-mail is used
  const first = await payDemoCheckout(page, {
    address: { name: 'Mary Somerville', line1: '4 Chapel Row', line2: '', county: '' },
  });
  await expect(page.getByTestId('delivery-address')).toContainText('4 Chapel Row');
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveCount(0);

  // The second: the last address is filled in and can be changed.
  await checkOutOne(page, await demoBook(request, 6));
  await expect(page.getByText('We filled in the address of your last order')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue(first.name);
  await expect(page.getByLabel('Address line 1')).toHaveValue(first.line1);
  await expect(page.getByLabel('Town or city')).toHaveValue(first.city);
  await expect(page.getByLabel('Postcode')).toHaveValue(first.postcode);
  await expect(page.getByLabel('Country')).toHaveValue('GB');
  await expect(page.getByLabel('Phone number')).toHaveValue(first.phone);
  await page.getByLabel('Address line 1').fill('9 Queen Square');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('delivery-address')).toContainText('9 Queen Square');

  await page.getByRole('link', { name: 'your profile' }).click();
  const history = page.getByRole('heading', { name: 'Your orders' }).locator('..');
  const orders = history.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Order #/ }) });
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText(
    'Delivery address: Mary Somerville, 9 Queen Square, Bath, BA1 1AA, United Kingdom',
  );
  await expect(orders.nth(1)).toContainText(
    'Delivery address: Mary Somerville, 4 Chapel Row, Bath, BA1 1AA, United Kingdom',
  );
});

test('the address fields carry the browser’s autofill names', async ({ page, request }) => {
  const book = await demoBook(request, 0);
  const checkout = await request.post('/api/checkout/create_checkout_session', {
    data: {
      cartItems: [{ product_id: book.id, qty: 1 }],
      user_id: null,
      user_email: '',
      shipping_cost: 3.83,
      currency: 'GBP',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await page.goto(((await checkout.json()) as { url: string }).url);

  const expected: [label: string, autocomplete: string][] = [
    ['Full name', 'shipping name'],
    ['Address line 1', 'shipping address-line1'],
    ['Address line 2', 'shipping address-line2'],
    ['Town or city', 'shipping address-level2'],
    ['County', 'shipping address-level1'],
    ['Postcode', 'shipping postal-code'],
    ['Country', 'shipping country'],
    ['Phone number', 'shipping tel'],
    ['Email for your receipt', 'email'],
  ];
  for (const [label, autocomplete] of expected)
    await expect(page.getByLabel(label), label).toHaveAttribute('autocomplete', autocomplete);
  await expect(page.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
  await expect(page.getByLabel('Email for your receipt')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Country').locator('option')).toHaveText(['United Kingdom']);
});

test('the thank-you view waits for a payment being confirmed, and says so calmly when it does not come', async ({
  page,
  request,
}) => {
  const book = await demoBook(request, 1);
  const checkout = await request.post('/api/checkout/create_checkout_session', {
    data: {
      cartItems: [{ product_id: book.id, qty: 1 }],
      user_id: null,
      user_email: uniqueEmail('delivery-late'),
      shipping_cost: 3.83,
      currency: 'GBP',
    },
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };

  // Back from the payment page before the payment is known (as after Stripe, ahead of its webhook).
  await page.goto(`/cart?order_success=true&token=${encodeURIComponent(sessionId)}`);
  await expect(page.getByRole('status').filter({ hasText: 'Confirming your payment…' })).toBeVisible();
  const paid = await request.post(`/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, {
    data: { address: deliveryAddress({ name: 'Late Payer' }) },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect(page.getByTestId('delivery-address')).toContainText('Late Payer');
  await expect(page.getByText('Confirming your payment…')).toHaveCount(0);

  // A checkout that is never paid: the asking stops after about half a minute (the clock is hurried along).
  await page.clock.install();
  await page.goto('/cart?order_success=true&token=demo_never_paid');
  await expect(page.getByText('Confirming your payment…')).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(1_000);
        return page.getByText('Your payment is taking a little longer than usual').isVisible();
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByText('we will e-mail your order confirmation as soon as it arrives')).toBeVisible();
});
