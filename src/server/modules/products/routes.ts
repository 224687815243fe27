/**
 * Storefront calls (docs/api.md, "Catalogue"): products, a page of them (listing.ts), one product,
 * search, robots.txt, the sitemaps (seo.ts), and the server-filled <head> of product pages.
 *
 * `GET /api/server/get_products` is the hottest route: without `ids` it sends precomputed bytes
 * from the in-memory catalogue (no serializer), with an ETag (304 on a match) and gzip when the
 * client accepts it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../http';
import { badRequest } from '../../lib/errors';
import {
  getProductQuerySchema,
  getProductsQuerySchema,
  searchQuerySchema,
  productListSchema,
  productSchema,
} from '@shared/contracts/products';
import { messageSchema as errorSchema } from '@shared/contracts/common';
import type { CatalogueSnapshot } from './catalogue-cache';
import { countProductsOnSale, findSitemapBooks } from './repository';
import {
  SITEMAP_BOOKS_PER_FILE,
  SITEMAP_PAGES_FILE,
  robotsTxt,
  sitemapBooksFileNumber,
  sitemapBooksXml,
  sitemapIndexXml,
  sitemapPagesXml,
} from './seo';
import { getProduct, productsByIds, searchCatalogue } from './service';
import { catalogueListingRoutes } from './listing/service';

/** Sends the whole catalogue's bytes: 304 when the client has them, gzip when it accepts it. */
async function sendCatalogue(request: FastifyRequest, reply: FastifyReply, snapshot: CatalogueSnapshot) {
  reply.header('etag', snapshot.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const accepts = request.headers['accept-encoding'];
  if (snapshot.json.length > 1024 && typeof accepts === 'string' && accepts.includes('gzip')) {
    return reply.header('content-encoding', 'gzip').send(await snapshot.gzip());
  }
  return reply.send(snapshot.json);
}

export const catalogueRoutes: ModuleRoutes = async (app, ctx) => {
  const cache = ctx.catalogue;
  ctx.events.subscribe(() => {
    cache.invalidate();
    ctx.listing.invalidate();
  });

  app.get(
    '/api/server/get_products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'The whole catalogue, or the products with the given ids (ids=a,b,c)',
        querystring: getProductsQuerySchema,
        // Documented, not used to serialize: the answer is precomputed bytes.
        response: { 200: productListSchema, 400: errorSchema },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
      // Hot path: the one optional string is checked by hand instead of by a zod parse.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request, reply) => {
      const ids = (request.query as { ids?: unknown }).ids;
      if (ids !== undefined && typeof ids !== 'string') throw badRequest('Invalid ids: give one comma-separated list.');
      if (ids === undefined) return sendCatalogue(request, reply, cache.current ?? (await cache.get()));
      return reply.header('cache-control', 'no-cache').send(await productsByIds(ctx, ids));
    },
  );

  // The paged listing with filters, sort and facets (decision 113).
  await catalogueListingRoutes(app, ctx);

  app.get(
    '/api/server/get_product',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product by name (storefront) or id (admin form)',
        querystring: getProductQuerySchema,
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    async (request) => getProduct(ctx, request.query, request.user),
  );

  app.get(
    '/api/server/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Ranked, typo-tolerant search over name, type and description; at most 10 products',
        querystring: searchQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request) => searchCatalogue(ctx, request.query.query),
  );

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(ctx.config.PUBLIC_URL)),
  );

  // The sitemaps (decision 126): an index with a count, the public pages, and the books in files
  // of SITEMAP_BOOKS_PER_FILE, each read from the database on its own (never the whole catalogue).
  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    sendXml(reply, sitemapIndexXml(ctx.config.PUBLIC_URL, await countProductsOnSale(ctx.database.db))),
  );

  app.get(SITEMAP_PAGES_FILE, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    sendXml(reply, sitemapPagesXml(ctx.config.PUBLIC_URL)),
  );

  app.get(
    '/sitemap-books-:file.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const file = sitemapBooksFileNumber((request.params as { file: string }).file);
      // A file past the last one has no books: 404, as for any file not in the shop.
      const books = file === null ? [] : await findSitemapBooks(ctx.database.db, file, SITEMAP_BOOKS_PER_FILE);
      if (books.length === 0) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return sendXml(reply, sitemapBooksXml(ctx.config.PUBLIC_URL, books));
    },
  );
};
