/** The texts of the mails the admin area sends. Plain text; links are absolute (PUBLIC_URL). */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import type { OrderStatus } from '../../../shared/constants';

const shortId = (orderId: string) => orderId.slice(-10);

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
  const subject = !input.statusChanged
    ? `Your order ${ref} has been updated`
    : input.status === 'Shipped'
      ? `Your order ${ref} is on its way`
      : input.status === 'Delivered'
        ? `Your order ${ref} has been delivered`
        : `Your order ${ref} is ${input.status.toLowerCase()}`;
  const lines = [
    'Hello,',
    '',
    input.status === 'Shipped'
      ? `Good news: your order ${ref} has been printed and shipped.`
      : input.status === 'Delivered'
        ? `Your order ${ref} has been delivered. We hope you enjoy your books!`
        : `Your order ${ref} is being printed.`,
    '',
    `Status: ${input.status}`,
  ];
  if (input.trackingRef) lines.push(`Tracking reference: ${input.trackingRef}`);
  if (input.bookVaultRef) lines.push(`Print reference: ${input.bookVaultRef}`);
  if (input.reviewLink) {
    lines.push('', 'Tell other readers what you thought. Review your books here:', input.reviewLink);
  }
  lines.push('', `Thank you for shopping with ${input.shopName}.`);
  return { to: input.to, subject, text: lines.join('\n') };
}

export function discountCodeMail(input: {
  to: string;
  shopName: string;
  shopUrl: string;
  code: string;
  percentage: number;
  types: string[];
  ages: string[];
  expiresAt: Date;
}): OutgoingMessage {
  const ages = input.ages.map((age) => (age === '' ? 'all-ages books' : `${age} books`));
  const scope = [input.types.length ? `types: ${input.types.join(', ')}` : '', ages.length ? `ages: ${ages.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  const expires = input.expiresAt.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  return {
    to: input.to,
    subject: `Your ${input.percentage}% discount code from ${input.shopName}`,
    text: [
      'Hello,',
      '',
      `Here is a discount code for ${input.percentage}% off your next order${scope ? ` (${scope})` : ''}:`,
      '',
      `    ${input.code}`,
      '',
      `Enter it in your basket at checkout. It can be used once and is valid until ${expires}.`,
      '',
      input.shopUrl,
      '',
      `Happy reading from ${input.shopName}.`,
    ].join('\n'),
  };
}
