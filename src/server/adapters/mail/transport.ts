/**
 * How a stored message leaves the shop. Every message is first written to the outbox table
 * (`outgoing_mail`); a transport delivers it. The embedded default keeps messages in the outbox
 * only, readable at /dev/mailbox; with SMTP_URL set they go out through nodemailer.
 */
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML version; sent with `text` as multipart/alternative. */
  html?: string | null;
  /** Where a reply goes, when not to the shop (the contact form's sender). */
  replyTo?: string | null;
  /** A marketing mail's List-Unsubscribe address (mailto: or https:); null for transactional mail. */
  listUnsubscribe?: string | null;
}

export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  deliver(message: OutgoingMessage): Promise<void>;
  close(): Promise<void>;
}

/** A sender as nodemailer takes it: a display name and an address, encoded by nodemailer. */
export type MailSender = string | { name: string; address: string };

/**
 * The sender of every mail from MAIL_FROM: its display name, or the shop's name when MAIL_FROM is
 * a bare address (a mail from a bare address looks like nobody's). Null when it holds no address.
 */
export function mailSender(mailFrom: string, shopName: string): { name: string; address: string } | null {
  const [first, ...rest] = addressparser(mailFrom, { flatten: true });
  if (!first || rest.length > 0 || !/^[^\s@]+@[^\s@]+$/.test(first.address)) return null;
  return { name: first.name || shopName, address: first.address };
}

/** The nodemailer options of a stored message: the one place a message becomes MIME. */
export function mailOptions(message: OutgoingMessage, from: MailSender): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    replyTo: message.replyTo ?? undefined,
    list: message.listUnsubscribe ? { unsubscribe: message.listUnsubscribe } : undefined,
  };
}

/** Embedded default: the outbox is the mailbox; delivery is immediate and local. */
export function outboxTransport(): MailTransport {
  return { kind: 'outbox', async deliver() {}, async close() {} };
}

export function smtpTransport(smtpUrl: string, from: MailSender): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail(mailOptions(message, from));
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * The complete message (headers and body) exactly as the SMTP transport would send it, for checks
 * that read a whole message (spam scoring).
 */
export async function composeMessage(message: OutgoingMessage, from: MailSender): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail(mailOptions(message, from));
  return info.message as Buffer;
}
