import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, orderItems, productImages, products } from '../../../db/schema';
import { createOrder } from '../../../test/factories/admin-orders';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import * as MSG from '@shared/messages';
import { imageKeyOf } from '../../images/service';
import { jpegImage, pngBomb, pngImage, svgWithScript, textFile, truncated } from '../../../test/images';
import { multipartBody, png, type FilePart } from '../../../test/multipart';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let red: Buffer;
let green: Buffer;
let blue: Buffer;
let published: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app);
  [red, green, blue] = await Promise.all([pngImage('#c00'), pngImage('#0c0'), pngImage('#00c')]);
  t.app.ctx.events.subscribe((payload) => published.push(payload));
});
afterAll(() => t.close());

const fields = (overrides: Record<string, string> = {}) => ({
  id: 'BV-100',
  name: 'The Big Puzzle Book',
  type: 'Puzzle',
  description: 'Two hundred puzzles.\nFor long evenings.',
  age: 'Adults',
  price: '7.99',
  ...overrides,
});

function post(url: string, body: Record<string, string>, files: FilePart[] = [], token: string | null = admin.token) {
  const { payload, headers } = multipartBody(body, files);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}
const add = (body: Record<string, string>, files: FilePart[] = [], token?: string | null) =>
  post('/api/admin/products/add_product', body, files, token);
const edit = (id: string, body: Record<string, string>, files: FilePart[] = [], token?: string | null) =>
  post(`/api/admin/products/edit_product/${encodeURIComponent(id)}`, body, files, token);

async function countRows() {
  const db = t.deps.database.db;
  return {
    products: (await db.select().from(products)).length,
    productImages: (await db.select().from(productImages)).length,
  };
}

async function waitForPublished(count: number) {
  const deadline = Date.now() + 2000;
  while (published.length < count && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  return published;
}

describe('add_product', () => {
  it('adds a product with its images in slot order and answers the product in pounds', async () => {
    published = [];
    const res = await add(fields(), [png(red), png(green), png(blue)]);
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json();
    expect(product).toMatchObject({
      id: 'BV-100',
      name: 'The Big Puzzle Book',
      type: 'Puzzle',
      age: 'Adults',
      price: 7.99,
    });
    expect(product.description).toBe('Two hundred puzzles.\nFor long evenings.');
    expect(product.imageUrls).toEqual([red, green, blue].map((bytes) => `/images/${imageKeyOf(bytes)}/640.webp`));
    expect(product.image_URLs).toBe(product.imageUrls.join(','));
    const [row] = await t.deps.database.db.select().from(products).where(eq(products.id, 'BV-100'));
    expect(row!.pricePence).toBe(799);
    expect(await waitForPublished(1)).toEqual([JSON.stringify({ change: 'add', id: 'BV-100' })]);
  });

  it('adds a product without images, age empty meaning all ages', async () => {
    const res = await add(fields({ id: 'BV-101', name: 'Colour Me Calm', age: '', price: '12' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ age: '', price: 12, imageUrls: [], image_URLs: '' });
  });

  it('answers 409 naming the id when the book-vault ID is taken', async () => {
    const res = await add(fields({ name: 'Another name' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/book-vault ID BV-100 already exists/);
  });

  it('answers 409 naming the name when the name is taken', async () => {
    const res = await add(fields({ id: 'BV-999' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/named "The Big Puzzle Book" already exists/);
  });

  it.each([
    ['a missing id', { id: '' }, /book-vault ID is required/],
    ['an id with spaces', { id: 'BV 1' }, /letters, digits/],
    ['a missing name', { name: '  ' }, /name is required/],
    ['a missing price', { price: '' }, /price is required/],
    ['a negative price', { price: '-1' }, /positive amount/],
    ['a zero price', { price: '0' }, /positive amount/],
    ['three decimals', { price: '7.999' }, /at most 2 decimals/],
    ['a price that is not a number', { price: 'seven' }, /positive amount/],
    ['an unknown age', { age: 'Teens' }, /Kids, Adults or empty/],
    ['an over-long name', { name: 'x'.repeat(201) }, /at most 200/],
  ])('refuses %s with 400 and writes nothing', async (_label, override, message) => {
    const before = await countRows();
    const res = await add(fields({ id: 'BV-200', name: 'New book', ...override }), [png(red)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await countRows()).toEqual(before);
  });

  it.each([
    ['a renamed text file', () => png(textFile, 'notes.png'), /not a supported image/],
    [
      'an SVG with a script',
      () => ({ filename: 'cover.svg', contentType: 'image/svg+xml', bytes: svgWithScript }),
      /not a supported image/,
    ],
    [
      'a truncated JPEG',
      async () => ({ filename: 'cover.jpg', contentType: 'image/jpeg', bytes: truncated(await jpegImage()) }),
      /damaged or incomplete/,
    ],
    ['a 20,000 × 20,000 pixel bomb', () => png(pngBomb(), 'bomb.png'), /too large to process/],
  ])('refuses %s with 400 naming the image, and writes nothing of the product', async (_label, makeFile, message) => {
    const before = await countRows();
    const imagesBefore = (await t.deps.database.db.select().from(images)).length;
    const res = await add(fields({ id: 'BV-300', name: 'Hostile upload' }), [png(red), await makeFile()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Image 2: /);
    expect(res.json().message).toMatch(message);
    expect(await countRows()).toEqual(before);
    expect((await t.deps.database.db.select().from(images)).length).toBe(imagesBefore);
  });

  it('refuses a seventh image with 400', async () => {
    const seven = await Promise.all(['#111', '#222', '#333', '#444', '#555', '#666', '#777'].map((c) => pngImage(c)));
    const before = await countRows();
    const res = await add(
      fields({ id: 'BV-400', name: 'Seven pictures' }),
      seven.map((bytes) => png(bytes)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 6 images/);
    expect(await countRows()).toEqual(before);
  });

  it('refuses an image over 10 MB with 400', async () => {
    const huge = Buffer.concat([await pngImage('#999'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await add(fields({ id: 'BV-401', name: 'Huge picture' }), [png(huge)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Image 1: .*larger than 10 MB/);
  });

  it('refuses a JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/add_product',
      payload: fields(),
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/multipart/);
  });
});

describe('edit_product', () => {
  it('updates fields and re-orders images; re-sent images are stored once', async () => {
    published = [];
    const imagesBefore = (await t.deps.database.db.select().from(images)).length;
    const res = await edit('BV-100', fields({ name: 'The Bigger Puzzle Book', price: '8.50', age: 'Kids' }), [
      png(blue, 'product_0'),
      png(red, 'product_1'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 'BV-100', name: 'The Bigger Puzzle Book', price: 8.5, age: 'Kids' });
    expect(res.json().imageUrls).toEqual([blue, red].map((bytes) => `/images/${imageKeyOf(bytes)}/640.webp`));
    expect((await t.deps.database.db.select().from(images)).length).toBe(imagesBefore);
    expect(await waitForPublished(1)).toEqual([JSON.stringify({ change: 'edit', id: 'BV-100' })]);
  });

  it('may change the book-vault ID; the images follow', async () => {
    const res = await edit('BV-101', fields({ id: 'BV-101B', name: 'Colour Me Calm', age: '' }), [png(green)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe('BV-101B');
    const rows = await t.deps.database.db.select().from(productImages).where(eq(productImages.productId, 'BV-101B'));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when renaming onto another product', async () => {
    const res = await edit('BV-101B', fields({ id: 'BV-101B', name: 'The Bigger Puzzle Book' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/named/);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await edit('NOPE', fields({ id: 'NOPE', name: 'Nobody' }));
    expect(res.statusCode).toBe(404);
  });

  it('refuses a bad image and leaves the product as it was', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(admin.token) })
    ).statusCode;
    expect(before).toBe(200);
    const rowsBefore = await t.deps.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, 'BV-100'));
    const res = await edit('BV-100', fields({ name: 'Changed?' }), [png(red), png(textFile, 'x.png')]);
    expect(res.statusCode).toBe(400);
    const [row] = await t.deps.database.db.select().from(products).where(eq(products.id, 'BV-100'));
    expect(row!.name).toBe('The Bigger Puzzle Book');
    expect(await t.deps.database.db.select().from(productImages).where(eq(productImages.productId, 'BV-100'))).toEqual(
      rowsBefore,
    );
  });
});

describe('admin image originals', () => {
  it('gives an admin the original bytes of a stored image, so the form can re-send it unchanged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/images/${imageKeyOf(red)}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(red)).toBe(true);
  });

  it('answers 404 for an unknown key and 400 for a malformed one', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/images/${'a'.repeat(64)}`, headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/images/..%2Fsecret', headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(400);
  });
});

describe('delete_product', () => {
  it('deletes a product never sold and announces it', async () => {
    published = [];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/delete_product/BV-101B',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product deleted', archived: false });
    expect(await t.deps.database.db.select().from(products).where(eq(products.id, 'BV-101B'))).toEqual([]);
    expect(await waitForPublished(1)).toEqual([JSON.stringify({ change: 'delete', id: 'BV-101B' })]);
  });

  it('archives a product that has been sold; its order stays readable (decision 039, more in archive.test.ts)', async () => {
    const add = await post('/api/admin/products/add_product', fields({ id: 'BV-SOLD', name: 'Colour Me Calm' }));
    expect(add.statusCode).toBe(200);
    await createOrder(t.app, {
      email: 'reader@example.com',
      lines: [{ productId: 'BV-SOLD', name: 'Colour Me Calm', unitPence: 1200, qty: 1 }],
    });
    published = [];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/delete_product/BV-SOLD',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.productArchived, archived: true });
    expect(
      await t.deps.database.db.select({ id: products.id }).from(products).where(eq(products.id, 'BV-SOLD')),
    ).toEqual([{ id: 'BV-SOLD' }]);
    expect(await waitForPublished(1)).toEqual([JSON.stringify({ change: 'archive', id: 'BV-SOLD' })]);
    const lines = await t.deps.database.db.select().from(orderItems).where(eq(orderItems.productId, 'BV-SOLD'));
    expect(lines).toEqual([expect.objectContaining({ name: 'Colour Me Calm', unitPricePence: 1200 })]);
    const orders = (
      await t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(admin.token) })
    ).json();
    expect(
      orders.some((order: { items: Array<{ item: string }> }) =>
        order.items.some((item) => item.item === 'Colour Me Calm'),
      ),
    ).toBe(true);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/delete_product/BV-101B',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('product calls are for admins only', () => {
  const calls = [
    [
      'add',
      () => add(fields({ id: 'BV-500', name: 'Sneaky' }), [], null),
      () => add(fields({ id: 'BV-500', name: 'Sneaky' }), [], customer.token),
    ],
    [
      'edit',
      () => edit('BV-100', fields({ name: 'Sneaky' }), [], null),
      () => edit('BV-100', fields({ name: 'Sneaky' }), [], customer.token),
    ],
    [
      'delete',
      () => t.app.inject({ method: 'POST', url: '/api/admin/products/delete_product/BV-100' }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/products/delete_product/BV-100',
          headers: bearer(customer.token),
        }),
    ],
    [
      'image original',
      () => t.app.inject({ method: 'GET', url: `/api/admin/images/${imageKeyOf(red)}` }),
      () =>
        t.app.inject({ method: 'GET', url: `/api/admin/images/${imageKeyOf(red)}`, headers: bearer(customer.token) }),
    ],
  ] as const;

  it.each(calls)(
    '%s: 401 without a token, 403 for a customer, nothing changed',
    async (_name, anonymous, asCustomer) => {
      const before = await countRows();
      expect((await anonymous()).statusCode).toBe(401);
      expect((await asCustomer()).statusCode).toBe(403);
      expect(await countRows()).toEqual(before);
    },
  );
});
