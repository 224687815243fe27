/**
 * The one way to make a mail: `renderMail('orderConfirmation', data, config)` gives its subject, its
 * HTML (react-email's components and renderer) and its plain-text twin, generated from that HTML.
 *
 *   const mail = await renderMail('verifyEmail', { link: `/api/verify_email?token=${token}` }, ctx.config);
 *   await enqueueMail(tx, { to, ...mail });
 *
 * The templates live in ./templates (one layout, one file per area); they load in the background
 * when the mail worker starts (loadMailTemplates), or on the first mail.
 */
import type { Config } from '../../config';
import type { templates } from './templates/catalog';
import { shopFor, type MailConfig } from './templates/shop';
import { TEXT_OPTIONS } from './templates/text';
import type { MailTemplate } from './templates/types';

type Templates = typeof templates;
export type MailName = keyof Templates;
export type MailData<N extends MailName> = Templates[N] extends MailTemplate<infer D> ? D : never;
export type RenderConfig = MailConfig & Pick<Config, 'SHOP_EMAIL'>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Set for marketing mail only: where an unsubscribe request goes. */
  listUnsubscribe: string | null;
}

let loading: Promise<[typeof import('./templates/catalog'), typeof import('@react-email/components')]> | null = null;

/**
 * Loads the templates and react-email (about a second, once). The mail worker calls it at start,
 * so a mail rendered inside a transaction does not wait for it.
 */
export function loadMailTemplates() {
  loading ??= Promise.all([import('./templates/catalog'), import('@react-email/components')]).catch(
    (error: unknown) => {
      loading = null; // a later mail tries again
      throw error;
    },
  );
  return loading;
}

export async function renderMail<N extends MailName>(
  name: N,
  data: MailData<N>,
  config: RenderConfig,
): Promise<RenderedMail> {
  const [catalog, { render, toPlainText }] = await loadMailTemplates();
  const template = catalog.templates[name] as MailTemplate<MailData<N>>;
  const shop = shopFor(config);
  const html = await render(template.body(data, shop));
  return {
    subject: template
      .subject(data, shop)
      .replace(/[\r\n\t]+/g, ' ')
      .trim(),
    html,
    text: toPlainText(html, TEXT_OPTIONS).trim(),
    listUnsubscribe: template.marketing ? `mailto:${config.SHOP_EMAIL}?subject=unsubscribe` : null,
  };
}
