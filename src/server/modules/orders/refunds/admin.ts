/**
 * What the owner's order page adds for cancel and refund (issue 26): the refunds, what may still be
 * refunded, a dispute, the print hold and what a cancel would do at the printer.
 */
import { ORDER_STATUS_TABLE } from '@shared/order-status';
import type { AdminOrderDetail } from '@shared/contracts/orders';
import { penceToPounds } from '@shared/money';
import type { Db } from '../../../db/client';
import type { PrintJobRow } from '../printing/jobs';
import type { OrderWithItems } from '../repository';
import { planCancel } from './cancel-plan';
import { listRefunds, toRefundAnswer } from './repository';

type MoneyFields = Pick<
  AdminOrderDetail,
  'refunds' | 'refundable' | 'disputed_at' | 'print_hold_until' | 'can_send_now' | 'cancel'
>;

/** The job is held by the cancel window: queued, and not yet due. */
export const isHeld = (job: Pick<PrintJobRow, 'state' | 'nextAttemptAt'> | null, now: Date) =>
  job !== null && job.state === 'queued' && job.nextAttemptAt > now;

export async function adminMoneyAnswer(db: Db, row: OrderWithItems, job: PrintJobRow | null): Promise<MoneyFields> {
  const now = new Date();
  const refunds = await listRefunds(db, row.id);
  const plan = planCancel({ status: row.status, bookVaultRef: row.bookVaultRef, job });
  const held = row.printHoldUntil !== null && row.printHoldUntil > now && ORDER_STATUS_TABLE[row.status].awaitsPrinter;
  return {
    refunds: refunds.map(toRefundAnswer),
    refundable: penceToPounds(Math.max(0, row.totalPence - row.refundedPence)),
    disputed_at: row.disputedAt?.toISOString() ?? null,
    print_hold_until: held ? row.printHoldUntil!.toISOString() : null,
    can_send_now: isHeld(job, now),
    cancel: { possible: plan.ok, at_printer: plan.at, message: plan.message },
  };
}
