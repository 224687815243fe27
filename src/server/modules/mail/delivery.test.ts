/**
 * Every template through the real path: rendered, written to the outbox, delivered by the mail
 * worker over SMTP (nodemailer) to an SMTP server in this process, and read back by a real mail
 * parser (mailparser): multipart/alternative with both parts, the headers a mail app and a spam
 * filter look at, List-Unsubscribe on the marketing mail only.
 */
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../adapters/mail/transport';
import { testConfig } from '../../config';
import { outgoingMail } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';
import { enqueueMail } from './outbox';
import { renderMail, type RenderedMail } from './render';
import { realisticMails } from './test-fixtures';

const env = { PUBLIC_URL: 'https://shop.example.com', MAIL_FROM: 'shop@example.com', SHOP_EMAIL: 'owner@example.com' };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const delivered: { label: string; name: string; id: string; mail: RenderedMail; parsed: ParsedMail; raw: string }[] =
  [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env,
    deps: { mail: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, testConfig(env).MAIL_SENDER) },
  });
  const cases = realisticMails(env.PUBLIC_URL);
  const sent: { label: string; name: string; id: string; mail: RenderedMail }[] = [];
  for (const [i, mail] of cases.entries()) {
    const rendered = await renderMail(mail.name, mail.data as never, t.config);
    // One recipient per message, so each arrival is known by its address.
    const to = `reader${i}@example.org`;
    const replyTo = mail.name === 'contactMessage' ? mail.data.email : null;
    sent.push({
      label: mail.label,
      name: mail.name,
      mail: rendered,
      id: await enqueueMail(t.deps.database.db, { to, ...rendered, replyTo }),
    });
  }
  await t.app.ctx.mailWorker.kick();
  for (const [i, entry] of sent.entries()) {
    const arrived = smtp.received.find((message) => message.to.includes(`reader${i}@example.org`));
    if (!arrived) throw new Error(`${entry.label} did not arrive`);
    delivered.push({ ...entry, raw: arrived.raw, parsed: await simpleParser(arrived.raw) });
  }
});
afterAll(async () => {
  await t?.close();
  await t?.deps.mail.close();
  await smtp?.close();
});

describe('every template sent over SMTP', () => {
  it('arrives once per message', () => {
    expect(smtp.received).toHaveLength(realisticMails(env.PUBLIC_URL).length);
  });

  describe.each(realisticMails(env.PUBLIC_URL).map((mail) => [mail.label] as const))('%s', (label) => {
    const get = () => delivered.find((entry) => entry.label === label)!;

    it('is multipart/alternative with the text part first and the HTML part, both as rendered', () => {
      const { parsed, mail, raw } = get();
      expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
      const parts = [...raw.matchAll(/^Content-Type: (text\/(?:plain|html))/gim)].map((m) => m[1]!.toLowerCase());
      expect(parts).toEqual(['text/plain', 'text/html']);
      expect(parsed.text?.trim()).toBe(mail.text.trim());
      expect(parsed.html).toBe(mail.html);
    });

    it('has a Message-ID, a Date and the shop as sender, by name', () => {
      const { parsed, mail } = get();
      expect(parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
      expect(parsed.date).toBeInstanceOf(Date);
      expect(Math.abs(parsed.date!.getTime() - Date.now())).toBeLessThan(5 * 60_000);
      expect(parsed.from?.value).toEqual([{ address: 'shop@example.com', name: 'Inkwell & Puzzle' }]);
      expect(parsed.subject).toBe(mail.subject);
    });

    it('carries List-Unsubscribe only when it is the marketing mail (the discount code)', () => {
      const { raw, name } = get();
      if (name === 'discountCode')
        expect(raw).toMatch(/^List-Unsubscribe: <mailto:owner@example\.com\?subject=unsubscribe>\r?$/m);
      else expect(raw).not.toMatch(/^List-Unsubscribe:/im);
    });
  });

  it('sets Reply-To on the contact message to the person who wrote it, and on no other mail', () => {
    for (const { parsed, name } of delivered) {
      if (name === 'contactMessage')
        expect(parsed.replyTo?.value).toEqual([{ address: 'ann.reader@example.org', name: '' }]);
      else expect(parsed.replyTo).toBeUndefined();
    }
  });

  it('keeps no live link token in the stored HTML or text once a message has left', async () => {
    const verify = delivered.find((entry) => entry.name === 'verifyEmail')!;
    const [row] = await t.deps.database.db.select().from(outgoingMail).where(eq(outgoingMail.id, verify.id));
    expect(row).toMatchObject({ status: 'sent' });
    expect(verify.parsed.html).toContain('token=eyJ');
    expect(row!.html).toContain('token=[removed after delivery]');
    expect(row!.html).not.toContain('token=eyJ');
    expect(row!.text).not.toContain('token=eyJ');
  });
});
