/** The accounts module's e-mails (templates in modules/mail/templates), each with the one link it is about. */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import { renderMail, type RenderConfig } from '../mail';

export async function verificationMail(config: RenderConfig, to: string, token: string): Promise<OutgoingMessage> {
  return {
    to,
    ...(await renderMail('verifyEmail', { link: `/api/verify_email?token=${encodeURIComponent(token)}` }, config)),
  };
}

export async function passwordResetMail(config: RenderConfig, to: string, token: string): Promise<OutgoingMessage> {
  return {
    to,
    ...(await renderMail('passwordReset', { link: `/change_password?token=${encodeURIComponent(token)}` }, config)),
  };
}

export async function adminLoginMail(config: RenderConfig, to: string, token: string): Promise<OutgoingMessage> {
  return {
    to,
    ...(await renderMail('adminSignIn', { link: `/?verify_admin=true&token=${encodeURIComponent(token)}` }, config)),
  };
}

/**
 * After a verification link opened outside the signing-up browser dropped the account's password
 * (decisions/029): why, and a link to choose one.
 */
export async function choosePasswordMail(config: RenderConfig, to: string, token: string): Promise<OutgoingMessage> {
  return {
    to,
    ...(await renderMail('choosePassword', { link: `/change_password?token=${encodeURIComponent(token)}` }, config)),
  };
}
