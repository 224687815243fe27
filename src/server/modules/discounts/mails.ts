/** The mail that carries a discount code (template in modules/mail/templates/discount.tsx). */
import type { OutgoingMessage } from '../../adapters/mail/transport';
import { renderMail, type RenderConfig } from '../mail';

export async function discountCodeMail(
  config: RenderConfig,
  input: { to: string; code: string; percentage: number; types: string[]; ages: string[]; expiresAt: Date },
): Promise<OutgoingMessage> {
  const { to, ...discount } = input;
  return { to, ...(await renderMail('discountCode', discount, config)) };
}
