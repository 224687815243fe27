/** Account mails: verify an address, reset a password, finish the admin's sign-in. Each carries one link. */
import { Action, MailLayout, P } from './layout';
import type { MailTemplate } from './types';

/** `link`: a shop path with its token (`/api/verify_email?token=…`). */
export interface LinkMail {
  link: string;
}

export const verifyEmail: MailTemplate<LinkMail> = {
  subject: (_data, shop) => `Verify your e-mail address for ${shop.name}`,
  body: ({ link }, shop) => (
    <MailLayout
      shop={shop}
      title={`Welcome to ${shop.name}!`}
      preview="Confirm your e-mail address to finish setting up your account."
      reason={`You received this e-mail because an account was created with this address at ${shop.name}.`}
    >
      <P>Please confirm that this is your e-mail address.</P>
      <Action href={shop.href(link)}>Verify my e-mail address</Action>
      <P muted>The link works once and for 7 days. If you did not create an account, you can ignore this message.</P>
    </MailLayout>
  ),
};

export const passwordReset: MailTemplate<LinkMail> = {
  subject: (_data, shop) => `Reset your ${shop.name} password`,
  body: ({ link }, shop) => (
    <MailLayout
      shop={shop}
      title="Choose a new password"
      preview="Someone (hopefully you) asked to set a new password for your account."
      reason={`You received this e-mail because a new password was asked for your ${shop.name} account.`}
    >
      <P>Someone (hopefully you) asked to set a new password for this account.</P>
      <Action href={shop.href(link)}>Choose a new password</Action>
      <P muted>
        The link works once and for 1 hour. If you did not ask for it, ignore this message: your password stays as it
        is.
      </P>
    </MailLayout>
  ),
};

export const adminSignIn: MailTemplate<LinkMail> = {
  subject: (_data, shop) => `Finish signing in to ${shop.name} admin`,
  body: ({ link }, shop) => (
    <MailLayout
      shop={shop}
      title="Finish signing in"
      preview="Your admin password was just entered correctly. One more step."
      reason={`You received this e-mail because the admin password of ${shop.name} was entered for this address.`}
    >
      <P>Your admin password was just entered correctly. To finish signing in, open this link in the same browser:</P>
      <Action href={shop.href(link)}>Finish signing in</Action>
      <P muted>The link works once, for 15 minutes, and only in the browser where you signed in.</P>
      <P muted>If this was not you, change your password now: someone knows it.</P>
    </MailLayout>
  ),
};

/** After a verification link opened outside the signing-up browser dropped the account's password (decisions/029). */
export const choosePassword: MailTemplate<LinkMail> = {
  subject: (_data, shop) => `Choose a password for your ${shop.name} account`,
  body: ({ link }, shop) => (
    <MailLayout
      shop={shop}
      title="Your address is verified"
      preview="Choose your own password to keep your account safe."
      reason={`You received this e-mail because this address was verified for an account at ${shop.name}.`}
    >
      <P>
        The verification link was opened in another browser than the one the account was made in, so we cannot tell
        whether its password was chosen by you. To keep your account safe we have removed that password and signed the
        account out everywhere.
      </P>
      <Action href={shop.href(link)}>Choose my password</Action>
      <P muted>The link works once and for 1 hour; later, use 'Forgot password?' on the sign-in page.</P>
      <P muted>
        If you did not create an account with us, you can ignore this message: nobody can sign in to it with a password.
      </P>
    </MailLayout>
  ),
};
