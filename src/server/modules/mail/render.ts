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

/** Renders a mail somewhere else: on one of the shop's render threads (decision 175). */
export type MailRenderer = (name: MailName, data: unknown, config: RenderConfig) => Promise<RenderedMail>;

let elsewhere: MailRenderer | null = null;

/**
 * Where this process renders its mails from now on: `renderer` (the render threads, decision 175),
 * or this thread (null). The shop's one app sets it at start and clears it when it closes.
 */
export function renderMailsOn(renderer: MailRenderer | null): void {
  elsewhere = renderer;
}

/** The fields of the configuration a template reads (`shopFor`, the unsubscribe address): all a render thread is sent. */
const renderConfigOf = (config: RenderConfig): RenderConfig => ({
  PUBLIC_URL: config.PUBLIC_URL,
  SHOP_NAME: config.SHOP_NAME,
  SHOP_POSTAL_ADDRESS: config.SHOP_POSTAL_ADDRESS,
  SHOP_EMAIL: config.SHOP_EMAIL,
});

export async function renderMail<N extends MailName>(
  name: N,
  data: MailData<N>,
  config: RenderConfig,
): Promise<RenderedMail> {
  if (!elsewhere) return renderMailHere(name, data, config);
  // A mail the thread could not render (its template refused the data, or the thread stopped) is
  // rendered here: a template's error is thrown as itself, and a stopped thread costs no mail.
  return elsewhere(name, data, renderConfigOf(config)).catch(() => renderMailHere(name, data, config));
}

/** Renders a mail on this thread (a render thread renders with this too). */
export async function renderMailHere<N extends MailName>(
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
