/** Contact form SQL: every message is kept. */
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(
  db: Db,
  message: { email: string; orderRef: string; text: string },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}
