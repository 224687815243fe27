import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { enqueueMail } from './outbox';

let t: TestApp;
let verifyId: string;
let nastyId: string;
let htmlId: string;

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
  htmlId = await enqueueMail(db, {
    to: 'cat@example.com',
    subject: 'Your order is confirmed',
    text: 'Thank you!\nYour orders: http://localhost:3000/profile',
    html: '<!DOCTYPE html><html><head><title>x</title></head><body><p class="greeting">Thank <b>you</b>!</p>"><script>parent.alert(1)</script><a href="http://localhost:3000/profile">Your orders</a></body></html>',
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

  it('shows the HTML version in a sandboxed frame beside the text', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${htmlId}` });
    expect(res.statusCode).toBe(200);
    const frame = /<iframe sandbox="([^"]*)" title="The HTML version" srcdoc="([^"]*)"><\/iframe>/.exec(res.body);
    expect(frame, res.body).not.toBeNull();
    const [, sandbox, srcdoc] = frame!;
    // No scripts and no same-origin access: the message cannot act on this page.
    expect(sandbox!.split(' ')).not.toContain('allow-scripts');
    expect(sandbox!.split(' ')).not.toContain('allow-same-origin');
    // The whole message is inside the attribute, escaped.
    expect(srcdoc).toContain('&lt;head&gt;&lt;title&gt;x&lt;/title&gt;');
    expect(srcdoc).toContain(
      '&lt;p class=&quot;greeting&quot;&gt;Thank &lt;b&gt;you&lt;/b&gt;!&lt;/p&gt;&quot;&gt;&lt;script&gt;',
    );
    expect(res.body.replace(frame![0], '')).not.toMatch(/<script|<b>you|greeting/);
    expect(res.body).toContain('<h2>Text</h2><pre>Thank you!\nYour orders: <a href="http://localhost:3000/profile">');
  });

  it('shows only the text for a message without an HTML version', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${verifyId}` });
    expect(res.body).not.toContain('<iframe');
    expect(res.body).toContain('<h2>Text</h2>');
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
    prod = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', DEMO_PAYMENTS: 'true' },
    });
    await enqueueMail(prod.deps.database.db, {
      to: 'secret@example.com',
      subject: 'Private subject',
      text: 'private text',
    });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('is not mounted: no page, no message, no JSON', async () => {
    for (const url of [
      '/dev/mailbox',
      '/api/dev/mailbox',
      '/api/dev/mailbox?to=secret@example.com',
      '/dev/mailbox.css',
    ]) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Private subject');
      expect(res.body, url).not.toContain('secret@example.com');
    }
  });
});
