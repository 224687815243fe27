/** The accounts module's e-mails: plain text, each with the one link it is about. */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import type { Config } from '../../config';

type MailConfig = Pick<Config, 'PUBLIC_URL' | 'SHOP_NAME'>;

export function verificationMail(config: MailConfig, to: string, token: string): OutgoingMessage {
  const link = `${config.PUBLIC_URL}/api/verify_email?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Verify your e-mail address for ${config.SHOP_NAME}`,
    text: [
      `Welcome to ${config.SHOP_NAME}!`,
      '',
      'Please confirm that this is your e-mail address by opening this link:',
      link,
      '',
      'The link works once and for 7 days. If you did not create an account, you can ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(config: MailConfig, to: string, token: string): OutgoingMessage {
  const link = `${config.PUBLIC_URL}/change_password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${config.SHOP_NAME} password`,
    text: [
      'Someone (hopefully you) asked to set a new password for this account.',
      '',
      'Open this link to choose a new password:',
      link,
      '',
      'The link works once and for 1 hour. If you did not ask for it, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function adminLoginMail(config: MailConfig, to: string, token: string): OutgoingMessage {
  const link = `${config.PUBLIC_URL}/?verify_admin=true&token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Finish signing in to ${config.SHOP_NAME} admin`,
    text: [
      'Your admin password was just entered correctly. To finish signing in, open this link in the same browser:',
      link,
      '',
      'The link works once, for 15 minutes, and only in the browser where you signed in.',
      'If this was not you, change your password now: someone knows it.',
    ].join('\n'),
  };
}

/**
 * After a verification link opened outside the signing-up browser dropped the account's password
 * (decisions/029): why, and a link to choose one.
 */
export function choosePasswordMail(config: MailConfig, to: string, token: string): OutgoingMessage {
  const link = `${config.PUBLIC_URL}/change_password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Choose a password for your ${config.SHOP_NAME} account`,
    text: [
      'Your e-mail address is now verified.',
      '',
      'The verification link was opened in another browser than the one the account was made in, so we cannot tell',
      'whether its password was chosen by you. To keep your account safe we have removed that password and signed',
      'the account out everywhere. Choose your own password with this link:',
      link,
      '',
      "The link works once and for 1 hour; later, use 'Forgot password?' on the sign-in page.",
      'If you did not create an account with us, you can ignore this message: nobody can sign in to it with a password.',
    ].join('\n'),
  };
}
