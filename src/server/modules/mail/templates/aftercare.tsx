/** Mails of an order's after-care (issue 27): a replacement on its way to the customer, a reported problem to the owner. */
import { Action, Address, Highlight, MailLayout, OrderLines, P, type DeliveryAddress, type OrderLine } from './layout';
import { orderRef } from './shop';
import type { MailTemplate } from './types';

export interface ReplacementSentMail {
  /** The order the books were bought with. */
  orderId: string;
  /** The replacement order (its Shipped mail names it). */
  replacementId: string;
  /** The reason in words ("Damaged in transit"). */
  reason: string;
  lines: Pick<OrderLine, 'name' | 'qty' | 'coverUrl'>[];
  deliveryAddress: DeliveryAddress;
  hasAccount: boolean;
}

export const replacementSent: MailTemplate<ReplacementSentMail> = {
  subject: ({ orderId }) => `We are sending a replacement for your order ${orderRef(orderId)}`,
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title="We are sending a replacement"
      preview="Your replacement books are being printed, free of charge. We will e-mail you when they are on their way."
      reason={`You received this e-mail because you ordered from ${shop.name} with this address.`}
    >
      <P>Hello,</P>
      <P>
        We are sorry about your order. We are sending a replacement, free of charge: it is being printed now, and we
        will e-mail you its tracking when it is on its way.
      </P>
      <Highlight label="Order" value={orderRef(data.orderId)} />
      <Highlight label="Replacement" value={orderRef(data.replacementId)} />
      <P muted>Reason: {data.reason}</P>
      <OrderLines
        shop={shop}
        lines={data.lines.map((line) => ({ ...line, name: `${line.qty} × ${line.name}`, unitPence: 0 }))}
        hidePrices
      />
      <Address address={data.deliveryAddress} />
      {data.hasAccount ? (
        <Action href={shop.href('/profile')}>See your orders</Action>
      ) : (
        <Action href={shop.href('/contact')}>Contact us</Action>
      )}
    </MailLayout>
  ),
};

export interface OwnerProblemReportedMail {
  orderId: string;
  customerEmail: string;
  /** The reason in words ("Arrived damaged"). */
  reason: string;
  message: string;
  photos: number;
}

export const ownerProblemReported: MailTemplate<OwnerProblemReportedMail> = {
  subject: ({ orderId, reason }) => `Problem reported with order ${orderRef(orderId)}: ${reason}`,
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title={`A customer reported a problem: ${data.reason}`}
      preview={data.message}
      reason={`You received this e-mail as the owner of ${shop.name}.`}
    >
      <P>The customer of order {orderRef(data.orderId)} reported a problem.</P>
      <Highlight label="Customer" value={data.customerEmail} />
      <Highlight label="Reason" value={data.reason} />
      <Highlight label="Message" value={data.message} prose />
      <P muted>{data.photos === 0 ? 'No photos.' : data.photos === 1 ? 'One photo.' : `${data.photos} photos.`}</P>
      <P>Send a replacement, refund, or close it with a note from the order&apos;s page.</P>
      <Action href={shop.href(`/admin/orders/${data.orderId}`)}>Open the order</Action>
    </MailLayout>
  ),
};
