/** The discount code the owner sends: the code large and copyable, what it applies to, until when. */
import { Action, FooterLine, Highlight, InlineLink, MailLayout, P } from './layout';
import type { MailTemplate } from './types';

export interface DiscountCodeMail {
  code: string;
  percentage: number;
  /** Product types it applies to; empty = every type. */
  types: string[];
  /** Ages it applies to ('' = all-ages books); empty = every age. */
  ages: string[];
  expiresAt: Date;
}

const orList = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** "Puzzle or Colouring books for kids", "books for all ages", "every book in the shop". */
export function discountScope(types: string[], ages: string[]): string {
  if (types.length === 0 && ages.length === 0) return 'every book in the shop';
  const kinds = types.length ? `${orList(types)} books` : 'books';
  const forAges = ages.length ? ` for ${orList(ages.map((age) => (age === '' ? 'all ages' : age.toLowerCase())))}` : '';
  return `${kinds}${forAges}`;
}

export const formatMailDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

export const discountCode: MailTemplate<DiscountCodeMail> = {
  marketing: true,
  subject: ({ percentage }, shop) => `Your ${percentage}% discount code from ${shop.name}`,
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title={`${data.percentage}% off your next order`}
      preview={`Your code ${data.code}: ${data.percentage}% off ${discountScope(data.types, data.ages)}, until ${formatMailDate(data.expiresAt)}.`}
      reason={`${shop.name} sent this discount code to this address.`}
      footer={
        <FooterLine>
          Rather not receive offers? Use your mail app&apos;s unsubscribe button, or tell us on our{' '}
          <InlineLink href={shop.href('/contact')}>contact page</InlineLink>.
        </FooterLine>
      }
    >
      <P>Hello,</P>
      <P>
        Here is a discount code for {data.percentage}% off your next order. It applies to{' '}
        {discountScope(data.types, data.ages)}.
      </P>
      <Highlight label="Your code" value={data.code} large />
      <P>
        Enter it in your basket at checkout. It can be used once and is valid until {formatMailDate(data.expiresAt)}.
      </P>
      <Action href={shop.href('/')}>Visit the shop</Action>
      <P>Happy reading from {shop.name}.</P>
    </MailLayout>
  ),
};
