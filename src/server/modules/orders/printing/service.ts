/** The owner's side of printing (decision 112): an order's print state as shown, Send again, and the Track button's destination. */
import { printStateOf, type AdminOrderDetail } from '@shared/contracts/orders';
import { penceToPounds } from '@shared/money';
import type { AppContext } from '../../../context';
import { PrintPartnerError } from '../../../adapters/print';
import { conflict, notFound, unavailable } from '../../../lib/errors';
import { findPrintJob, lockPrintJob, trackingUrlOf, updatePrintJob, type PrintJobRow } from './jobs';
import type { OrderWithItems } from '../repository';

export async function printJobAnswer(ctx: AppContext, order: OrderWithItems): Promise<AdminOrderDetail['print']> {
  const job = await findPrintJob(ctx.database.db, order.id);
  if (!job) return null;
  return {
    state: printStateOf(job.state, job.partnerState)!,
    partner: job.partner,
    partner_ref: job.partnerRef,
    partner_status: job.partnerStatus,
    problem: job.problem,
    attempts: job.attempts,
    cost: job.costPence === null ? null : penceToPounds(job.costPence),
    cost_currency: job.costCurrency,
    updated_at: job.updatedAt.toISOString(),
    can_send_again: job.state === 'failed' && order.deliveryAddress !== null,
  };
}

/**
 * POST /api/admin/orders/:orderId/print: the owner sends an order that needs attention again,
 * having fixed the cause (or checked the partner does not hold it). Only a job that needs
 * attention can be sent again: one that is queued, being sent or with the partner is refused,
 * so no click can print an order twice.
 */
export async function sendToPrinterAgain(ctx: AppContext, orderId: string, by: string): Promise<{ message: string }> {
  const db = ctx.database.db;
  const job = await findPrintJob(db, orderId);
  if (!job)
    throw notFound(
      'This order has no print job: orders are sent to the printer by hand in this shop, or the order does not exist.',
    );
  refuseUnlessNeedsAttention(job);
  if (!(await hasDeliveryAddress(ctx, orderId)))
    throw conflict('This order has no delivery address yet; it can be sent once it has one.');
  // An order the partner kept when it refused it (a draft, one waiting for payment) holds our
  // document reference: it is cancelled first, so the new one is not refused as a duplicate.
  if (job.partnerRef) await cancelKeptOrder(ctx, job.partnerRef);
  await db.transaction(async (tx) => {
    const locked = await lockPrintJob(tx, orderId);
    refuseUnlessNeedsAttention(locked!);
    await updatePrintJob(tx, orderId, {
      state: 'queued',
      problem: null,
      attempts: 0,
      nextAttemptAt: new Date(),
      partnerRef: null,
      partnerState: null,
      partnerStatus: null,
      outcomeUnknown: false,
    });
  });
  ctx.log.info({ orderId, by }, 'order sent to the printer again by the owner');
  void ctx.printWorker.kick();
  return { message: 'The order will be sent to the printer again.' };
}

/** Only a job that needs attention can be sent again (a click on a stale page must not print twice). */
function refuseUnlessNeedsAttention(job: PrintJobRow) {
  if (job.state === 'submitted') throw conflict('This order is already with the printer; it is not sent twice.');
  if (job.state !== 'failed') throw conflict('This order is already on its way to the printer.');
}

async function hasDeliveryAddress(ctx: AppContext, orderId: string): Promise<boolean> {
  const order = await ctx.database.db.query.orders.findFirst({
    where: (o, { eq }) => eq(o.id, orderId),
    columns: { deliveryAddress: true },
  });
  return Boolean(order?.deliveryAddress);
}

async function cancelKeptOrder(ctx: AppContext, partnerRef: string) {
  let result;
  try {
    result = await ctx.printPartner.cancel(partnerRef);
  } catch (error) {
    if (error instanceof PrintPartnerError && error.kind === 'not_found') return;
    throw unavailable(
      'The print partner could not be reached to cancel the order it kept. Please try again shortly.',
      error,
    );
  }
  if (result.outcome === 'refused') {
    throw conflict(
      `The print partner would not cancel the order it already holds (${partnerRef}): ${result.reason} Check it in the partner's portal.`,
    );
  }
}

/** Where the Shipped mail's Track button leads: the carrier's page, else the order history. */
export async function trackingPage(ctx: AppContext, orderId: string): Promise<string> {
  return (await trackingUrlOf(ctx.database.db, orderId)) ?? '/profile';
}
