/**
 * Replacements (issue 27, decision 142): some of an order's books sent again, free, as an order of
 * their own (kind 'replacement', `parent_order_id` the original, £0, no payment) with its own
 * print job through the one exactly-once queue (decision 112). The customer is mailed "we are
 * sending a replacement"; the replacement's Shipped mail follows from the queue as for any order.
 */
import { randomUUID } from 'node:crypto';
import { REPLACEMENT_REASONS, type ReplacementBody, type replacementBodySchema } from '@shared/contracts/orders';
import { INITIAL_ORDER_STATUS, statusesWhere } from '@shared/order-status';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { badRequest, conflict, notFound, refused } from '../../../lib/errors';
import { enqueueMail, mailCovers, renderMail } from '../../mail';
import { recordStatusChange } from '../history';
import { insertPrintJob, lockPrintJob } from '../printing/jobs';
import { insertOrder } from '../repository';
import type { DeliveryAddress } from '@shared/delivery-address';
import { checkedAddress, oneLine } from './address';
import { closeProblemWith } from './problems';
import {
  findAftercareOrder,
  insertEvent,
  lockAftercareOrder,
  orderLines,
  replacedCopies,
  type AftercareOrder,
} from './repository';

export const NOT_REPLACEABLE =
  'A replacement can be sent for an order that has been sent (Shipped or Delivered), or one whose print job failed.';
export const REPLACEMENT_OF_REPLACEMENT =
  'This order is itself a replacement: send another replacement from the original order.';
export const NO_ADDRESS_FOR_REPLACEMENT =
  'This order has no delivery address: give the address to send the replacement to.';
export const alreadyReplaced = (names: string[]) =>
  `One is already on its way: a replacement of ${names.join(', ')} has already been sent for this order. Confirm to send another.`;

/** A replacement can be sent: the books left the printer, or the print job failed. */
export function replaceable(order: Pick<AftercareOrder, 'status' | 'kind'>, jobState: string | null): boolean {
  if (order.kind !== 'sale') return false;
  if (statusesWhere('inTransit').includes(order.status) || statusesWhere('arrived').includes(order.status)) return true;
  return statusesWhere('awaitsPrinter').includes(order.status) && jobState === 'failed';
}

type Body = z.output<typeof replacementBodySchema>;

export async function sendReplacement(
  ctx: AppContext,
  orderId: string,
  body: Body | ReplacementBody,
  by: string,
): Promise<{ order_id: string; message: string }> {
  let typedAddress: DeliveryAddress | null = null;
  if (body.address) {
    // Within the zone the order was priced with (read before the locks: it never changes).
    const known = await findAftercareOrder(ctx.database.db, orderId);
    if (!known) throw notFound('No order with that id.');
    typedAddress = checkedAddress(body.address, await ctx.flows.orderDeliveryCountries(ctx, known));
  }
  const replacementId = await ctx.database.db.transaction(async (tx) => {
    const order = await lockAftercareOrder(tx, orderId);
    if (!order) throw notFound('No order with that id.');
    if (order.kind !== 'sale') throw conflict(REPLACEMENT_OF_REPLACEMENT);
    const job = await lockPrintJob(tx, orderId);
    if (!replaceable(order, job?.state ?? null)) throw conflict(NOT_REPLACEABLE);

    const bought = new Map((await orderLines(tx, orderId)).map((line) => [line.productId, line]));
    const seen = new Set<string>();
    body.lines.forEach((line, index) => {
      const original = bought.get(line.product_id);
      if (!original) throw badRequest(`lines.${index}: the book ${line.product_id} is not in this order.`);
      if (seen.has(line.product_id)) throw badRequest(`lines.${index}: the book ${line.product_id} is named twice.`);
      seen.add(line.product_id);
      if (line.qty > original.quantity)
        throw badRequest(
          `lines.${index}: only ${original.quantity} ${original.quantity === 1 ? 'copy' : 'copies'} of ${original.name} were bought.`,
        );
    });
    const replaced = await replacedCopies(tx, orderId);
    const again = body.lines.filter((line) => (replaced.get(line.product_id) ?? 0) > 0);
    if (again.length > 0 && !body.confirm_again)
      throw refused(alreadyReplaced(again.map((line) => bought.get(line.product_id)!.name)), 'already_replaced');

    const address = typedAddress ?? order.deliveryAddress;
    if (!address) throw conflict(NO_ADDRESS_FOR_REPLACEMENT);
    const lines = body.lines.map((line) => {
      const original = bought.get(line.product_id)!;
      return {
        productId: original.productId,
        ...(original.productKey ? { productKey: original.productKey } : {}),
        name: original.name,
        qty: line.qty,
        unitPence: 0,
      };
    });
    const newId = await insertOrder(
      tx,
      {
        checkoutSessionId: `replacement:${randomUUID()}`,
        userId: order.userId,
        email: order.email,
        subtotalPence: 0,
        shippingPence: 0,
        discountPence: 0,
        totalPence: 0,
        currency: 'gbp',
        discountCode: null,
        status: INITIAL_ORDER_STATUS,
        deliveryAddress: address,
        addressMissing: false,
        paymentRef: null,
        kind: 'replacement',
        parentOrderId: order.id,
        replacementReason: body.reason,
      },
      lines,
    );
    const reason = REPLACEMENT_REASONS[body.reason];
    const covers = await mailCovers(
      tx,
      lines.map((line) => line.productId),
    );
    const mail = await renderMail(
      'replacementSent',
      {
        orderId: order.id,
        replacementId: newId!,
        reason,
        lines: lines.map((line) => ({ name: line.name, qty: line.qty, coverUrl: covers.get(line.productId) ?? null })),
        deliveryAddress: address,
        hasAccount: order.userId !== null,
      },
      ctx.config,
    );
    await enqueueMail(tx, { to: order.email, ...mail });
    await recordStatusChange(tx, {
      orderId: newId!,
      from: null,
      to: INITIAL_ORDER_STATUS,
      by,
      mailSubject: mail.subject,
    });
    if (ctx.printPartner.name !== 'manual') await insertPrintJob(tx, newId!, ctx.printPartner.name);
    const what = lines.map((line) => `${line.qty} × ${line.name}`).join(', ');
    const note = body.note ? ` Note: ${body.note}` : '';
    await insertEvent(tx, {
      orderId: order.id,
      kind: 'replacement_sent',
      text: `Replacement ${newId!.slice(-10)} sent (${reason}): ${what}, to ${oneLine(address)}.${note}`,
      by,
    });
    await insertEvent(tx, {
      orderId: newId!,
      kind: 'replacement_sent',
      text: `Replacement for order ${order.id.slice(-10)} (${reason}).${note}`,
      by,
    });
    await closeProblemWith(tx, order.id, 'replacement', by);
    return newId!;
  });
  void ctx.mailWorker.kick();
  void ctx.printWorker.kick();
  return { order_id: replacementId, message: 'The replacement has been made and the customer told.' };
}
