/** The mail that carries a discount code. Plain text; the shop's address is absolute (PUBLIC_URL). */
import type { OutgoingMessage } from '../../adapters/mail/transport';

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
