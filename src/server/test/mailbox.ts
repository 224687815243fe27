/** Reads the outbox in API tests. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outgoingMail } from '../db/schema';

export async function mailsTo(db: Db, to: string) {
  return db
    .select()
    .from(outgoingMail)
    .where(eq(outgoingMail.to, to.toLowerCase()))
    .orderBy(desc(outgoingMail.createdAt));
}

/** The first link in a mail's text that matches `pattern`. */
export function linkInText(text: string, pattern: RegExp): string | undefined {
  return text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url));
}

/** The first link in the newest mail to `to` whose text matches `pattern`. */
export async function linkInMail(db: Db, to: string, pattern: RegExp): Promise<string | null> {
  for (const mail of await mailsTo(db, to)) {
    const link = linkInText(mail.text, pattern);
    if (link) return link;
  }
  return null;
}
