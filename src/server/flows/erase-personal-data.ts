/**
 * Erasing what the shop holds for an address (issue 28, decision 145): the customer's "Delete my
 * account" and the owner's erasure for anyone, guests included, by the same rules, in one
 * transaction:
 * - the confirmation mail is queued first, to the address, and wiped once delivered;
 * - reviews deleted or kept as "A customer", as chosen; wishlist, basket, tokens and the account deleted;
 * - orders detached from the account and their name, address, phone and e-mail redacted: at once,
 *   or, for an order still on its way, when it reaches a final status (delivered or cancelled);
 *   their books, amounts, date and status stay, as tax law requires;
 * - contact messages deleted; the address scrubbed from queued and kept mail;
 * - a record of the request kept, with the address as a hash and counts only.
 * After the commit the account's sessions end on this instance at once (decision 083).
 */
import type { PrivacyCounts, ReviewChoice } from '@shared/contracts/accounts';
import { isFinalStatus, type OrderStatus } from '@shared/order-status';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { forbidden } from '../lib/errors';
import { deleteAccount, recordPrivacyRequest } from '../modules/accounts';
import { deleteBasket } from '../modules/cart';
import { deleteContactMessagesFrom } from '../modules/contact';
import { enqueueMail, renderMail, scrubAddressFromOutbox } from '../modules/mail';
import { detachAndRedactOrders, redactArrivedOrders } from '../modules/orders';
import { releaseReviews } from '../modules/reviews';
import { deleteWishlist } from '../modules/wishlist';
import { orderOwnerOf, type DataSubject } from './personal-data';

export const OWNER_ACCOUNT_KEPT = "An owner's account cannot be erased here.";

export async function erasePersonalData(
  ctx: AppContext,
  subject: DataSubject,
  options: { reviews: ReviewChoice; requestedBy: string },
): Promise<PrivacyCounts> {
  const { user, email, proven } = subject;
  if (user?.role === 'admin') throw forbidden(OWNER_ACCOUNT_KEPT);
  const counts = await ctx.database.db.transaction(async (tx) => {
    const reviews = user ? await releaseReviews(tx, user.id, options.reviews) : 0;
    const message = await renderMail(
      'personalDataErased',
      {
        account: user !== null,
        reviews: reviews > 0 ? options.reviews : null,
        orderYears: ctx.config.ORDER_RETENTION_YEARS,
      },
      ctx.config,
    );
    await enqueueMail(tx, { to: email, ...message });
    const orders = await detachAndRedactOrders(tx, orderOwnerOf(subject));
    const erased: PrivacyCounts = {
      account: user ? 1 : 0,
      [options.reviews === 'delete' ? 'reviewsDeleted' : 'reviewsAnonymised']: reviews,
      wishlist: user ? await deleteWishlist(tx, user.id) : 0,
      basket: user ? await deleteBasket(tx, user.id) : 0,
      ordersRedacted: orders.redacted,
      ordersRedactedOnArrival: orders.onArrival,
      contactMessages: proven ? await deleteContactMessagesFrom(tx, email) : 0,
      mails: await scrubAddressFromOutbox(tx, email),
    };
    if (user) await deleteAccount(tx, user.id);
    await recordPrivacyRequest(tx, { kind: 'erase', requestedBy: options.requestedBy, email, counts: erased });
    return erased;
  });
  if (user) ctx.sessionVersions.forget(user.id);
  void ctx.mailWorker.kick();
  if (counts.reviewsDeleted || counts.reviewsAnonymised) {
    // The books' pages show their reviews and are kept until a productUpdate (decision 124).
    await ctx.events
      .publish(JSON.stringify({ change: 'review' }))
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'productUpdate not published'));
  }
  return counts;
}

/**
 * In a status change's transaction: an order whose customer asked to be forgotten while it was on
 * its way loses its personal fields on reaching a final status, and the mail kept for its address
 * is scrubbed (the status mail just queued goes out first, then is wiped).
 */
export async function redactIfForgotten(
  tx: Db,
  order: { id: string; redactWhenFinal: boolean },
  status: OrderStatus,
): Promise<void> {
  if (!order.redactWhenFinal || !isFinalStatus(status)) return;
  for (const email of (await redactArrivedOrders(tx, order.id)).emails) await scrubAddressFromOutbox(tx, email);
}
