/**
 * Cancel and refund mails (issue 26): to the customer, the order cancelled and a refund made; to
 * the owner, what happened to an order's money or cancel outside the shop's own screens (a refund
 * made in Stripe's dashboard, a refund that failed, a cancel the printer refused, a dispute).
 */
import { formatPence } from '@shared/money';
import { Action, Highlight, InlineLink, MailLayout, P } from './layout';
import { orderRef, type Shop } from './shop';
import type { MailTemplate } from './types';

/** When a refund shows on a card statement (after-sale.md: Stripe says 5–10 working days). */
export const STATEMENT_DELAY = 'Refunds take 5 to 10 working days to appear on your card statement.';

/** A moment as UK people read it: "Sat 28 Nov, 14:05 (UK time)". */
export function ukTime(iso: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${text} (UK time)`;
}

/**
 * The confirmation's cancellation information (a durable medium, after-sale.md): the free cancel
 * until the order goes to the printer, with its link, and the 14-day right with the terms.
 */
export function CancellationInfo({
  cancelUntil,
  cancelUrl,
  shop,
}: {
  cancelUntil: string | null;
  cancelUrl: string | null;
  shop: Shop;
}) {
  return (
    <>
      {cancelUntil && cancelUrl && (
        <>
          <P>
            Changed your mind? You can cancel this order free of charge until {ukTime(cancelUntil)}, before it goes to
            the printer.
          </P>
          <Action href={cancelUrl}>Cancel this order</Action>
        </>
      )}
      <P muted>
        Your right to cancel: you may also cancel within 14 days of receiving your books, without giving a reason, and
        we refund everything you paid, delivery included. <InlineLink href={shop.href('/terms')}>Our terms</InlineLink>{' '}
        explain how, and what happens if a parcel is lost or damaged.
      </P>
    </>
  );
}

export interface OrderCancelledMail {
  orderId: string;
  /** What is refunded (pence); null when the cancel refunds nothing. */
  refundPence: number | null;
  /** The refund could not be made at once: the shop makes it and mails again. */
  refundDelayed: boolean;
}

export const orderCancelled: MailTemplate<OrderCancelledMail> = {
  subject: ({ orderId }) => `Your order ${orderRef(orderId)} has been cancelled`,
  body: (data, shop) => {
    const ref = orderRef(data.orderId);
    return (
      <MailLayout
        shop={shop}
        title="Your order has been cancelled"
        preview={
          data.refundPence
            ? `Order ${ref} is cancelled and ${formatPence(data.refundPence)} is on its way back to you.`
            : `Order ${ref} is cancelled.`
        }
        reason={`You received this e-mail because you ordered from ${shop.name} with this address.`}
      >
        <P>Your order has been cancelled: it will not be printed or sent.</P>
        <Highlight label="Order" value={ref} />
        {data.refundPence !== null && !data.refundDelayed && (
          <>
            <Highlight label="Refunded" value={formatPence(data.refundPence)} />
            <P>{STATEMENT_DELAY}</P>
          </>
        )}
        {data.refundPence !== null && data.refundDelayed && (
          <P>Your refund of {formatPence(data.refundPence)} will follow shortly; we will e-mail you when it is made.</P>
        )}
        <P muted>Questions? Write to us and quote {ref}.</P>
        <Action href={shop.href('/contact')}>Contact us</Action>
      </MailLayout>
    );
  },
};

export interface RefundMadeMail {
  orderId: string;
  amountPence: number;
  /** Everything refunded on the order so far, this refund included. */
  refundedPence: number;
  totalPence: number;
  /** The reason, in words. */
  reason: string;
}

export const refundMade: MailTemplate<RefundMadeMail> = {
  subject: ({ orderId }) => `A refund for your order ${orderRef(orderId)}`,
  body: (data, shop) => {
    const ref = orderRef(data.orderId);
    return (
      <MailLayout
        shop={shop}
        title="We have refunded you"
        preview={`${formatPence(data.amountPence)} refunded for order ${ref}.`}
        reason={`You received this e-mail because you ordered from ${shop.name} with this address.`}
      >
        <P>We have refunded part or all of your order.</P>
        <Highlight label="Order" value={ref} />
        <Highlight label="Refunded" value={formatPence(data.amountPence)} />
        <Highlight label="Reason" value={data.reason} prose />
        {data.refundedPence !== data.amountPence && (
          <P muted>
            Refunded on this order so far: {formatPence(data.refundedPence)} of {formatPence(data.totalPence)} paid.
          </P>
        )}
        <P>{STATEMENT_DELAY}</P>
        <Action href={shop.href('/contact')}>Contact us</Action>
      </MailLayout>
    );
  },
};

/** What the owner is told about. */
export type OwnerOrderAlertKind = 'dashboard_refund' | 'refund_failed' | 'cancel_refused' | 'dispute';

export interface OwnerOrderAlertMail {
  orderId: string;
  kind: OwnerOrderAlertKind;
  /** The amount concerned (pence), when there is one. */
  amountPence: number | null;
  /** One or two sentences: the provider's or the printer's words and what to do. */
  detail: string;
}

const ALERT_WORDS: Record<OwnerOrderAlertKind, { subject: string; title: string; lead: string }> = {
  dashboard_refund: {
    subject: 'Refund made in Stripe for order',
    title: 'A refund was made in Stripe',
    lead: 'A refund was made in Stripe’s dashboard, not in the shop. It is now on the order.',
  },
  refund_failed: {
    subject: 'Refund failed for order',
    title: 'A refund failed',
    lead: 'The payment provider could not complete a refund. The customer has not received this money.',
  },
  cancel_refused: {
    subject: 'The printer would not cancel order',
    title: 'The printer would not cancel an order',
    lead: 'The order was not cancelled: the print partner still has it and it will be sent. You can refund it instead.',
  },
  dispute: {
    subject: 'Payment disputed for order',
    title: 'A payment was disputed',
    lead: 'The customer’s bank opened a dispute (chargeback) on this payment. Answer it in Stripe’s dashboard.',
  },
};

export const ownerOrderAlert: MailTemplate<OwnerOrderAlertMail> = {
  subject: ({ orderId, kind }) => `${ALERT_WORDS[kind].subject} ${orderRef(orderId)}`,
  body: (data, shop) => {
    const words = ALERT_WORDS[data.kind];
    return (
      <MailLayout
        shop={shop}
        title={words.title}
        preview={words.lead}
        reason={`You received this e-mail as the owner of ${shop.name}.`}
      >
        <P>{words.lead}</P>
        <Highlight label="Order" value={orderRef(data.orderId)} />
        {data.amountPence !== null && <Highlight label="Amount" value={formatPence(data.amountPence)} />}
        <Highlight label="Details" value={data.detail} prose />
        <Action href={shop.href(`/admin/orders/${data.orderId}`)}>Open the order</Action>
      </MailLayout>
    );
  },
};
