/** The contact form: a message is stored and mailed to the shop (SHOP_EMAIL) in one transaction. */
import type { AppContext } from '../../context';
import { enqueueMail, renderMail } from '../mail';
import { insertContactMessage } from './repository';

/** Stores the message and mails it to the shop, in one transaction. */
export async function sendContactMessage(
  ctx: AppContext,
  message: { email: string; orderRef: string; text: string },
): Promise<void> {
  const email = message.email.toLowerCase();
  await ctx.database.db.transaction(async (tx) => {
    await insertContactMessage(tx, { ...message, email });
    const mail = await renderMail(
      'contactMessage',
      { email, orderRef: message.orderRef, message: message.text },
      ctx.config,
    );
    await enqueueMail(tx, { to: ctx.config.SHOP_EMAIL, replyTo: email, ...mail });
  });
  void ctx.mailWorker.kick();
}
