/**
 * Mail delivery fails: the order is still made and the shopper sees success; the confirmation
 * stays in the outbox, the failure is logged, and a later pass delivers it once SMTP is back.
 */
import { embeddedDeps } from '../../deps';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { smtpTransport } from '../../adapters/mail/transport';
import { testConfig } from '../../config';
import { orders, outgoingMail } from '../../db/schema';
import { createProduct } from '../factories/products';
import { createTestDatabase } from '../harness';
import { freePort } from '../server-process';
import { TEST_ADDRESS } from '../factories/addresses';

const lines: string[] = [];
let app: App;
let drop: () => Promise<void>;
let smtpPort: number;

beforeAll(async () => {
  smtpPort = await freePort(); // nothing listens here yet: the mail server is down
  const created = await createTestDatabase();
  drop = created.drop;
  app = await buildApp(
    testConfig({ LOG_LEVEL: 'info' }),
    embeddedDeps(created.database, {
      mail: smtpTransport(`smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, 'Shop <shop@example.com>'),
    }),
    { background: false, logStream: { write: (line: string) => void lines.push(line) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('a mail outage', () => {
  it('does not stop an order, and the confirmation is delivered when mail comes back', async () => {
    const db = app.ctx.database.db;
    const book = await createProduct(db, { pricePence: 1099 });
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: { cartItems: [{ product_id: book.id, qty: 1 }], user_id: null, user_email: '', currency: 'GBP' },
    });
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json().sessionId as string;
    const paid = await app.inject({
      method: 'POST',
      url: `/api/checkout/demo/${sessionId}/pay`,
      payload: { email: 'reader@example.com', address: TEST_ADDRESS },
    });
    expect(paid.statusCode).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(1);

    await app.ctx.mailWorker.kick();
    const [pending] = await db.select().from(outgoingMail).where(eq(outgoingMail.to, 'reader@example.com'));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.lastError).toBeTruthy();
    expect(lines.join('')).toMatch(/mail delivery failed; will retry/);

    // SMTP comes back; the retry is due.
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
    try {
      await db
        .update(outgoingMail)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outgoingMail.id, pending!.id));
      await app.ctx.mailWorker.kick();
      const [sent] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, pending!.id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      expect(received).toContain('reader@example.com');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
