/** The contact form: a message is stored and mailed to the shop (SHOP_EMAIL) in one transaction. */
import type { AppContext } from '../../context';
import { enqueueMail } from '../mail';
import { insertContactMessage } from './repository';

/** Stores the message and mails it to the shop, in one transaction. */
export async function sendContactMessage(ctx: AppContext, message: { email: string; orderRef: string; text: string }): Promise<void> {
  const email = message.email.toLowerCase();
  await ctx.database.db.transaction(async (tx) => {
    await insertContactMessage(tx, { ...message, email });
    await enqueueMail(tx, {
      to: ctx.config.SHOP_EMAIL,
      subject: `Contact form: message from ${email}`,
      text: [
        `A shopper wrote through the contact form of ${ctx.config.SHOP_NAME}.`,
        '',
        `From: ${email}`,
        `Order reference: ${message.orderRef || '(none given)'}`,
        '',
        message.text,
        '',
        `Reply to ${email} to answer.`,
      ].join('\n'),
    });
  });
  void ctx.mailWorker.kick();
}
