/** What the route modules' `meta` share: the shop's name and address from the root loader (decision 114). */
import type { MetaDescriptor } from 'react-router';
import { pageHead, type HeadTag, type Site } from '@shared/seo';

interface Match {
  id: string;
  data: unknown;
}

/** The shop's public address and name, as the root loader gave them. */
export function siteOf(matches: readonly (Match | undefined)[]): Site {
  const root = matches.find((match) => match?.id === 'root')?.data as
    { config: { shopName: string }; publicUrl: string } | undefined;
  return { publicUrl: root?.publicUrl ?? '', shopName: root?.config.shopName ?? 'Book shop' };
}

export const toMeta = (tags: HeadTag[]): MetaDescriptor[] => tags as MetaDescriptor[];

/**
 * A page with a title of its own: "About | Shop". `noindex` keeps pages a search engine has no use
 * for (a basket, an account) out of its index; the others get their canonical address.
 */
export function titledPage(title: string, options: { description?: string; noindex?: boolean } = {}) {
  return ({
    matches,
    location,
  }: {
    matches: readonly (Match | undefined)[];
    location: { pathname: string };
  }): MetaDescriptor[] => {
    const site = siteOf(matches);
    return toMeta(
      pageHead(site, {
        title: `${title} | ${site.shopName}`,
        description: options.description,
        path: location.pathname,
        noindex: options.noindex,
      }),
    );
  };
}
