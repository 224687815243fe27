/**
 * What crawlers and shared links see: the product page's <head> tags, robots.txt and
 * sitemap.xml. Pure functions of the product and the shop's public address.
 */
import { META_DESCRIPTION_LENGTH } from '../../../shared/constants';
import type { Product } from '../../../shared/contracts/product';
import { IMAGE_WIDTHS, PRODUCT_IMAGE_SIZES, imageKeyFrom, imagePath, srcSetFor } from '../../../shared/images';
import { productPath } from '../../../shared/routes';
import { escapeHtml, jsonForScript } from '../../lib/html';
import type { HeadTags } from '../../http';

/** The meta description: the first 155 characters of the description, white space collapsed. */
export function metaDescription(description: string): string {
  return description.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH);
}

/** An absolute address of the product's first image at its largest width, or null. */
function absoluteImage(url: string, publicUrl: string): string {
  const key = imageKeyFrom(url);
  const path = key ? imagePath(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) : url;
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
}

export function productHeadTags(product: Product, site: { publicUrl: string; shopName: string }): HeadTags {
  const url = `${site.publicUrl}${productPath(product.name)}`;
  const title = `${product.name} | ${site.shopName}`;
  const description = metaDescription(product.description) || `${product.name}, a ${product.type || 'printed'} book from ${site.shopName}.`;
  const images = product.imageUrls.map((image) => absoluteImage(image, site.publicUrl));
  const price = product.price.toFixed(2);
  const jsonLd = {
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
  };
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  // The cover is the page's largest paint: let the browser fetch it before the app's code runs.
  const cover = product.imageUrls[0];
  const coverSrcSet = cover ? srcSetFor(cover) : undefined;
  const extra = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...(cover
      ? [
          `<link rel="preload" as="image" href="${escapeHtml(cover)}"${coverSrcSet ? ` imagesrcset="${escapeHtml(coverSrcSet)}" imagesizes="${PRODUCT_IMAGE_SIZES}"` : ''} fetchpriority="high">`,
        ]
      : []),
    meta('og:type', 'product'),
    meta('og:site_name', site.shopName),
    meta('og:title', product.name),
    meta('og:description', description),
    meta('og:url', url),
    ...(images[0] ? [meta('og:image', images[0]), meta('og:image:alt', `Cover of ${product.name}`)] : []),
    meta('product:price:amount', price),
    meta('product:price:currency', 'GBP'),
    `<meta name="twitter:card" content="${images[0] ? 'summary_large_image' : 'summary'}">`,
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ].join('\n    ');
  return { title, description, extra };
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /cart',
    'Disallow: /wishlist',
    'Disallow: /profile',
    'Disallow: /review/',
    'Disallow: /checkout/',
    'Disallow: /login',
    'Disallow: /createAccount',
    'Disallow: /change_password',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

export function sitemapXml(publicUrl: string, products: readonly Pick<Product, 'name'>[]): string {
  const pages = ['/', '/about', '/contact', '/privacy', ...products.map((product) => productPath(product.name))];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((page) => `  <url><loc>${xmlEscape(`${publicUrl}${page}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** The product name or id in a product page address, or null for other pages. */
export function productKeyFromPath(pathname: string): string | null {
  const match = /^\/item\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
