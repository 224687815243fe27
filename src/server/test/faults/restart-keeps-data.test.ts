/**
 * "A restart of the embedded default keeps every account, cart, order and image", shown the way a
 * shop is used: the real server process (src/server/main.ts) on PGlite in a DATA_DIR, driven only
 * through its HTTP API. A customer signs up, verifies, buys two books on the demo checkout, fills
 * the basket and the wishlist; the admin signs in (password, then the mailed token) and adds a
 * product with an uploaded cover. After a clean stop (SIGTERM) and after a crash (SIGKILL right
 * after more changes were answered), the shop answers the same: same sign-in, basket, wishlist,
 * order, image bytes, and the same catalogue (the demo books are not seeded a second time).
 *
 * The requirement is about the embedded default, so the PostgreSQL run (api-postgres) runs the
 * same test on PGlite in DATA_DIR too.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@shared/contracts/cart';
import type { DemoCheckout } from '@shared/contracts/checkout';
import type { Order } from '@shared/contracts/orders';
import type { Product } from '@shared/contracts/products';
import { priceCart } from '@shared/pricing';
import { picture } from '../images';
import { linkInText } from '../mailbox';
import { startServerProcess, type ServerProcess } from '../server-process';
import { TEST_ADDRESS } from '../factories/addresses';

const ADMIN = { email: 'restart-admin@example.com', password: 'Admin2restart' };
const CUSTOMER = { email: 'restart-customer@example.com', password: 'Keep4ever' };
const NEW_PRODUCT = {
  id: 'RESTART-1',
  name: 'The Book That Survived a Restart',
  type: 'Puzzle',
  description: 'Kept across restarts.',
  age: 'Adults',
  price: '12.49',
};

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-restart-http-'));
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The embedded default: no DATABASE_URL, so PGlite in DATA_DIR/pglite and images in DATA_DIR/images. */
const start = () =>
  startServerProcess({
    DATA_DIR: dataDir,
    // No web build: the API is what is under test, and another run may be rebuilding dist/web.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SEED_DEMO: 'true',
    JWT_SECRET: 'restart-test-secret-0123456789abcdefghij',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    E2E_RELAXED_RATE_LIMITS: 'true',
  });

// ---- HTTP, as any client would make it ---------------------------------------------------------

interface Answer<T> {
  status: number;
  body: T;
  /** The Set-Cookie answered, as `name=value` (a browser would send it back). */
  cookie: string | null;
}

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; json?: unknown; form?: FormData; cookie?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | FormData | undefined = options.form;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  return {
    status: res.status,
    body: (json ? JSON.parse(text) : text) as T,
    cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null,
  };
}

/** The answer's body, after checking the status (the body is the failure message otherwise). */
async function ok<T>(answer: Promise<Answer<T>>, status = 200): Promise<T> {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

/** A file as a digest (so a failed comparison prints a line, not every byte). */
interface Fetched {
  status: number;
  contentType: string | null;
  length: number;
  sha256: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function download(url: string, token?: string): Promise<Fetched> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    length: bytes.length,
    sha256: sha256(bytes),
  };
}

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The dev outbox (answers loopback requests only, which these are). */
const mailbox = (base: string, to: string) =>
  ok(call<Mail[]>('GET', `${base}/api/dev/mailbox?to=${encodeURIComponent(to)}`));

function linkIn(mail: Mail, pattern: RegExp): URL {
  const link = linkInText(mail.text, pattern);
  expect(link, `a link matching ${pattern} in "${mail.subject}"`).toBeDefined();
  return new URL(link!);
}

/** The admin's two-step login: password, then the mailed token with the login's verification token. */
async function signInAdmin(base: string): Promise<string> {
  const seen = new Set((await mailbox(base, ADMIN.email)).map((mail) => mail.id));
  const step1 = await ok(call<{ admin?: boolean; token: string }>('POST', `${base}/api/login`, { json: ADMIN }));
  expect(step1.admin).toBe(true);
  // The mail is queued in the login's own transaction, so it is in the outbox once login answers.
  const mail = (await mailbox(base, ADMIN.email)).find((m) => !seen.has(m.id) && /verify_admin=true/.test(m.text));
  expect(mail, 'the admin sign-in mail').toBeDefined();
  const mailed = linkIn(mail!, /verify_admin=true/).searchParams.get('token')!;
  const session = await ok(
    call<{ token: string; role: string }>('GET', `${base}/api/admin/verify_admin?token=${encodeURIComponent(mailed)}`, {
      token: step1.token,
    }),
  );
  expect(session.role).toBe('admin');
  return session.token;
}

function productForm(fields: typeof NEW_PRODUCT, images: Buffer[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  images.forEach((bytes, slot) =>
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `cover-${slot + 1}.png`),
  );
  return form;
}

const byProduct = <T extends { product_id: string }>(lines: T[]) =>
  [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id));

// ---- what the shop answers ---------------------------------------------------------------------

interface Customer {
  id: string;
  /** The session from sign-up: a restart must not sign the customer out (the JWT secret is fixed). */
  firstToken: string;
}

interface ShopState {
  productIds: string[];
  cart: CartLine[];
  wishlist: string[];
  orders: Order[];
  product: Product;
  /** The served variants of the product's images, in slot order. */
  served: Array<{ url: string } & Fetched>;
  /** The stored originals (the admin's image call), in slot order. */
  originals: Fetched[];
}

/** Everything the requirement names, read through the API as the customer and the admin. */
async function readShop(base: string, customer: Customer): Promise<ShopState> {
  const login = await ok(
    call<{ id: string; verified: boolean; role: string; token: string }>('POST', `${base}/api/login`, {
      json: CUSTOMER,
    }),
  );
  expect(login).toMatchObject({ id: customer.id, verified: true, role: 'customer' });
  const token = login.token;
  expect(
    (await call('GET', `${base}/api/server/get_cart/${customer.id}`, { token: customer.firstToken })).status,
    'the first session still works',
  ).toBe(200);

  const cart = await ok(call<CartLine[]>('GET', `${base}/api/server/get_cart/${customer.id}`, { token }));
  const wishlist = await ok(
    call<{ product_id: string }[]>('GET', `${base}/api/server/get_wishlist/${customer.id}`, { token }),
  );
  const orders = await ok(call<Order[]>('GET', `${base}/api/server/order_history/${customer.id}`, { token }));
  const products = await ok(call<Product[]>('GET', `${base}/api/server/get_products`));
  const product = await ok(call<Product>('GET', `${base}/api/server/get_product?id=${NEW_PRODUCT.id}`));

  const served = [];
  for (const url of product.imageUrls) served.push({ url, ...(await download(new URL(url, base).href)) });
  const adminToken = await signInAdmin(base);
  const originals = [];
  for (const url of product.imageUrls) {
    const key = /\/images\/([a-f0-9]{64})\//.exec(url)?.[1];
    expect(key, `an image key in ${url}`).toBeDefined();
    originals.push(await download(`${base}/api/admin/images/${key}`, adminToken));
  }

  return {
    productIds: products.map((p) => p.id).sort(),
    cart: byProduct(cart),
    wishlist: wishlist.map((entry) => entry.product_id).sort(),
    orders: orders.map((order) => ({ ...order, items: byProduct(order.items) })),
    product,
    served,
    originals,
  };
}

// ---- the journey -------------------------------------------------------------------------------

describe('a restart of the embedded default', () => {
  let customer: Customer;
  let catalogue: Product[];
  let covers: Buffer[];
  let before: ShopState;

  it(
    'keeps the account, basket, wishlist, order and uploaded image after a clean stop (SIGTERM)',
    { timeout: 120_000 },
    async () => {
      server = await start();
      const base = server.url;
      catalogue = await ok(call<Product[]>('GET', `${base}/api/server/get_products`));
      expect(catalogue.length, 'the demo catalogue was seeded').toBeGreaterThan(5);
      const [first, second, third, fourth, fifth] = catalogue as [Product, Product, Product, Product, Product];

      // A customer signs up (signed in at once) and follows the mailed verification link in the
      // same browser (its binding cookie goes with it, so the password and sessions are kept).
      const signUp = await call<{ id: string; token: string; verified: boolean }>(
        'POST',
        `${base}/api/create_account`,
        { json: CUSTOMER },
      );
      const created = await ok(Promise.resolve(signUp), 201);
      expect(created.verified).toBe(false);
      customer = { id: created.id, firstToken: created.token };
      const [welcome] = await mailbox(base, CUSTOMER.email);
      expect(welcome, 'the verification mail').toBeDefined();
      const verifyLink = linkIn(welcome!, /\/api\/verify_email\?token=/);
      const verified = await call('GET', `${base}${verifyLink.pathname}${verifyLink.search}`, {
        cookie: signUp.cookie,
      });
      expect(verified.status).toBe(302);
      expect(
        (
          await ok(
            call<{ verified: boolean }>(
              'GET',
              `${base}/api/check_verification?email=${encodeURIComponent(CUSTOMER.email)}`,
            ),
          )
        ).verified,
      ).toBe(true);
      const token = customer.firstToken;

      // An order on the demo checkout, as the web client makes it.
      const bought = [
        { product: first, qty: 2 },
        { product: second, qty: 1 },
      ];
      const session = await ok(
        call<{ sessionId: string; url: string }>('POST', `${base}/api/checkout/create_checkout_session`, {
          token,
          json: {
            cartItems: bought.map(({ product, qty }) => ({ product_id: product.id, qty, price: product.price })),
            user_id: customer.id,
            user_email: CUSTOMER.email,
            shipping_cost: 3.83,
            currency: 'GBP',
          },
        }),
      );
      expect(session.url).toContain(`/checkout/demo/${session.sessionId}`);
      const demo = await ok(
        call<DemoCheckout>('GET', `${base}/api/checkout/demo/${encodeURIComponent(session.sessionId)}`),
      );
      const expectedTotal =
        priceCart(
          bought.map(({ product, qty }) => ({
            unitPence: Math.round(product.price * 100),
            qty,
            type: product.type,
            age: product.age,
          })),
        ).totalPence / 100;
      expect(demo).toMatchObject({ status: 'open', needsEmail: false, total: expectedTotal });
      const paid = await ok(
        call<{ order_id: string }>('POST', `${base}/api/checkout/demo/${encodeURIComponent(session.sessionId)}/pay`, {
          json: { address: TEST_ADDRESS },
        }),
      );

      // Then a basket of two other books and one on the wishlist.
      await ok(
        call('POST', `${base}/api/server/update_cart`, {
          token,
          json: { user_id: customer.id, product_id: third.id, qty: 2 },
        }),
      );
      await ok(
        call('POST', `${base}/api/server/update_cart`, {
          token,
          json: { user_id: customer.id, product_id: fourth.id, qty: 3 },
        }),
      );
      await ok(
        call('POST', `${base}/api/server/add_wishlist`, {
          token,
          json: { user_id: customer.id, product_id: fifth.id },
        }),
      );

      // The admin signs in and adds a product with a cover of its own.
      const adminToken = await signInAdmin(base);
      covers = [await picture('png', { colour: '#7a1f3d' }), await picture('png', { colour: '#1f7a4d' })];
      const added = await ok(
        call<Product>('POST', `${base}/api/admin/products/add_product`, {
          token: adminToken,
          form: productForm(NEW_PRODUCT, [covers[0]!]),
        }),
      );
      expect(added.imageUrls).toHaveLength(1);

      before = await readShop(base, customer);
      // What was made is what the shop answers (so the comparisons after the restarts mean something).
      expect(before.productIds).toHaveLength(catalogue.length + 1);
      expect(before.productIds).toContain(NEW_PRODUCT.id);
      expect(before.cart).toEqual(
        byProduct([
          { product_id: third.id, qty: 2 },
          { product_id: fourth.id, qty: 3 },
        ]),
      );
      expect(before.wishlist).toEqual([fifth.id]);
      expect(before.orders).toHaveLength(1);
      expect(before.orders[0]).toMatchObject({
        order_id: paid.order_id,
        total_cost: expectedTotal,
        items: byProduct(
          bought.map(({ product, qty }) => ({ item: product.name, quantity: qty, product_id: product.id })),
        ),
      });
      expect(before.product).toMatchObject({ name: NEW_PRODUCT.name, price: 12.49, imageUrls: added.imageUrls });
      expect(before.served).toEqual([expect.objectContaining({ status: 200, contentType: 'image/webp' })]);
      expect(before.served[0]!.length).toBeGreaterThan(100);
      expect(before.originals).toEqual([
        { status: 200, contentType: 'image/png', length: covers[0]!.length, sha256: sha256(covers[0]!) },
      ]);

      await server.stop('SIGTERM');
      expect(server.child.exitCode, `a clean stop exits 0:\n${server.output()}`).toBe(0);
      server = await start();
      const after = await readShop(server.url, customer);
      expect(after).toEqual(before);
    },
  );

  it('keeps changes answered just before a crash (SIGKILL)', { timeout: 120_000 }, async () => {
    expect(before, 'the first test made the data').toBeDefined();
    const base = server!.url;
    const [, , third, , fifth, sixth] = catalogue as [Product, Product, Product, Product, Product, Product];
    const { token } = await ok(call<{ token: string }>('POST', `${base}/api/login`, { json: CUSTOMER }));
    const adminToken = await signInAdmin(base);

    // Changes, each answered 200 (committed), and the process killed without warning the moment
    // the last one is answered: a second cover uploaded onto the admin's product.
    await ok(
      call('POST', `${base}/api/server/update_cart`, {
        token,
        json: { user_id: customer.id, product_id: third.id, qty: 5 },
      }),
    );
    await ok(
      call('POST', `${base}/api/server/add_wishlist`, { token, json: { user_id: customer.id, product_id: sixth.id } }),
    );
    const edited = await ok(
      call<Product>('POST', `${base}/api/admin/products/edit_product/${NEW_PRODUCT.id}`, {
        token: adminToken,
        form: productForm(NEW_PRODUCT, covers),
      }),
    );
    await server!.stop('SIGKILL');
    expect(edited.imageUrls).toHaveLength(2);
    expect(server!.child.signalCode).toBe('SIGKILL');
    server = await start();
    const after = await readShop(server.url, customer);
    expect(after).toEqual({
      ...before,
      cart: before.cart.map((line) => (line.product_id === third.id ? { ...line, qty: 5 } : line)),
      wishlist: [fifth.id, sixth.id].sort(),
      product: edited,
      served: [
        before.served[0],
        expect.objectContaining({ url: edited.imageUrls[1], status: 200, contentType: 'image/webp' }),
      ],
      originals: covers.map((cover) => ({
        status: 200,
        contentType: 'image/png',
        length: cover.length,
        sha256: sha256(cover),
      })),
    });

    await server.stop('SIGTERM');
    server = undefined;
  });
});
