/** Privacy mails (issue 28, decision 145): the link that confirms deleting an account without a password, and the erasure's confirmation. */
import { ERASURE_DELETED, ERASURE_REVIEWS, erasureKept } from '@shared/privacy';
import type { LinkMail } from './account';
import { Action, MailLayout, P } from './layout';
import type { MailTemplate } from './types';

export const deleteAccountLink: MailTemplate<LinkMail> = {
  subject: (_data, shop) => `Confirm deleting your ${shop.name} account`,
  body: ({ link }, shop) => (
    <MailLayout
      shop={shop}
      title="Delete your account?"
      preview="Open this link to confirm that you want your account deleted."
      reason={`You received this e-mail because deleting your ${shop.name} account was asked for on your profile.`}
    >
      <P>You asked to delete your account. Open this link while signed in to confirm; the page says what is deleted.</P>
      <Action href={shop.href(link)}>Confirm deleting my account</Action>
      <P muted>The link works once, for 1 hour. If you did not ask for this, ignore this message: nothing changes.</P>
    </MailLayout>
  ),
};

export interface ErasedMail {
  /** Whether an account was deleted (an erasure the owner made for a guest has none). */
  account: boolean;
  /** What happened to the reviews; null when there were none. */
  reviews: 'delete' | 'anonymise' | null;
  orderYears: number;
}

export const personalDataErased: MailTemplate<ErasedMail> = {
  subject: (_data, shop) => `Your personal data at ${shop.name} has been erased`,
  body: ({ account, reviews, orderYears }, shop) => (
    <MailLayout
      shop={shop}
      title={account ? 'Your account has been deleted' : 'Your personal data has been erased'}
      preview="What we deleted, and the order records we keep without your details."
      reason={`You received this e-mail because you asked ${shop.name} to erase your personal data. It is the last one we send to this address.`}
    >
      <P>As you asked, we have deleted:</P>
      {ERASURE_DELETED.map((line) => (
        <P key={line}>• {line}</P>
      ))}
      {reviews && <P>{ERASURE_REVIEWS[reviews]}</P>}
      <P>{erasureKept(orderYears)}</P>
      <P muted>
        Once this message is sent we no longer keep your address. You are welcome to make a new account with it at any
        time: it starts empty.
      </P>
    </MailLayout>
  ),
};
