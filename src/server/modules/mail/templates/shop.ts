/**
 * What every template knows about the shop, from configuration: its name, address for mail and
 * the one way to make a link. A mail may only link to the shop itself (PUBLIC_URL): `href` turns a
 * shop path into an absolute address and refuses anything else, so no template or data can put a
 * foreign link (or an image from elsewhere) into a message.
 */
import { imageKeyFrom, imagePath } from '@shared/images';
import type { Config } from '../../../config';

export type MailConfig = Pick<Config, 'PUBLIC_URL' | 'SHOP_NAME' | 'SHOP_POSTAL_ADDRESS'>;

export interface Shop {
  name: string;
  postalAddress: string;
  /** The shop's home page, absolute. */
  home: string;
  /** The logo (a PNG: many mail apps show no SVG), absolute. */
  logo: string;
  /** An absolute address on the shop from a path (`/profile`) or an address on PUBLIC_URL; throws for any other. */
  href(pathOrUrl: string): string;
}

export class ForeignLinkError extends Error {}

export function shopLink(publicUrl: string, pathOrUrl: string): string {
  const base = new URL(`${publicUrl.replace(/\/$/, '')}/`);
  const absolute = /^\/(?![/\\])/.test(pathOrUrl)
    ? `${base.origin}${base.pathname.replace(/\/$/, '')}${pathOrUrl}`
    : pathOrUrl;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    throw new ForeignLinkError(`Not a shop address: ${pathOrUrl}`);
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || url.username || url.password) {
    throw new ForeignLinkError(`A mail links only to ${base.href}, not to ${pathOrUrl}`);
  }
  return url.href;
}

export function shopFor(config: MailConfig): Shop {
  const href = (pathOrUrl: string) => shopLink(config.PUBLIC_URL, pathOrUrl);
  return {
    name: config.SHOP_NAME,
    postalAddress: config.SHOP_POSTAL_ADDRESS,
    home: href('/'),
    logo: href('/mail-logo.png'),
    href,
  };
}

/** An order's short reference, as the site shows it (its last 10 characters). */
export const orderRef = (orderId: string) => orderId.slice(-10);

/**
 * The cover to show in a mail for a product's first image address: the 320 px variant (a mail
 * shows it 48 px wide, so 320 is plenty even on a 3x screen); null without an image.
 */
export function mailCover(imageUrl: string | undefined | null): string | null {
  if (!imageUrl) return null;
  const key = imageKeyFrom(imageUrl);
  return key ? imagePath(key, 320) : imageUrl;
}
