/** The mails the admin area sends (templates in modules/mail/templates); links are absolute (PUBLIC_URL). */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import type { OrderStatus } from '../../../shared/constants';
import { renderMail, type RenderConfig } from '../mail/render';

export async function orderUpdateMail(
  config: RenderConfig,
  input: {
    to: string;
    orderId: string;
    status: OrderStatus;
    statusChanged: boolean;
    bookVaultRef: string | null;
    trackingRef: string | null;
    reviewLink: string | null;
  },
): Promise<OutgoingMessage> {
  const { to, reviewLink, ...order } = input;
  // The order history (/profile) shows the tracking reference; there is no carrier page to send a shopper to yet.
  return { to, ...(await renderMail('orderStatus', { ...order, trackUrl: '/profile', reviewUrl: reviewLink }, config)) };
}

export async function discountCodeMail(
  config: RenderConfig,
  input: { to: string; code: string; percentage: number; types: string[]; ages: string[]; expiresAt: Date },
): Promise<OutgoingMessage> {
  const { to, ...discount } = input;
  return { to, ...(await renderMail('discountCode', discount, config)) };
}
