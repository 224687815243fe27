/** The contact form's mails: the message to the owner, and a copy to the person who wrote it. */
import { Bidi, MailLayout, P, Quote } from './layout';
import type { MailTemplate } from './types';

export interface ContactMail {
  /** The sender's address (as given in the form). */
  email: string;
  /** The order reference they gave; '' for none. */
  orderRef: string;
  message: string;
}

export const contactMessage: MailTemplate<ContactMail> = {
  subject: ({ email }) => `Contact form: message from ${email}`,
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title="A message from the contact form"
      preview={data.message.slice(0, 120)}
      reason={`You received this e-mail as the owner of ${shop.name}.`}
    >
      <P>A shopper wrote through the contact form of {shop.name}.</P>
      <P>
        From: <Bidi>{data.email}</Bidi>
        <br />
        Order reference: <Bidi>{data.orderRef || '(none given)'}</Bidi>
      </P>
      <Quote text={data.message} />
      <P muted>
        Reply to <Bidi>{data.email}</Bidi> to answer (your mail app&apos;s Reply does).
      </P>
    </MailLayout>
  ),
};

/** A copy for the sender (not sent yet). */
export const contactCopy: MailTemplate<Omit<ContactMail, 'email'>> = {
  subject: (_data, shop) => `We received your message to ${shop.name}`,
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title="Thank you for your message"
      preview="We received your message and will answer to this address."
      reason={`You received this e-mail because this address was given in the contact form of ${shop.name}. If that was not you, you can ignore it.`}
    >
      <P>We received your message and will answer to this address. Here is a copy for your records:</P>
      {data.orderRef && <P>Order reference: {<Bidi>{data.orderRef}</Bidi>}</P>}
      <Quote text={data.message} />
    </MailLayout>
  ),
};
