/**
 * The daily retention job's work (issue 28, decision 146), across orders, contact, mail and
 * accounts in one transaction: run twice it does nothing the second time. Logged in counts only.
 * Which instance runs it, and when, is modules/system/retention.ts.
 */
import { orderRetentionBoundary, UNVERIFIED_ACCOUNT_DAYS } from '@shared/privacy';
import type { AppContext } from '../context';
import { deleteUnverifiedUnusedAccounts } from '../modules/accounts';
import { deleteContactMessagesBefore } from '../modules/contact';
import { deleteMailBefore, scrubAddressFromOutbox } from '../modules/mail';
import { redactArrivedOrders, redactOrdersMadeBefore } from '../modules/orders';

export interface RetentionCounts {
  ordersRedacted: number;
  ordersRedactedOnArrival: number;
  contactMessagesDeleted: number;
  mailsDeleted: number;
  accountsRemoved: number;
}

const DAY_MS = 24 * 3600 * 1000;

function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

export async function applyRetention(ctx: AppContext, now = new Date()): Promise<RetentionCounts> {
  const { config } = ctx;
  const counts = await ctx.database.db.transaction(async (tx) => {
    // Orders forgotten while on their way and since finished by a path that did not redact them.
    const arrived = await redactArrivedOrders(tx);
    for (const email of arrived.emails) await scrubAddressFromOutbox(tx, email);
    return {
      ordersRedacted: await redactOrdersMadeBefore(tx, orderRetentionBoundary(now, config.ORDER_RETENTION_YEARS)),
      ordersRedactedOnArrival: arrived.redacted,
      contactMessagesDeleted: await deleteContactMessagesBefore(tx, monthsBefore(now, config.CONTACT_RETENTION_MONTHS)),
      mailsDeleted: await deleteMailBefore(tx, new Date(now.getTime() - config.MAIL_RETENTION_DAYS * DAY_MS)),
      accountsRemoved: await deleteUnverifiedUnusedAccounts(
        tx,
        new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * DAY_MS),
      ),
    };
  });
  ctx.log.info({ retention: counts }, 'retention applied');
  return counts;
}
