/** Order mails: the confirmation, each status change, the review invitation, and the owner's mails about orders. */
import { IMPORT_CHARGES_NOTICE, isAbroad } from '@shared/delivery-zones';
import { statusLabel, type OrderStatus } from '@shared/order-status';
import { formatPence } from '@shared/money';
import {
  Action,
  Address,
  Bidi,
  Highlight,
  InlineLink,
  MailLayout,
  OrderLines,
  P,
  Rule,
  Totals,
  type DeliveryAddress,
  type OrderLine,
  type OrderTotals,
} from './layout';
import { CancellationInfo } from './refunds';
import { orderRef } from './shop';
import type { MailTemplate } from './types';

export interface OrderConfirmationMail extends OrderTotals {
  orderId: string;
  lines: OrderLine[];
  /** Where the books go; shown when the checkout collected it, with the import notice outside the UK. */
  deliveryAddress?: DeliveryAddress | null;
  /** The shopper has an account (their orders are on /profile); a guest is pointed to /contact. */
  hasAccount: boolean;
  /**
   * The cancel window (decision 137): until when (ISO) the order can be cancelled for free, and the
   * signed link that cancels it; absent or null when the order goes to the printer at once.
   */
  cancelUntil?: string | null;
  cancelUrl?: string | null;
}

export const orderConfirmation: MailTemplate<OrderConfirmationMail> = {
  subject: ({ orderId }) => `Your order ${orderRef(orderId)} is confirmed`,
  body: (order, shop) => {
    const ref = orderRef(order.orderId);
    return (
      <MailLayout
        shop={shop}
        title="Thank you for your order!"
        preview={`Order ${ref}: ${formatPence(order.totalPence)} paid. Your books are now being printed.`}
        reason={`You received this e-mail because you ordered from ${shop.name} with this address.`}
      >
        <P>
          Thank you for your order with {shop.name}! Your books are now being printed. We will e-mail you when they are
          on their way.
        </P>
        <Highlight label="Order" value={ref} />
        <OrderLines shop={shop} lines={order.lines} />
        <Rule />
        <Totals totals={order} />
        <Rule />
        {order.deliveryAddress && <Address address={order.deliveryAddress} />}
        {/* Delivered duty unpaid outside the UK (decision 148): the checkout's notice, word for word. */}
        {order.deliveryAddress && isAbroad(order.deliveryAddress.country) && <P>{IMPORT_CHARGES_NOTICE}</P>}
        <CancellationInfo cancelUntil={order.cancelUntil ?? null} cancelUrl={order.cancelUrl ?? null} shop={shop} />
        {order.hasAccount ? (
          <Action href={shop.href('/profile')}>See your orders</Action>
        ) : (
          <>
            <P muted>Questions about your order? Write to us and quote {ref}.</P>
            <Action href={shop.href('/contact')}>Contact us</Action>
          </>
        )}
      </MailLayout>
    );
  },
};

export interface OrderStatusMail {
  orderId: string;
  status: OrderStatus;
  /** False when only the references changed (the order is "updated", not moved on). */
  statusChanged: boolean;
  trackingRef: string | null;
  bookVaultRef: string | null;
  /** The page that shows the parcel's tracking (the Track button of a Shipped mail). */
  trackUrl: string | null;
  /** The signed review link of a Delivered mail. */
  reviewUrl: string | null;
  /** The signed "Report a problem" link of a Shipped or Delivered mail (decision 144). */
  problemUrl?: string | null;
  /** The order this one replaces books of (a replacement's mails say so; decision 142). */
  replacementFor?: string | null;
}

/**
 * What the customer is told when the order reaches each status (the statuses are the table in
 * src/shared/order-status.ts): the subject, the title, the news, and whether the mail offers the
 * parcel's tracking. Keyed by status, so a new status does not compile until it has its words.
 */
const STATUS_NEWS: Record<
  OrderStatus,
  { subject: (ref: string) => string; title: string; news: string; track: boolean }
> = {
  Printing: {
    subject: (ref) => `Your order ${ref} is printing`,
    title: 'Your books are being printed',
    news: 'Your order is being printed.',
    track: false,
  },
  Shipped: {
    subject: (ref) => `Your order ${ref} is on its way`,
    title: 'Your order is on its way',
    news: 'Good news: your order has been printed and shipped.',
    track: true,
  },
  Delivered: {
    subject: (ref) => `Your order ${ref} has been delivered`,
    title: 'Your order has been delivered',
    news: 'Your order has been delivered. We hope you enjoy your books!',
    track: false,
  },
  // A cancel sends its own mail (orderCancelled, with the refund); these words are for completeness.
  Cancelled: {
    subject: (ref) => `Your order ${ref} has been cancelled`,
    title: 'Your order has been cancelled',
    news: 'Your order has been cancelled.',
    track: false,
  },
};

export const orderStatus: MailTemplate<OrderStatusMail> = {
  subject: ({ orderId, status, statusChanged }) => {
    const ref = orderRef(orderId);
    return statusChanged ? STATUS_NEWS[status].subject(ref) : `Your order ${ref} has been updated`;
  },
  body: (order, shop) => {
    const ref = orderRef(order.orderId);
    // The reference stands on its own (the Order box), not inside a sentence: "order <hex> has"
    // twice in a mail is a spam filter's hash-word pattern (SpamAssassin HEXHASH_WORD).
    const { news, title, track } = STATUS_NEWS[order.status];
    return (
      <MailLayout
        shop={shop}
        title={order.statusChanged ? title : 'Your order has been updated'}
        preview={news}
        reason={`You received this e-mail because you ordered from ${shop.name} with this address.`}
      >
        <P>Hello,</P>
        <P>{news}</P>
        {order.replacementFor && <P>This is the replacement for your order {orderRef(order.replacementFor)}.</P>}
        <Highlight label="Order" value={ref} />
        {order.reviewUrl && (
          <>
            <P>Tell other readers what you thought. Review your books here:</P>
            <Action href={shop.href(order.reviewUrl)}>Review your books</Action>
          </>
        )}
        <P>Status: {statusLabel(order.status)}</P>
        {order.trackingRef && <Highlight label="Tracking reference" value={order.trackingRef} />}
        {track && order.trackUrl && <Action href={shop.href(order.trackUrl)}>Track your order</Action>}
        {order.bookVaultRef && (
          <P muted>
            Print reference: <Bidi>{order.bookVaultRef}</Bidi>
          </P>
        )}
        {order.problemUrl && (
          <P muted>
            Something wrong with your books?{' '}
            <InlineLink href={shop.href(order.problemUrl)}>Report a problem</InlineLink>.
          </P>
        )}
        <P>Thank you for shopping with {shop.name}.</P>
      </MailLayout>
    );
  },
};

export interface ReviewInvitationMail {
  orderId: string;
  /** The signed review link (createReviewLink). */
  reviewUrl: string;
  lines: Pick<OrderLine, 'name' | 'coverUrl'>[];
}

/** A reminder some days after delivery (not sent yet: the Delivered mail carries the review link). */
export const reviewInvitation: MailTemplate<ReviewInvitationMail> = {
  subject: ({ orderId }) => `How are you enjoying your books? (order ${orderRef(orderId)})`,
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title="How are you enjoying your books?"
      preview="A few words from you help other readers choose their next book."
      reason={`You received this e-mail because you ordered from ${shop.name} with this address.`}
    >
      <P>A few words from you help other readers choose their next book. It takes a minute:</P>
      <Highlight label="Order" value={orderRef(data.orderId)} />
      <OrderLines shop={shop} lines={data.lines.map((line) => ({ ...line, qty: 1, unitPence: 0 }))} hidePrices />
      <Action href={shop.href(data.reviewUrl)}>Review your books</Action>
      <P muted>The link signs you in to review this order only.</P>
    </MailLayout>
  ),
};

export interface OwnerNewOrderMail extends OrderTotals {
  orderId: string;
  customerEmail: string;
  lines: OrderLine[];
  deliveryAddress?: DeliveryAddress | null;
  /** What breaks the shop's address rule in an address the payment page collected (decision 133). */
  addressProblems?: string[];
}

/** To the shop owner when an order is paid. */
export const ownerNewOrder: MailTemplate<OwnerNewOrderMail> = {
  subject: ({ orderId, totalPence }) => `New order ${orderRef(orderId)}: ${formatPence(totalPence)}`,
  body: (order, shop) => {
    const ref = orderRef(order.orderId);
    return (
      <MailLayout
        shop={shop}
        title={`New order ${ref}`}
        preview={`${order.lines.reduce((sum, line) => sum + line.qty, 0)} books, ${formatPence(order.totalPence)} paid by ${order.customerEmail}.`}
        reason={`You received this e-mail as the owner of ${shop.name}.`}
      >
        <P>
          A new order was paid by <Bidi>{order.customerEmail}</Bidi>.
        </P>
        <OrderLines shop={shop} lines={order.lines} />
        <Rule />
        <Totals totals={order} />
        <Rule />
        {order.deliveryAddress && order.addressProblems && order.addressProblems.length > 0 && (
          <Highlight
            label="Address to check"
            value={`The address the payment page collected breaks the shop's address rule: ${order.addressProblems.join(' ')} The order is not sent to the printer until you have checked it with the customer.`}
            prose
          />
        )}
        {order.deliveryAddress ? (
          <Address address={order.deliveryAddress} withPhone />
        ) : (
          <Highlight
            label="No delivery address"
            value="The payment came without a delivery address. Please ask the customer for one before the order is printed."
            prose
          />
        )}
        <Action href={shop.href(`/admin/orders/${order.orderId}`)}>Open the order</Action>
      </MailLayout>
    );
  },
};

export interface PrintPartnerProblemMail {
  orderId: string;
  /** One sentence: what went wrong ("The print partner refused the order: unknown product BV-12"). */
  problem: string;
  /** The partner's own reference, when it has one. */
  partnerRef?: string | null;
}

/** To the shop owner when the print partner cannot take or fulfil an order (orders/printing/worker.ts). */
export const printPartnerProblem: MailTemplate<PrintPartnerProblemMail> = {
  subject: ({ orderId }) => `Print partner problem with order ${orderRef(orderId)}`,
  body: (data, shop) => {
    const ref = orderRef(data.orderId);
    return (
      <MailLayout
        shop={shop}
        title={`Order ${ref} needs you`}
        preview={data.problem}
        reason={`You received this e-mail as the owner of ${shop.name}.`}
      >
        <P>The print partner could not go on with order {ref}:</P>
        <Highlight label="Problem" value={data.problem} prose />
        {data.partnerRef && (
          <P muted>
            Print partner reference: <Bidi>{data.partnerRef}</Bidi>
          </P>
        )}
        <P>The customer has not been told. Please check the order.</P>
        <Action href={shop.href(`/admin/orders/${data.orderId}`)}>Open the order</Action>
      </MailLayout>
    );
  },
};
