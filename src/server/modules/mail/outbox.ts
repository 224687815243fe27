/**
 * The outbox: `enqueueMail` writes a message in the caller's transaction (so a message exists
 * exactly when the change that caused it does); `MailWorker` delivers pending messages with
 * retries and back-off. Safe with several app instances (rows are claimed with SKIP LOCKED).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport, OutgoingMessage } from '../../adapters/mail/transport';
import type { Db } from '../../db/client';
import { outgoingMail } from '../../db/schema';
import { ERASED_MAIL } from './privacy';
import { loadMailTemplates } from './render';

export const MAX_MAIL_ATTEMPTS = 8;

export async function enqueueMail(db: Db, message: OutgoingMessage): Promise<string> {
  const [row] = await db
    .insert(outgoingMail)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      listUnsubscribe: message.listUnsubscribe ?? null,
    })
    .returning({ id: outgoingMail.id });
  return row!.id;
}

/** Removes the secret part of mailed links (`?token=…`, `review_token=…`) from a stored copy. */
export function scrubLinkTokens(text: string): string {
  return text.replace(/([?&](?:token|review_token)=)[^\s&"'<>]+/g, '$1[removed after delivery]');
}

/** Seconds to wait before attempt n+1: 30 s, 1 min, 2 min ... capped at 1 hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 15000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.kick(), this.intervalMs);
    this.timer.unref();
    void this.kick();
    loadMailTemplates().catch((error: unknown) => this.log.error({ err: error }, 'mail templates failed to load'));
  }

  /** Deliver what is pending now; concurrent calls coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverPending().catch((error: unknown) =>
          this.log.warn({ err: error }, 'mail delivery pass failed'),
        );
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async deliverPending(limit = 20): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(outgoingMail)
          .where(and(eq(outgoingMail.status, 'pending'), lte(outgoingMail.nextAttemptAt, sql`now()`)))
          .orderBy(asc(outgoingMail.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          try {
            await this.transport.deliver(row);
            // Once a message has really left (SMTP), the stored copy keeps no live link tokens.
            const scrub = this.transport.kind === 'smtp';
            await tx
              .update(outgoingMail)
              .set({
                status: 'sent',
                sentAt: sql`now()`,
                attempts: row.attempts + 1,
                ...(scrub
                  ? { text: scrubLinkTokens(row.text), html: row.html === null ? null : scrubLinkTokens(row.html) }
                  : {}),
                // Its address was erased while it was queued (decision 145): delivered, then forgotten.
                ...(row.eraseAfterSend ? ERASED_MAIL : {}),
              })
              .where(eq(outgoingMail.id, row.id));
            delivered += 1;
          } catch (error) {
            const attempts = row.attempts + 1;
            const reason = error instanceof Error ? error.message : String(error);
            this.log.warn({ mailId: row.id, attempts, reason }, 'mail delivery failed; will retry');
            await tx
              .update(outgoingMail)
              .set({
                attempts,
                lastError: reason.slice(0, 500),
                status: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending',
                ...(row.eraseAfterSend && attempts >= MAX_MAIL_ATTEMPTS ? ERASED_MAIL : {}),
                nextAttemptAt: sql`now() + ${retryDelaySeconds(attempts)} * interval '1 second'`,
              })
              .where(eq(outgoingMail.id, row.id));
          }
        }
        return rows.length;
      });
      if (batch < limit) return delivered;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
