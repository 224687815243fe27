/**
 * The outbox and privacy (issue 28, decisions 145 and 146): the mails sent to an address (subject
 * and date, for the export), the address scrubbed from queued and kept copies when it is erased,
 * and kept copies deleted after MAIL_RETENTION_DAYS.
 */
import { and, asc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outgoingMail } from '../../db/schema';

/** What stands in for an erased address, and for a body that held one. */
export const ERASED = '[erased]';
const ERASED_BODY = 'This message was deleted when its recipient asked us to erase their personal data.';
/** A kept copy once its address is erased: the subject and dates stay, the recipient and bodies go. */
export const ERASED_MAIL = { to: ERASED, text: ERASED_BODY, html: null, replyTo: null, listUnsubscribe: null };

const to = (email: string) => sql`lower(${outgoingMail.to}) = ${email}`;

export async function mailsForExport(db: Db, email: string) {
  const rows = await db
    .select({ subject: outgoingMail.subject, date: outgoingMail.createdAt })
    .from(outgoingMail)
    .where(to(email))
    .orderBy(asc(outgoingMail.createdAt), asc(outgoingMail.id));
  return rows.map((row) => ({ subject: row.subject, date: row.date.toISOString() }));
}

/** Escapes LIKE's wildcards so an address is matched as written. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Removes an address from the outbox. Kept copies sent to it lose their recipient and bodies;
 * mails still queued for it are delivered first and wiped after (`erase_after_send`); any other
 * copy that mentions it (the shop's copy of a contact message, a reply-to) has it replaced.
 * Answers how many rows changed.
 */
export async function scrubAddressFromOutbox(tx: Db, email: string): Promise<number> {
  const kept = await tx
    .update(outgoingMail)
    .set(ERASED_MAIL)
    .where(and(to(email), ne(outgoingMail.status, 'pending')))
    .returning({ id: outgoingMail.id });
  const queued = await tx
    .update(outgoingMail)
    .set({ eraseAfterSend: true })
    .where(and(to(email), eq(outgoingMail.status, 'pending')))
    .returning({ id: outgoingMail.id });
  const pattern = likeText(email);
  const mention = or(
    sql`${outgoingMail.text} ilike ${pattern}`,
    sql`${outgoingMail.html} ilike ${pattern}`,
    sql`${outgoingMail.subject} ilike ${pattern}`,
    sql`lower(${outgoingMail.replyTo}) = ${email}`,
  );
  const mentioned = await tx
    .select({
      id: outgoingMail.id,
      subject: outgoingMail.subject,
      text: outgoingMail.text,
      html: outgoingMail.html,
      replyTo: outgoingMail.replyTo,
    })
    .from(outgoingMail)
    .where(and(sql`not ${to(email)}`, mention));
  const replace = (text: string) =>
    text.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ERASED);
  for (const row of mentioned) {
    await tx
      .update(outgoingMail)
      .set({
        subject: replace(row.subject),
        text: replace(row.text),
        html: row.html === null ? null : replace(row.html),
        replyTo: row.replyTo !== null && row.replyTo.toLowerCase() === email ? null : row.replyTo,
      })
      .where(eq(outgoingMail.id, row.id));
  }
  return kept.length + queued.length + mentioned.length;
}

/** Retention: deletes kept copies (sent or given up) made before `before`; queued mail stays. Answers how many. */
export async function deleteMailBefore(tx: Db, before: Date): Promise<number> {
  const rows = await tx
    .delete(outgoingMail)
    .where(and(lt(outgoingMail.createdAt, before), ne(outgoingMail.status, 'pending')))
    .returning({ id: outgoingMail.id });
  return rows.length;
}
