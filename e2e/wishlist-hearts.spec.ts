/**
 * Wishlist: a signed-in shopper hearts and un-hearts books, applied at once; when the
 * server fails the heart is rolled back and the spec's error banner shows. A guest's heart goes
 * to /login.
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, uniqueEmail } from './support/fixtures';

test('a guest pressing a heart is sent to /login', async ({ page, request }) => {
  const [book] = (await (await request.get('/api/server/get_products')).json()) as { name: string }[];
  await page.goto('/');
  await page.getByRole('button', { name: `Add ${book!.name} to wishlist` }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a shopper adds and removes wishlist books, and a failing server rolls the heart back', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/server/get_products')).json()) as { name: string }[];
  const [loved, failing] = [products[4]!, products[5]!];
  await signInAsCustomer(page, await createCustomer(request, uniqueEmail('wishlist')));

  await page.goto('/wishlist');
  await expect(page.getByText(MSG.wishlistEmpty)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();

  await page.getByRole('button', { name: `Add ${loved.name} to wishlist` }).click();
  await expect(page.getByRole('button', { name: `Remove ${loved.name} from wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const banner = page.getByText(MSG.addedToWishlist);
  await expect(banner).toBeVisible();
  await banner.click(); // the 'love' banner opens the wishlist
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { name: loved.name })).toBeVisible();
  await expectAccessible(page);

  // The server refuses: the heart shows at once, then rolls back with the spec's message.
  await page.goto('/');
  await page.route('**/api/server/add_wishlist', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.getByRole('button', { name: `Add ${failing.name} to wishlist` }).click();
  await expect(page.getByText(MSG.errorAddingToWishlist)).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${failing.name} to wishlist` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.unroute('**/api/server/add_wishlist');

  // Removing fails once, then works.
  await page.goto('/wishlist');
  await page.route('**/api/server/remove_wishlist', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.getByRole('button', { name: `Remove ${loved.name} from wishlist` }).click();
  await expect(page.getByText(MSG.errorRemovingFromWishlist)).toBeVisible();
  await expect(page.getByRole('heading', { name: loved.name })).toBeVisible();
  await page.unroute('**/api/server/remove_wishlist');

  await page.getByRole('button', { name: `Remove ${loved.name} from wishlist` }).click();
  await expect(page.getByText(MSG.removedFromWishlist)).toBeVisible();
  await expect(page.getByText(MSG.wishlistEmpty)).toBeVisible();
  await page.reload();
  await expect(page.getByText(MSG.wishlistEmpty)).toBeVisible();
});

test('a failing basket call rolls the quantity back with the spec message', async ({ page, request }) => {
  const [book] = (await (await request.get('/api/server/get_products')).json()) as { name: string }[];
  await signInAsCustomer(page, await createCustomer(request, uniqueEmail('basket-fail')));
  await page.getByRole('button', { name: `Add ${book!.name} to basket` }).click();
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await page.route('**/api/server/update_cart', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.getByRole('button', { name: `One more ${book!.name}` }).click();
  await expect(page.getByText(MSG.failedUpdateQuantity, { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${book!.name}`)).toHaveValue('1');
});
