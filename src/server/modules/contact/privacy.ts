/** Contact messages and privacy (issue 28): an address's messages (export, erasure) and their retention. */
import { asc, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

const from = (email: string) => sql`lower(${contactMessages.email}) = ${email}`;

export async function contactMessagesForExport(db: Db, email: string) {
  const rows = await db
    .select({ sentAt: contactMessages.createdAt, orderRef: contactMessages.orderRef, text: contactMessages.text })
    .from(contactMessages)
    .where(from(email))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

export async function deleteContactMessagesFrom(tx: Db, email: string): Promise<number> {
  const rows = await tx.delete(contactMessages).where(from(email)).returning({ id: contactMessages.id });
  return rows.length;
}

/** Retention: deletes the messages received before `before`; answers how many. */
export async function deleteContactMessagesBefore(tx: Db, before: Date): Promise<number> {
  const rows = await tx
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, before))
    .returning({ id: contactMessages.id });
  return rows.length;
}
