import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outgoingMail } from '../../db/schema';
import { enqueueMail, MailWorker } from '../../modules/mail/outbox';
import { createTestApp, type TestApp } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';
import { smtpTransport } from './transport';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const db = () => t.deps.database.db;
const row = async (id: string) => (await db().select().from(outgoingMail).where(eq(outgoingMail.id, id)))[0]!;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    deps: { mail: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Book Shop <shop@example.com>') },
  });
});
afterAll(async () => {
  await t?.close();
  await t?.deps.mail.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.state.refusing = null;
});

describe('mail through SMTP', () => {
  it('delivers an enqueued message to the SMTP server with its recipient, subject and text, and marks it sent', async () => {
    const id = await enqueueMail(db(), {
      to: 'reader@example.com',
      subject: 'Your order is on its way',
      text: 'Hello Reader,\nTrack it here: http://localhost:3000/orders\n',
    });
    expect((await row(id)).status).toBe('pending');
    await t.app.ctx.mailWorker.kick();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toBe('shop@example.com');
    expect(message!.to).toEqual(['reader@example.com']);
    expect(message!.raw).toMatch(/^Subject: Your order is on its way\r?$/m);
    expect(message!.raw).toMatch(/^To: reader@example\.com\r?$/m);
    expect(message!.raw).toContain('Track it here: http://localhost:3000/orders');
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });

  it('keeps a message the server refuses pending with the attempt and the reason, and delivers it on a later pass', async () => {
    smtp.state.refusing = 'Mailbox temporarily unavailable';
    const id = await enqueueMail(db(), { to: 'later@example.com', subject: 'Try again', text: 'Second time lucky.' });
    await t.app.ctx.mailWorker.kick();

    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/Mailbox temporarily unavailable/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000); // backs off ~30 s
    expect(smtp.received).toHaveLength(0);

    // Not due yet: a pass now leaves it alone.
    smtp.state.refusing = null;
    await t.app.ctx.mailWorker.kick();
    expect(smtp.received).toHaveLength(0);

    // The back-off has passed.
    await db()
      .update(outgoingMail)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outgoingMail.id, id));
    await t.app.ctx.mailWorker.kick();
    expect(smtp.received.map((m) => m.to)).toEqual([['later@example.com']]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps the message pending when the SMTP server cannot be reached at all', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const unreachable = smtpTransport(`smtp://127.0.0.1:${closed.port}`, 'shop@example.com');
    const worker = new MailWorker(db(), unreachable, t.app.log);
    const id = await enqueueMail(db(), {
      to: 'nobody-home@example.com',
      subject: 'Lost',
      text: 'Nobody is listening.',
    });
    await worker.kick();
    const kept = await row(id);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
    expect(kept.lastError).toMatch(/ECONNREFUSED|connect/i);
    await unreachable.close();
  });
});
