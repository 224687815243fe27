/**
 * What crawlers read besides the pages (whose <head> is src/shared/seo.ts, decision 114):
 * robots.txt and the sitemaps (decision 126). Pure functions of the shop's public address and
 * its books.
 *
 * `/sitemap.xml` is a sitemap index: it names `/sitemap-pages.xml` (the public pages) and
 * `/sitemap-books-1.xml` … `/sitemap-books-N.xml`, each with at most SITEMAP_BOOKS_PER_FILE book
 * pages, N = ceil(books of the shop / SITEMAP_BOOKS_PER_FILE). The protocol allows 50,000 URLs and
 * 50 MB per file; one file for the whole catalogue broke that at 100,000 books.
 */
import { productPath } from '@shared/routes';

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
    'Disallow: /choose_password',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** Book pages per sitemap file (a constant: changing it moves every book to another file). */
export const SITEMAP_BOOKS_PER_FILE = 10_000;

/** The public pages, in `/sitemap-pages.xml`. */
export const SITEMAP_PAGES = ['/', '/about', '/contact', '/privacy'] as const;

export const SITEMAP_PAGES_FILE = '/sitemap-pages.xml';
export const sitemapBooksFile = (file: number) => `/sitemap-books-${file}.xml`;

/** A book page's entry: its name and when the admin last changed it (`updated_at`). */
export interface SitemapBook {
  name: string;
  updatedAt: Date;
}

/** How many books files `books` books of the shop fill. */
export const sitemapBooksFileCount = (books: number, perFile = SITEMAP_BOOKS_PER_FILE) => Math.ceil(books / perFile);

/** The books a books file (from 1) starts after, in the sitemaps' order. */
export const sitemapBooksOffset = (file: number, perFile = SITEMAP_BOOKS_PER_FILE) => (file - 1) * perFile;

/**
 * The number of a books file from its address (`/sitemap-books-<text>.xml`): a positive integer
 * written plainly, so one file has one address ('1', never '01', '+1', '1.5', '1e0'). Anything
 * else is null (a 404), as is a number too large to be a file of any shop.
 */
export function sitemapBooksFileNumber(text: string): number | null {
  return /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `2026-03-01T12:34:56Z`: W3C Datetime to the second. */
const lastmod = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `/sitemap.xml`: the pages file, then one books file for every `perFile` books of the shop. */
export function sitemapIndexXml(publicUrl: string, books: number, perFile = SITEMAP_BOOKS_PER_FILE): string {
  const files = [
    SITEMAP_PAGES_FILE,
    ...Array.from({ length: sitemapBooksFileCount(books, perFile) }, (_, i) => sitemapBooksFile(i + 1)),
  ];
  return [
    XML_HEAD,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...files.map((file) => `  <sitemap><loc>${xmlEscape(`${publicUrl}${file}`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

function urlset(entries: readonly string[]): string {
  return [XML_HEAD, `<urlset xmlns="${SITEMAP_NS}">`, ...entries, '</urlset>', ''].join('\n');
}

/** `/sitemap-pages.xml`: the shop's public pages. */
export function sitemapPagesXml(publicUrl: string): string {
  return urlset(SITEMAP_PAGES.map((page) => `  <url><loc>${xmlEscape(`${publicUrl}${page}`)}</loc></url>`));
}

/** `/sitemap-books-<n>.xml`: these books' pages, addresses encoded as the shop links them and escaped. */
export function sitemapBooksXml(publicUrl: string, books: readonly SitemapBook[]): string {
  return urlset(
    books.map(
      (book) =>
        `  <url><loc>${xmlEscape(`${publicUrl}${productPath(book.name)}`)}</loc><lastmod>${lastmod(book.updatedAt)}</lastmod></url>`,
    ),
  );
}
