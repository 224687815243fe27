import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { enqueueMail } from './outbox';

let t: TestApp;
let verifyId: string;
let nastyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  verifyId = await enqueueMail(db, {
    to: 'ann@example.com',
    subject: 'Please verify your e-mail',
    text: 'Welcome!\nVerify here: http://localhost:3000/api/verify_email?token=abc123&lang=en\nThanks.',
  });
  nastyId = await enqueueMail(db, {
    to: 'bob@example.com',
    subject: '<script>alert("subject")</script>',
    text: 'Hello <img src=x onerror=alert(1)> and <b>bold</b>',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('/dev/mailbox', () => {
  it('lists every message with a link to each', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<a href="/dev/mailbox/${verifyId}">Please verify your e-mail</a>`);
    expect(res.body).toContain('ann@example.com');
    expect(res.body).toContain(`/dev/mailbox/${nastyId}`);
  });

  it('shows a message with its links clickable', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${verifyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<a href="http://localhost:3000/api/verify_email?token=abc123&amp;lang=en">');
    expect(res.body).toContain('To: ann@example.com');
  });

  it('escapes HTML in subjects and bodies, in the list and in the message', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    const message = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${nastyId}` });
    for (const body of [list.body, message.body]) {
      expect(body).not.toContain('<script>alert');
      expect(body).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    }
    expect(message.body).not.toContain('<img');
    expect(message.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('answers 404 for a message that does not exist or an id that is not one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '..%2F..']) {
      const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/stack|at .*\.ts/);
    }
  });
});

describe('/api/dev/mailbox', () => {
  it('answers every message as JSON, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const mails = res.json() as Array<{ id: string; to: string; subject: string; text: string }>;
    expect(mails.map((m) => m.id)).toEqual(expect.arrayContaining([verifyId, nastyId]));
  });

  it('filters by recipient, whatever the case of the address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ANN@Example.com' });
    const mails = res.json() as Array<{ id: string; to: string; text: string }>;
    expect(mails.map((m) => m.id)).toEqual([verifyId]);
    expect(mails[0]!.text).toContain('verify_email?token=abc123');
  });

  it('answers an empty list for an address with no mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=nobody@example.com' });
    expect(res.json()).toEqual([]);
  });
});

describe('the mailbox in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', DEMO_PAYMENTS: 'true' } });
    await enqueueMail(prod.deps.database.db, { to: 'secret@example.com', subject: 'Private subject', text: 'private text' });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('is not mounted: no page, no message, no JSON', async () => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox', '/api/dev/mailbox?to=secret@example.com', '/dev/mailbox.css']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Private subject');
      expect(res.body, url).not.toContain('secret@example.com');
    }
  });
});
