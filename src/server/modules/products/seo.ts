/**
 * What crawlers read besides the pages (whose <head> is src/shared/seo.ts, decision 114):
 * robots.txt and sitemap.xml. Pure functions of the shop's public address and its books.
 */
import type { Product } from '../../../shared/contracts/product';
import { productPath } from '../../../shared/routes';

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
