/** The mails about an order (templates in modules/mail/templates/orders.tsx); links are absolute (PUBLIC_URL). */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import type { Db } from '../../db/client';
import type { CheckoutLine } from '../../db/schema';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { OrderStatus } from '@shared/order-status';
import { mailCovers, renderMail, type RenderConfig } from '../mail';

export async function orderUpdateMail(
  config: RenderConfig,
  input: {
    to: string;
    orderId: string;
    status: OrderStatus;
    statusChanged: boolean;
    bookVaultRef: string | null;
    trackingRef: string | null;
    reviewLink: string | null;
    problemLink?: string | null;
    replacementFor?: string | null;
  },
): Promise<OutgoingMessage> {
  const { to, reviewLink, problemLink, ...order } = input;
  // The Track button stays on the shop's address, as every mailed link does: the shop sends it on to
  // the carrier's page the print partner gave, or to the order history (orders/printing/service.ts).
  return {
    to,
    ...(await renderMail(
      'orderStatus',
      {
        ...order,
        trackUrl: `/api/orders/${order.orderId}/track`,
        reviewUrl: reviewLink,
        problemUrl: problemLink ?? null,
      },
      config,
    )),
  };
}

/** What the confirmation shows of the paid checkout. */
export interface PaidCheckout {
  deliveryAddress: DeliveryAddress | null;
  userId: string | null;
  lines: CheckoutLine[];
  subtotalPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  discountCode: string | null;
  /** The delivery zone it was priced with (decision 148). */
  deliveryZone: string | null;
}

/** What both mails about a new order show: its lines with covers, totals and delivery address. */
async function paidOrder(db: Db, orderId: string, checkout: PaidCheckout) {
  const covers = await mailCovers(
    db,
    checkout.lines.map((line) => line.productId),
  );
  const lines = checkout.lines.map((line) => ({
    name: line.name,
    qty: line.qty,
    unitPence: line.unitPence,
    coverUrl: covers.get(line.productId) ?? null,
  }));
  const discount =
    checkout.discountPence > 0 && checkout.discountCode
      ? { code: checkout.discountCode, pence: checkout.discountPence }
      : null;
  const { subtotalPence, shippingPence, totalPence, deliveryAddress, deliveryZone } = checkout;
  return { orderId, lines, subtotalPence, discount, shippingPence, totalPence, deliveryAddress, deliveryZone };
}

/** The order confirmation, with each book's cover, the delivery address and the cancellation information. */
export async function confirmationMail(
  config: RenderConfig,
  db: Db,
  input: {
    to: string;
    orderId: string;
    checkout: PaidCheckout;
    /** The cancel window's end and its signed link (decision 137); null when the order is sent at once. */
    cancel: { until: Date; url: string } | null;
  },
): Promise<OutgoingMessage> {
  const order = {
    ...(await paidOrder(db, input.orderId, input.checkout)),
    hasAccount: Boolean(input.checkout.userId),
    cancelUntil: input.cancel?.until.toISOString() ?? null,
    cancelUrl: input.cancel?.url ?? null,
  };
  return { to: input.to, ...(await renderMail('orderConfirmation', order, config)) };
}

/** To the shop owner: a new paid order, with a link to its detail (and a warning when it came without an address, or with one that breaks the rule). */
export async function ownerNewOrderMail(
  config: RenderConfig,
  db: Db,
  input: {
    to: string;
    orderId: string;
    checkout: PaidCheckout & { email: string };
    addressProblems?: readonly string[];
  },
): Promise<OutgoingMessage> {
  const order = {
    ...(await paidOrder(db, input.orderId, input.checkout)),
    customerEmail: input.checkout.email,
    addressProblems: [...(input.addressProblems ?? [])],
  };
  return { to: input.to, ...(await renderMail('ownerNewOrder', order, config)) };
}
