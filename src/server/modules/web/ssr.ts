/**
 * Server rendering of the storefront's first paint (decision 090). The web build's ssr/ folder
 * holds the renderer (src/web/entry-server.tsx): the home page, product pages and the static
 * pages come as HTML a guest sees before any JavaScript runs, with the catalogue they were
 * rendered from, and the browser hydrates them.
 *
 * Pages are cached per address and dropped whenever the catalogue changes (the same snapshot
 * `get_products` answers from, so every instance follows product edits). Without a renderer
 * (no build), for pages the router does not mark, for unknown books or for a catalogue above
 * SSR_MAX_PRODUCTS, callers get null and send the plain page the browser renders itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ClientConfig } from '../../../shared/contracts/client-config';
import type { Product } from '../../../shared/contracts/product';
import type { AppContext } from '../../context';
import { jsonForScript, spliceAt } from '../../lib/html';
import { productKeyFromPath, type CatalogueSnapshot } from '../products';

const gzipAsync = promisify(gzip);

/**
 * Above this many books the page would carry the whole catalogue twice (as HTML and as JSON),
 * so it is left to the browser, as before (until the catalogue is paged: docs/performance.md).
 */
export const SSR_MAX_PRODUCTS = 250;
/** Distinct addresses kept per catalogue (the oldest is dropped first). */
const MAX_CACHED_PAGES = 500;

/** What src/web/entry-server.tsx exports. */
interface RendererModule {
  configure(config: ClientConfig): void;
  renderPage(url: string, products: Product[]): Promise<{ html: string; data: unknown; modules: string[] } | null>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The parts a server-rendered page adds to index.html. */
export interface RenderedParts {
  /** Tags for <head>: the lazy routes' stylesheets and code, image preloads. */
  head: string;
  /** Markup for <div id="root">. */
  root: string;
  /** The page-data <script> element (lib/page-data.ts in the web app). */
  data: string;
}

/** A finished page as sent, with its gzip made once on first need. */
export class CachedPage {
  private gzipped: Promise<Buffer> | null = null;
  constructor(readonly html: string) {}
  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(Buffer.from(this.html), { level: 6 });
    return this.gzipped;
  }
}

export type PageAssembler = (pathname: string, parts: RenderedParts) => Promise<string>;

export class ServerRenderer {
  private readonly pages = new Map<string, Promise<CachedPage | null>>();
  private snapshot: CatalogueSnapshot | null = null;
  private readonly entryChunks: Set<string>;
  private readonly stylesheets = new Map<string, string>();

  constructor(
    private readonly webDist: string,
    private readonly renderer: RendererModule,
    private readonly manifest: Manifest,
    private readonly ctx: AppContext,
  ) {
    this.entryChunks = new Set();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) this.closure(key, this.entryChunks);
    // Dropped on every product notification, like the catalogue (and so after a LISTEN
    // connection was re-opened and notifications may have been missed).
    ctx.events.subscribe(() => {
      this.pages.clear();
      this.snapshot = null;
    });
  }

  /**
   * The page at `pathname`, rendered and assembled once per catalogue; null when it is not
   * server-rendered. Never throws: a failed render is logged and answered with null.
   */
  async page(pathname: string, assemble: PageAssembler): Promise<CachedPage | null> {
    let snapshot: CatalogueSnapshot;
    try {
      snapshot = await this.ctx.catalogue.get();
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'catalogue unavailable; sending the page unrendered');
      return null;
    }
    if (snapshot !== this.snapshot) {
      this.pages.clear();
      this.snapshot = snapshot;
    }
    let page = this.pages.get(pathname);
    if (!page) {
      page = this.render(pathname, snapshot, assemble).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, pathname }, 'server rendering failed; sending the page unrendered');
        this.pages.delete(pathname);
        return null;
      });
      if (this.pages.size >= MAX_CACHED_PAGES) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(pathname, page);
    }
    return page;
  }

  private async render(pathname: string, snapshot: CatalogueSnapshot, assemble: PageAssembler): Promise<CachedPage | null> {
    if (snapshot.products.length > SSR_MAX_PRODUCTS) return null;
    // An unknown book's page sends the browser home; there is nothing to render.
    const key = productKeyFromPath(pathname);
    if (pathname.startsWith('/item/') && (key === null || (!snapshot.byName.has(key) && !snapshot.byId.has(key)))) return null;
    const rendered = await this.renderer.renderPage(`http://shop.invalid${pathname}`, snapshot.products);
    if (!rendered) return null;
    // React writes the images it preloads first; they belong in <head>.
    const hoisted = /^(?:<link [^>]*>)+/.exec(rendered.html)?.[0] ?? '';
    const parts: RenderedParts = {
      head: [...this.assetTags(rendered.modules), hoisted].filter(Boolean).join('\n    '),
      root: rendered.html.slice(hoisted.length),
      data: `<script id="app-data" type="application/json">${jsonForScript(rendered.data)}</script>`,
    };
    return new CachedPage(this.inlineStylesheets(deferAppStart(await assemble(pathname, parts))));
  }

  /**
   * The build's stylesheets written into the page: a phone paints it after one round trip
   * instead of two (the CSS is ~6 kB gzipped; the files stay cached for later pages).
   */
  private inlineStylesheets(html: string): string {
    return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (tag, file: string) => {
      let css = this.stylesheets.get(file);
      if (css === undefined) {
        const full = path.join(this.webDist, file);
        css = existsSync(full) ? readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
        this.stylesheets.set(file, css);
      }
      return css ? `<style data-href="/${file}">${css}</style>` : tag;
    });
  }

  /** Stylesheets and module preloads for the lazy routes' modules, minus what index.html loads. */
  private assetTags(modules: string[]): string[] {
    const chunks = new Set<string>();
    for (const key of modules) this.closure(key, chunks);
    const css = new Set<string>();
    const js: string[] = [];
    for (const key of chunks) {
      if (this.entryChunks.has(key)) continue;
      const chunk = this.manifest[key]!;
      js.push(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
    }
    return [
      ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
  }

  private closure(key: string, into: Set<string>): void {
    if (into.has(key) || !this.manifest[key]) return;
    into.add(key);
    for (const imported of this.manifest[key]!.imports ?? []) this.closure(imported, into);
  }
}

/**
 * A rendered page paints without JavaScript (links work before hydration; decision 090), so the
 * app's code waits for the first paint: /boot.js (src/web/public) then preloads every chunk the
 * page's module scripts and preloads named, at once, and imports the entry. Until then the CSS
 * (inline) and the page's main image have the connection to themselves.
 */
export function deferAppStart(html: string): string {
  const chunks: string[] = [];
  let entry: string | null = null;
  const rest = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      chunks.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return '<!--app-boot-->';
    });
  if (entry === null) return html;
  const boot = `<script src="/boot.js" data-app="${entry}" data-preload="${[entry, ...chunks].join(' ')}" defer></script>`;
  return spliceAt(rest, '<!--app-boot-->', boot);
}

/** The renderer of a web build, or null when the build has none (or no manifest). */
export async function loadServerRenderer(webDist: string, ctx: AppContext, config: ClientConfig): Promise<ServerRenderer | null> {
  const entry = path.join(webDist, 'ssr', 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as RendererModule;
  renderer.configure(config);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  return new ServerRenderer(webDist, renderer, manifest, ctx);
}
