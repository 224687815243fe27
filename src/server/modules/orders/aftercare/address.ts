/**
 * Correcting an order's delivery address (issue 27, decision 143): by the owner while the print
 * job has not been sent to the partner, by the customer within the cancel window (the print hold of
 * issue 26, `customerMayCorrect`). Checked by the shared address rule within the zone the order was
 * priced with (decisions 110, 133, 148); an order held for its address is queued for the printer once one is saved.
 */
import type { DeliveryAddressInput } from '@shared/contracts/orders';
import { addressLines, addressProblemList, normaliseAddress, type DeliveryAddress } from '@shared/delivery-address';
import { statusesWhere } from '@shared/order-status';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { customerCancellableUntil, type HoldState } from '../refunds/money';
import { lockPrintJob, updatePrintJob, type PrintJobRow } from '../printing/jobs';
import {
  findAftercareOrder,
  insertEvent,
  lockAftercareOrder,
  saveDeliveryAddress,
  type AftercareOrder,
} from './repository';

export const AT_THE_PRINTER =
  'This order is already at the printer: cancel and send a replacement, or ask the printer.';
export const WINDOW_PASSED =
  'The time to change this order yourself has passed. Please ask us through the contact page and we will do our best.';
export const ALREADY_SENT =
  'This order has already been sent, so its address can no longer be changed: send a replacement to the right address instead.';

/** Why the address can no longer be changed, or null while it can: the print job has not reached the partner. */
export function addressLockedBecause(
  order: Pick<AftercareOrder, 'status' | 'bookVaultRef'>,
  job: Pick<PrintJobRow, 'state'> | null,
): string | null {
  if (!statusesWhere('awaitsPrinter').includes(order.status)) return ALREADY_SENT;
  if (job ? job.state === 'submitting' || job.state === 'submitted' : order.bookVaultRef !== null)
    return AT_THE_PRINTER;
  return null;
}

/**
 * The customer's own correction: only within the cancel window (the print hold of decision 137,
 * while the printer does not have the order), the same window as the customer's cancel.
 */
export function customerMayCorrect(order: HoldState, now = new Date()): boolean {
  return customerCancellableUntil(order, now) !== null;
}

/** The typed address, normalised, or a 400 naming every bad field (the checkout's rule and words). */
export function checkedAddress(input: DeliveryAddressInput, countries: readonly string[]): DeliveryAddress {
  const address = normaliseAddress(input);
  const messages = addressProblemList(address, countries);
  if (messages.length > 0) throw badRequest(`Please check the delivery address. ${messages.join(' ')}`);
  return address;
}

export const oneLine = (address: DeliveryAddress | null) => (address ? addressLines(address).join(', ') : 'none');

/**
 * Saves a corrected address under the order's and its job's locks, with a line in the order's log;
 * a job held before its first try (no address, or one that broke the rule) goes to the printer's queue.
 */
async function correct(
  ctx: AppContext,
  orderId: string,
  input: DeliveryAddressInput,
  who: { by: string; customerId?: string },
): Promise<{ message: string }> {
  // Where it may go: the zone the order was priced with (read before the locks: it never changes).
  const known = await findAftercareOrder(ctx.database.db, orderId);
  if (!known) throw notFound('No order with that id.');
  if (who.customerId !== undefined && known.userId !== who.customerId)
    throw forbidden('This is not one of your orders.');
  const address = checkedAddress(input, await ctx.flows.orderDeliveryCountries(ctx, known));
  const queued = await ctx.database.db.transaction(async (tx: Db) => {
    const order = await lockAftercareOrder(tx, orderId);
    if (!order) throw notFound('No order with that id.');
    if (who.customerId !== undefined && order.userId !== who.customerId)
      throw forbidden('This is not one of your orders.');
    const job = await lockPrintJob(tx, orderId);
    const locked = addressLockedBecause(order, job);
    if (locked) throw conflict(locked);
    if (who.customerId !== undefined && !customerMayCorrect({ ...order, printJobState: job?.state ?? null }))
      throw conflict(WINDOW_PASSED);
    await saveDeliveryAddress(tx, orderId, address);
    await insertEvent(tx, {
      orderId,
      kind: 'address_corrected',
      text: `Delivery address corrected. Was: ${oneLine(order.deliveryAddress)}. Now: ${oneLine(address)}.`,
      by: who.by,
    });
    const heldForAddress = job?.state === 'failed' && job.attempts === 0;
    if (heldForAddress) {
      await updatePrintJob(tx, orderId, { state: 'queued', problem: null, nextAttemptAt: new Date() });
    }
    return heldForAddress;
  });
  if (queued) void ctx.printWorker.kick();
  return {
    message: queued
      ? 'The delivery address has been saved and the order is on its way to the printer.'
      : 'The delivery address has been saved.',
  };
}

export const correctAddressByOwner = (ctx: AppContext, orderId: string, input: DeliveryAddressInput, by: string) =>
  correct(ctx, orderId, input, { by });

export const correctAddressByCustomer = (
  ctx: AppContext,
  orderId: string,
  input: DeliveryAddressInput,
  customer: { id: string; email: string },
) => correct(ctx, orderId, input, { by: `customer ${customer.email}`, customerId: customer.id });
