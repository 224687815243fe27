/**
 * The <head> of the storefront's pages as data (decision 114): title, description, canonical
 * address, Open Graph and JSON-LD. The route modules' `meta` turn it into tags, on the server's
 * first render and after every client-side navigation alike. Pure functions of their inputs.
 */
import { META_DESCRIPTION_LENGTH } from './constants';
import type { Product } from './contracts/product';
import { IMAGE_WIDTHS, PRODUCT_IMAGE_SIZES, imageKeyFrom, imagePath, srcSetFor } from './images';
import { productPath } from './routes';

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

/** The meta description: the first 155 characters of the description, white space collapsed. */
export function metaDescription(description: string): string {
  return description.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH);
}

export const SHOP_DESCRIPTION = 'Printed activity, puzzle, colouring and journal books for kids and adults, printed on demand and delivered in the UK.';

/** A page's own tags: title, description, canonical address and the Open Graph basics. */
export function pageHead(site: Site, page: { title: string; description?: string; path: string; noindex?: boolean }): HeadTag[] {
  const description = page.description ?? SHOP_DESCRIPTION;
  const url = `${site.publicUrl}${page.path}`;
  return [
    { title: page.title },
    { name: 'description', content: description },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : [{ tagName: 'link' as const, rel: 'canonical', href: url }]),
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

/** An absolute address of the product's first image at its largest width. */
function absoluteImage(url: string, publicUrl: string): string {
  const key = imageKeyFrom(url);
  const path = key ? imagePath(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) : url;
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
}

/** A book's page: its title, description, canonical address, Open Graph, JSON-LD and the cover's preload. */
export function productHead(product: Product, site: Site): HeadTag[] {
  const url = `${site.publicUrl}${productPath(product.name)}`;
  const title = `${product.name} | ${site.shopName}`;
  const description = metaDescription(product.description) || `${product.name}, a ${product.type || 'printed'} book from ${site.shopName}.`;
  const images = product.imageUrls.map((image) => absoluteImage(image, site.publicUrl));
  const price = product.price.toFixed(2);
  const cover = product.imageUrls[0];
  const coverSrcSet = cover ? srcSetFor(cover) : undefined;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    // The cover is the page's largest paint: the browser fetches it before the app's code runs.
    ...(cover
      ? [
          {
            tagName: 'link' as const,
            rel: 'preload',
            as: 'image',
            href: cover,
            ...(coverSrcSet ? { imageSrcSet: coverSrcSet, imageSizes: PRODUCT_IMAGE_SIZES } : {}),
            fetchPriority: 'high',
          },
        ]
      : []),
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: site.shopName },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(images[0]
      ? [
          { property: 'og:image', content: images[0] },
          { property: 'og:image:alt', content: `Cover of ${product.name}` },
        ]
      : []),
    { property: 'product:price:amount', content: price },
    { property: 'product:price:currency', content: 'GBP' },
    { name: 'twitter:card', content: images[0] ? 'summary_large_image' : 'summary' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        sku: product.id,
        ...(images.length ? { image: images } : {}),
        ...(product.type ? { category: product.type } : {}),
        ...(product.age ? { audience: { '@type': 'PeopleAudience', audienceType: product.age } } : {}),
        brand: { '@type': 'Brand', name: site.shopName },
        offers: {
          '@type': 'Offer',
          url,
          price,
          priceCurrency: 'GBP',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
    },
  ];
}
