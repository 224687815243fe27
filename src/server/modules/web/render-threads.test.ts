/**
 * Pages rendered on threads of their own (decision 173), on the real web build: the page a thread
 * renders is the very page the main thread renders, what it shows is read from the main thread at
 * the time (a book added is on the next fresh page), a failed read answers as it does on the main
 * thread, a thread that stops is replaced, and a build that cannot be loaded stops the start.
 */
import type { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontServer } from '@shared/contracts/web';
import { testConfig } from '../../config';
import { renderMail, renderMailHere, renderMailsOn } from '../mail/render';
import { ForeignLinkError } from '../mail/templates/shop';
import { awkwardMails, realisticMails } from '../mail/test-fixtures';
import { createProduct } from '../../test/factories/products';
import { createTestApp, type TestApp } from '../../test/harness';
import { testWebBuild } from '../../test/web-build';
import { PageRenderer, buildQueries } from './pages';
import { buildHandler, renderMode, renderPage, type PageHandler } from './render';
import type { RenderThreadData } from './render-thread';
import { RenderThreads } from './render-threads';
import { serverBundle } from './routes';
import { storefrontServer } from './storefront';

let t: TestApp;
let threaded: TestApp;
let build: ServerBuild;
let handle: PageHandler;
let data: RenderThreadData;
const opened: RenderThreads[] = [];
const logged: string[] = [];
const log = { error: (_details: object, message: string) => void logged.push(message) };

beforeAll(async () => {
  const dist = await testWebBuild();
  build = (await import(pathToFileURL(serverBundle(dist)).href)) as ServerBuild;
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  // The shop as it runs in production: its pages rendered on a thread (PAGE_RENDER_THREADS).
  threaded = await createTestApp({ env: { WEB_DIST_DIR: dist, PAGE_RENDER_THREADS: '1' } });
  handle = buildHandler(build, renderMode(t.app.ctx.config.NODE_ENV));
  const shop = storefrontServer(t.app.ctx);
  data = {
    bundle: serverBundle(dist),
    mode: renderMode(t.app.ctx.config.NODE_ENV),
    origin: new URL(t.app.ctx.config.PUBLIC_URL).origin,
    clientConfig: shop.clientConfig,
    publicUrl: shop.publicUrl,
  };
  for (const app of [t, threaded]) {
    await addBook(app, { id: 'BV-THREAD-1', name: 'The Night Train Puzzle Book', type: 'Puzzle', pricePence: 899 });
  }
}, 240_000);
afterAll(async () => {
  await Promise.all(opened.map((threads) => threads.close()));
  await threaded?.close();
  await t?.close();
});

/** A book in the app's database, and its catalogue read again. */
async function addBook(app: TestApp, book: Parameters<typeof createProduct>[1]) {
  await createProduct(app.deps.database.db, book);
  app.app.ctx.catalogue.invalidate();
  app.app.ctx.listing.invalidate();
}

async function open(count: number, shop: StorefrontServer = storefrontServer(t.app.ctx)) {
  const threads = await RenderThreads.open(count, data, shop, log);
  opened.push(threads);
  return threads;
}

describe('a page rendered on a render thread', () => {
  it('is the page the main thread renders: the same status, headers and bytes', async () => {
    const threads = await open(1);
    const onThread = new PageRenderer(threads, t.app.ctx, buildQueries(build));
    const onMain = new PageRenderer(handle, t.app.ctx, buildQueries(build));
    for (const address of ['/', '/?type=Puzzle&sort=price-desc', '/search?q=night', '/about', '/no-such-page']) {
      const [a, b] = await Promise.all([onThread.answer(address), onMain.answer(address)]);
      expect(a.status, address).toBe(b.status);
      expect(a.headers, address).toEqual(b.headers);
      expect(a.body.equals(b.body), address).toBe(true);
    }
    const home = (await onThread.answer('/')).body.toString();
    expect(home).toContain('The Night Train Puzzle Book');
    expect(home).toContain('£8.99');
  });

  it('is what the shop sends when it runs with PAGE_RENDER_THREADS: a book added shows on the next fresh page', async () => {
    const before = await threaded.app.inject({ url: '/?type=Colouring' });
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('The Owl Colouring Book');
    expect(before.headers['content-security-policy']).toMatch(/'sha256-/);
    await addBook(threaded, { id: 'BV-THREAD-2', name: 'The Owl Colouring Book', type: 'Colouring', pricePence: 650 });
    const after = await threaded.app.inject({ url: '/?type=Colouring&sort=price-asc' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('The Owl Colouring Book');
    const book = await threaded.app.inject({ url: `/item/${encodeURIComponent('The Owl Colouring Book')}` });
    expect(book.statusCode).toBe(200);
    expect(book.body).toContain('£6.50');
  });

  it("answers as the main thread does when the shop's read fails", async () => {
    const failing: StorefrontServer = {
      ...storefrontServer(t.app.ctx),
      listing: () => Promise.reject(new Error('the listing could not be read')),
    };
    const threads = await open(1, failing);
    const onThread = await threads.render('/?type=Journal');
    const onMain = await renderPage(handle, data.origin, '/?type=Journal', failing);
    expect(onThread.status).toBe(onMain.status);
    expect(onThread.status).toBeGreaterThanOrEqual(500);
    // The same error page (in development and tests it carries the error's stack, which differs).
    expect(onThread.headers['content-type']).toBe(onMain.headers['content-type']);
    expect(onThread.body.toString()).toContain('the listing could not be read');
  });

  it('goes to the thread with the fewest renders under way', async () => {
    const threads = await open(2);
    const first = threads.render('/?type=Puzzle');
    expect(threads.load).toEqual([1, 0]);
    const second = threads.render('/?type=Activity');
    expect(threads.load).toEqual([1, 1]);
    const pages = await Promise.all([first, second]);
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    expect(threads.load).toEqual([0, 0]);
  });
});

describe('a mail rendered on a render thread (decision 175)', () => {
  const config = testConfig({ PUBLIC_URL: 'https://shop.example.com/books' });

  it('is the mail the main thread renders: subject, HTML and text, for every template', async () => {
    const threads = await open(2);
    const cases = [...realisticMails(config.PUBLIC_URL), ...awkwardMails(config.PUBLIC_URL)];
    const onThreads = await Promise.all(cases.map((mail) => threads.mail(mail.name, mail.data, config)));
    for (const [i, mail] of cases.entries()) {
      expect(onThreads[i], mail.label).toEqual(await renderMailHere(mail.name, mail.data as never, config));
    }
  });

  it("a link the template refuses fails on the thread, and renderMail throws the template's own error", async () => {
    const threads = await open(1);
    const foreign = { link: 'https://elsewhere.example/verify?token=x' };
    await expect(threads.mail('verifyEmail', foreign, config)).rejects.toThrow(/links only to/);
    renderMailsOn((name, data, given) => threads.mail(name, data, given));
    try {
      await expect(renderMail('verifyEmail', foreign, config)).rejects.toBeInstanceOf(ForeignLinkError);
    } finally {
      renderMailsOn(null);
    }
  });
});

describe('a render thread that stops', () => {
  it('fails the renders it held, and another thread takes the next', async () => {
    const threads = await open(1);
    const stopping = threads.render('/?type=Puzzle&max_price=9');
    const worker = (threads as unknown as { threads: { worker: Worker }[] }).threads[0]!.worker;
    await worker.terminate();
    await expect(stopping).rejects.toThrow(/the render thread stopped/);
    expect(logged).toContain('a render thread stopped: starting another');
    const next = await threads.render('/?type=Puzzle&max_price=10');
    expect(next.status).toBe(200);
    expect(next.body.toString()).toContain('The Night Train Puzzle Book');
  });

  it('a build that cannot be loaded stops the start, with why', async () => {
    await expect(
      RenderThreads.open(1, { ...data, bundle: '/no/such/build/index.js' }, storefrontServer(t.app.ctx), log),
    ).rejects.toThrow(/no\/such\/build/);
  });

  it('takes no render once closed', async () => {
    const threads = await RenderThreads.open(1, data, storefrontServer(t.app.ctx), log);
    await threads.close();
    await expect(threads.render('/')).rejects.toThrow('the render threads are closed');
  });
});
