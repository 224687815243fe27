/**
 * The <head> of a book's page (decision 114): title, description, canonical address, Open Graph,
 * the product's JSON-LD and the cover's preload. Apart from seo.ts so that only the book page's
 * code carries it (decision 124).
 */
import { META_DESCRIPTION_LENGTH } from './constants';
import type { Product } from './contracts/products';
import { IMAGE_WIDTHS, PRODUCT_IMAGE_SIZES, imageKeyFrom, imagePath, srcSetFor } from './images';
import { productPath } from './routes';
import type { HeadTag, Site } from './seo';

/** The meta description: the first 155 characters of the description, white space collapsed. */
export function metaDescription(description: string): string {
  return description.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH);
}

/** An absolute address of the product's first image at its largest width. */
function absoluteImage(url: string, publicUrl: string): string {
  const key = imageKeyFrom(url);
  const path = key ? imagePath(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) : url;
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
}

/** A book's page: its title, description, canonical address, Open Graph, JSON-LD and the cover's preload. */
export function productHead(
  product: Product,
  site: Site,
  reviews?: { average: number; count: number } | null,
): HeadTag[] {
  const url = `${site.publicUrl}${productPath(product.name)}`;
  const title = `${product.name} | ${site.shopName}`;
  const description =
    metaDescription(product.description) ||
    `${product.name}, a ${product.type || 'printed'} book from ${site.shopName}.`;
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
        // The published reviews only, as the page shows them (decision 151).
        ...(reviews && reviews.count > 0
          ? {
              aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.average, reviewCount: reviews.count },
            }
          : {}),
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
