/**
 * The <head> of the storefront's pages as data (decision 114): title, description, canonical
 * address, Open Graph and JSON-LD. The route modules' `meta` turn it into tags, on the server's
 * first render and after every client-side navigation alike. Pure functions of their inputs. A
 * book's page has its own module (product-head.ts), so other pages' code does not carry it.
 */

/** One tag, in the shape React Router's `meta` takes (and renders as <meta>, <link>, <title> or JSON-LD). */
export type HeadTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string; [attribute: string]: string }
  | { 'script:ld+json': Record<string, unknown> };

export interface Site {
  /** The shop's public address, no trailing slash. */
  publicUrl: string;
  shopName: string;
}

export const SHOP_DESCRIPTION =
  'Printed activity, puzzle, colouring and journal books for kids and adults, printed on demand and delivered in the UK.';

/** A page's own tags: title, description, canonical address and the Open Graph basics. */
export function pageHead(
  site: Site,
  page: { title: string; description?: string; path: string; noindex?: boolean },
): HeadTag[] {
  const description = page.description ?? SHOP_DESCRIPTION;
  const url = `${site.publicUrl}${page.path}`;
  return [
    { title: page.title },
    { name: 'description', content: description },
    ...(page.noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link' as const, rel: 'canonical', href: url }]),
    { property: 'og:site_name', content: site.shopName },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
  ];
}

/** The shop's home page (and its filtered views, whose canonical address keeps the filters). */
export function homeTitle(site: Site): string {
  return `${site.shopName}: activity, puzzle, colouring and journal books`;
}
