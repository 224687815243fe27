import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { mailsTo } from '../../test/mailbox';
import { createTestApp, type TestApp } from '../../test/harness';
import { CONTACT_LIMIT_PER_ADDRESS, CONTACT_LIMIT_PER_IP } from './routes';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/server/contact', () => {
  const send = (body: unknown, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/server/contact', payload: body as object, remoteAddress });
  const storedFrom = async (email: string) =>
    db().select().from(contactMessages).where(eq(contactMessages.email, email));

  it('stores the message and mails it to the shop address', async () => {
    const res = await send(
      { email: 'Reader@Example.com', orderRef: 'A1B2C3D4E5', text: 'Where is my maze book?' },
      '10.0.1.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [stored] = await storedFrom('reader@example.com');
    expect(stored).toMatchObject({ orderRef: 'A1B2C3D4E5', text: 'Where is my maze book?' });
    const [mail] = await mailsTo(db(), t.config.SHOP_EMAIL);
    expect(mail!.subject).toContain('reader@example.com');
    expect(mail!.text).toContain('Where is my maze book?');
    expect(mail!.text).toContain('A1B2C3D4E5');
  });

  it('accepts a message without an order reference', async () => {
    const res = await send({ email: 'noref@example.com', text: 'Do you ship to Jersey?' }, '10.0.1.2');
    expect(res.statusCode).toBe(200);
    expect((await storedFrom('noref@example.com'))[0]!.orderRef).toBe('');
    const nulled = await send({ email: 'nullref@example.com', orderRef: null, text: 'Hello' }, '10.0.1.2');
    expect(nulled.statusCode).toBe(200);
  });

  it.each([
    [{ text: 'Hello' }, /email/i],
    [{ email: 'not-an-email', text: 'Hello' }, /valid email/i],
    [{ email: 'a@example.com' }, /message/i],
    [{ email: 'a@example.com', text: '   ' }, /message/i],
    [{ email: 'a@example.com', text: 'x'.repeat(5001) }, /5000/],
    [{ email: 'a@example.com', text: 'Hi', orderRef: 'r'.repeat(101) }, /order reference/i],
    [{ email: ['a@example.com'], text: 'Hi' }, /email/i],
  ])('refuses %j with a 400 naming the problem, and stores nothing', async (body, message) => {
    const [before] = await db().select({ n: count() }).from(contactMessages);
    const res = await send(body, '10.0.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    const [after] = await db().select({ n: count() }).from(contactMessages);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/server/contact',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.0.2.2',
    });
    expect(res.statusCode).toBe(400);
  });

  it('stores HTML as plain text', async () => {
    const text = '<img src=x onerror=alert(1)> hello';
    expect((await send({ email: 'html@example.com', text }, '10.0.2.3')).statusCode).toBe(200);
    expect((await storedFrom('html@example.com'))[0]!.text).toBe(text);
  });

  it(`limits one address to ${CONTACT_LIMIT_PER_ADDRESS} messages an hour, from any IP`, async () => {
    for (let i = 0; i < CONTACT_LIMIT_PER_ADDRESS; i += 1) {
      expect((await send({ email: 'chatty@example.com', text: `Message ${i}` }, `10.1.0.${i + 1}`)).statusCode).toBe(
        200,
      );
    }
    const res = await send({ email: 'CHATTY@example.com', text: 'One more' }, '10.1.0.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many/);
    expect(await storedFrom('chatty@example.com')).toHaveLength(CONTACT_LIMIT_PER_ADDRESS);
  });

  it(`limits one IP to ${CONTACT_LIMIT_PER_IP} messages an hour, whatever the address`, async () => {
    for (let i = 0; i < CONTACT_LIMIT_PER_IP; i += 1) {
      expect((await send({ email: `ip${i}@example.com`, text: 'Hi' }, '10.2.0.1')).statusCode).toBe(200);
    }
    const res = await send({ email: 'ip-last@example.com', text: 'Hi' }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(await storedFrom('ip-last@example.com')).toHaveLength(0);
  });
});
