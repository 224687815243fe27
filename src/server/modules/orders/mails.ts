/** The texts of the mails about an order. Plain text; links are absolute (PUBLIC_URL). */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import type { CheckoutLine } from '../../db/schema';
import { formatPence } from '../../../shared/money';
import { statusLabel, type OrderStatus } from '../../../shared/order-status';

/** The short reference shoppers see: the last ten characters of the order id. */
export const shortId = (orderId: string) => orderId.slice(-10);

/** What the customer is told when the order reaches each status (the subject and the first line). */
const STATUS_NEWS: Record<OrderStatus, { subject: (ref: string) => string; line: (ref: string) => string }> = {
  Printing: { subject: (ref) => `Your order ${ref} is printing`, line: (ref) => `Your order ${ref} is being printed.` },
  Shipped: { subject: (ref) => `Your order ${ref} is on its way`, line: (ref) => `Good news: your order ${ref} has been printed and shipped.` },
  Delivered: {
    subject: (ref) => `Your order ${ref} has been delivered`,
    line: (ref) => `Your order ${ref} has been delivered. We hope you enjoy your books!`,
  },
};

export function orderUpdateMail(input: {
  to: string;
  shopName: string;
  orderId: string;
  status: OrderStatus;
  statusChanged: boolean;
  bookVaultRef: string | null;
  trackingRef: string | null;
  reviewLink: string | null;
}): OutgoingMessage {
  const ref = shortId(input.orderId);
  const news = STATUS_NEWS[input.status];
  const subject = input.statusChanged ? news.subject(ref) : `Your order ${ref} has been updated`;
  const lines = ['Hello,', '', news.line(ref), '', `Status: ${statusLabel(input.status)}`];
  if (input.trackingRef) lines.push(`Tracking reference: ${input.trackingRef}`);
  if (input.bookVaultRef) lines.push(`Print reference: ${input.bookVaultRef}`);
  if (input.reviewLink) {
    lines.push('', 'Tell other readers what you thought. Review your books here:', input.reviewLink);
  }
  lines.push('', `Thank you for shopping with ${input.shopName}.`);
  return { to: input.to, subject, text: lines.join('\n') };
}

/** What the confirmation shows of the paid checkout. */
export interface PaidCheckout {
  userId: string | null;
  lines: CheckoutLine[];
  subtotalPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  discountCode: string | null;
}

export function confirmationMail(input: { to: string; shopName: string; shopUrl: string; orderId: string; checkout: PaidCheckout }): OutgoingMessage {
  const { checkout } = input;
  const ref = shortId(input.orderId);
  const lines = checkout.lines.map((line) => `  ${line.qty} × ${line.name} — ${formatPence(line.unitPence * line.qty)}`);
  const text = [
    `Thank you for your order with ${input.shopName}!`,
    '',
    `Order ${ref}`,
    ...lines,
    '',
    `Subtotal: ${formatPence(checkout.subtotalPence)}`,
    ...(checkout.discountPence > 0 ? [`Discount (${checkout.discountCode}): −${formatPence(checkout.discountPence)}`] : []),
    `Shipping: ${formatPence(checkout.shippingPence)}`,
    `Total paid: ${formatPence(checkout.totalPence)}`,
    '',
    'Your books are now being printed. We will e-mail you when they are on their way.',
    checkout.userId ? `Your orders: ${input.shopUrl}/profile` : `Questions? ${input.shopUrl}/contact (quote ${ref})`,
  ].join('\n');
  return { to: input.to, subject: `Your order ${ref} is confirmed`, text };
}
