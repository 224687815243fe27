/**
 * The shop's mails as its features send them: every sender writes its mail from the templates,
 * HTML beside text, with the links the shopper needs (and the covers of the books they bought).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingMail } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createOrder } from '../../test/factories/admin-orders';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { mailsTo } from '../../test/mailbox';
import { TEST_ADDRESS } from '../../test/factories/addresses';

const PUBLIC_URL = 'https://shop.example.com';
const ADMIN = { email: 'owner@shop.test', password: 'admin1pass' };
let t: TestApp;
let admin: TestUser;
let book: ProductFixture;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHOP_EMAIL: 'owner@example.com' },
  });
  admin = await createUser(t.app, { role: 'admin' });
  book = await createProduct(t.deps.database.db, {
    name: 'The Rainy Day Activity Book',
    type: 'Activity',
    pricePence: 599,
    images: 2,
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const newest = async (to: string) => (await mailsTo(t.deps.database.db, to))[0]!;
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('the mails the shop sends', () => {
  it('sign-up: the verification mail in HTML and text, with the same link', async () => {
    expect(
      (await post('/api/create_account', { email: 'new.reader@example.org', password: 'secret123' })).statusCode,
    ).toBe(201);
    const mail = await newest('new.reader@example.org');
    expect(mail.subject).toBe('Verify your e-mail address for Inkwell & Puzzle');
    const link = hrefs(mail.html!).find((href) => href.includes('/api/verify_email?token='))!;
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/api/verify_email\\?token=`));
    expect(mail.text).toContain(link);
  });

  it('password reset and the admin sign-in link', async () => {
    expect((await post('/api/request_password_reset', { email: 'new.reader@example.org' })).statusCode).toBe(200);
    const reset = await newest('new.reader@example.org');
    expect(reset.subject).toBe('Reset your Inkwell & Puzzle password');
    expect(hrefs(reset.html!).some((href) => href.startsWith(`${PUBLIC_URL}/change_password?token=`))).toBe(true);

    expect((await post('/api/login', ADMIN)).statusCode).toBe(200);
    const signIn = await newest(ADMIN.email);
    expect(signIn.subject).toBe('Finish signing in to Inkwell & Puzzle admin');
    expect(hrefs(signIn.html!).some((href) => href.startsWith(`${PUBLIC_URL}/?verify_admin=true&token=`))).toBe(true);
  });

  it('the contact form: to the owner, Reply-To the sender, the message escaped', async () => {
    const res = await post('/api/server/contact', {
      email: 'Writer@Example.org',
      orderRef: 'A1B2C3D4E5',
      text: 'Hello <b>owner</b>,\nwhere is my book?',
    });
    expect(res.statusCode).toBe(200);
    const mail = await newest('owner@example.com');
    expect(mail).toMatchObject({
      subject: 'Contact form: message from writer@example.org',
      replyTo: 'writer@example.org',
      listUnsubscribe: null,
    });
    expect(mail.html).toContain('Hello &lt;b&gt;owner&lt;/b&gt;,</span><br/>');
    expect(mail.text).toContain('where is my book?');
  });

  it('checkout: the order confirmation shows the cover, the line and the total', async () => {
    const session = await post('/api/checkout/create_checkout_session', {
      cartItems: [{ product_id: book.id, qty: 2 }],
      user_id: null,
      user_email: '',
      currency: 'GBP',
    });
    expect(session.statusCode, session.body).toBe(200);
    const paid = await post(`/api/checkout/demo/${session.json().sessionId}/pay`, {
      email: 'buyer@example.org',
      address: TEST_ADDRESS,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = await newest('buyer@example.org');
    expect(mail.subject).toMatch(/^Your order [0-9a-f]{10} is confirmed$/);
    expect(mail.html).toContain(`src="${PUBLIC_URL}/images/${book.imageKeys[0]}/320.webp"`);
    expect(mail.html).toContain('alt="Cover of The Rainy Day Activity Book"');
    expect(mail.text).toContain('2 × The Rainy Day Activity Book (£5.99 each) — £11.98');
    expect(mail.text).toMatch(/Total paid: £\d+\.\d\d/);
    expect(mail.text).toContain('14 Orchard Row');
    expect(mail.html).toContain('YO1 7HH');

    // The owner's copy: the same lines, the address with the phone number, a link to the order's detail.
    const owner = await newest('owner@example.com');
    expect(owner.subject).toMatch(/^New order [0-9a-f]{10}: £\d+\.\d\d$/);
    expect(owner.text).toContain('2 × The Rainy Day Activity Book');
    expect(owner.text).toContain('Phone: 01904 555123');
    expect(hrefs(owner.html!)).toContain(`${PUBLIC_URL}/admin/orders/${paid.json().order_id}`);
  });

  it('order status: Shipped with the tracking reference and a Track button, Delivered with the review link first', async () => {
    const order = await createOrder(t.app, {
      email: 'parcel@example.org',
      lines: [{ productId: book.id, name: book.name, unitPence: 599, qty: 1 }],
    });
    const update = (body: object) =>
      post(
        '/api/admin/update_order_status',
        { customer_email: 'parcel@example.org', order_id: order.id, bookVault_ref: '', ...body },
        bearer(admin.token),
      );
    expect((await update({ status: 'Shipped', tracking_ref: 'RM123456785GB' })).statusCode).toBe(200);
    const shipped = await newest('parcel@example.org');
    expect(shipped.subject).toBe(`Your order ${order.id.slice(-10)} is on its way`);
    expect(shipped.text).toContain('Tracking reference: RM123456785GB');
    expect(shipped.text).toContain(`Track your order ${PUBLIC_URL}/api/orders/${order.id}/track`);

    expect((await update({ status: 'Delivered', tracking_ref: 'RM123456785GB' })).statusCode).toBe(200);
    const delivered = await newest('parcel@example.org');
    expect(hrefs(delivered.html!).find((href) => href.includes('/review/'))).toMatch(
      new RegExp(`^${PUBLIC_URL}/review/order/${order.id}\\?review_token=`),
    );
    expect(delivered.text.match(/https?:\/\/\S+/)![0]).toMatch(
      new RegExp(`^${PUBLIC_URL}/review/order/${order.id}\\?review_token=`),
    );
  });

  it('a discount code: the marketing mail, with a List-Unsubscribe address', async () => {
    const res = await post(
      '/api/admin/send-discount-code',
      { percentage: 20, types: ['Activity'], ages: ['Kids'], email: 'offer@example.org' },
      bearer(admin.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await newest('offer@example.org');
    expect(mail).toMatchObject({
      subject: 'Your 20% discount code from Inkwell & Puzzle',
      listUnsubscribe: 'mailto:owner@example.com?subject=unsubscribe',
    });
    expect(mail.text).toContain(`Your code: ${res.json().code}`);
    expect(mail.text).toContain('It applies to Activity books for kids.');
  });

  it('never leaves a mail without its HTML version (every mail the tests above made)', async () => {
    const rows = await t.deps.database.db
      .select({ subject: outgoingMail.subject, html: outgoingMail.html })
      .from(outgoingMail);
    expect(rows.length).toBe(9);
    expect(rows.filter((row) => !row.html?.startsWith('<!DOCTYPE html')).map((row) => row.subject)).toEqual([]);
  });
});
