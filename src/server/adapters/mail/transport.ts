/**
 * How a stored message leaves the shop. Every message is first written to the outbox table
 * (`outgoing_mail`); a transport delivers it. The embedded default keeps messages in the outbox
 * only, readable at /dev/mailbox; with SMTP_URL set they go out through nodemailer.
 */
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  deliver(message: OutgoingMessage): Promise<void>;
  close(): Promise<void>;
}

/** Embedded default: the outbox is the mailbox; delivery is immediate and local. */
export function outboxTransport(): MailTransport {
  return { kind: 'outbox', async deliver() {}, async close() {} };
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
    },
    async close() {
      transporter.close();
    },
  };
}
