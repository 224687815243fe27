/**
 * A render thread (decision 173): renders the storefront's pages from the web build's server bundle
 * on a thread of its own, so that a render no longer holds the thread that sends kept pages, and a
 * process whose database cannot be shared (PGlite) still renders on every core. It renders the
 * shop's mails too (decision 175), from the same templates as `renderMail` on the main thread.
 *
 * It holds no shop state: what a page shows (a listing, a book, a search) it asks the main thread
 * for, over the same StorefrontServer the main thread's own renders use (render-threads.ts answers).
 * Started by render-thread-start.mjs; the messages both sides send are declared here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { ClientConfig, StorefrontServer } from '@shared/contracts/web';
import { renderMailHere, type MailName, type RenderConfig, type RenderedMail } from '../mail';
import { buildHandler, renderPage, type RenderMode, type RenderedPage } from './render';

/** What a render thread is started with. */
export interface RenderThreadData {
  /** The web build's server bundle (its path). */
  bundle: string;
  mode: RenderMode;
  /** The fixed origin pages are rendered at. */
  origin: string;
  clientConfig: ClientConfig;
  publicUrl: string;
}

/** The StorefrontServer's methods a render thread asks the main thread to run. */
export type ShopCall = 'listing' | 'productPage' | 'search';

/** Main thread → render thread. */
export type ToRenderThread =
  | { type: 'render'; id: number; address: string }
  | { type: 'mail'; id: number; name: MailName; data: unknown; config: RenderConfig }
  | { type: 'answer'; id: number; value: unknown }
  | { type: 'refused'; id: number; message: string };

/** Render thread → main thread. */
export type FromRenderThread =
  | { type: 'ready' }
  | { type: 'rendered'; id: number; page: RenderedPage }
  | { type: 'mailed'; id: number; mail: RenderedMail }
  | { type: 'failed'; id: number; message: string }
  | { type: 'call'; id: number; method: ShopCall; args: unknown[] };

async function serveRenders(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('render-thread.ts runs as a worker thread (render-threads.ts starts it)');
  const data = workerData as RenderThreadData;
  const build = (await import(pathToFileURL(data.bundle).href)) as ServerBuild;
  const handle = buildHandler(build, data.mode);
  const send = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  const asked = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextCall = 0;
  const ask =
    <T>(method: ShopCall) =>
    (...args: unknown[]) =>
      new Promise<T>((resolve, reject) => {
        const id = nextCall++;
        asked.set(id, { resolve: resolve as (value: unknown) => void, reject });
        send({ type: 'call', id, method, args });
      });
  const shop: StorefrontServer = {
    clientConfig: data.clientConfig,
    publicUrl: data.publicUrl,
    listing: ask('listing'),
    productPage: ask('productPage'),
    search: ask('search'),
  };

  const failed = (id: number) => (error: unknown) =>
    send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  port.on('message', (message: ToRenderThread) => {
    if (message.type === 'mail') {
      // A mail (decision 175): the templates load on the first one.
      renderMailHere(message.name, message.data as never, message.config).then(
        (mail) => send({ type: 'mailed', id: message.id, mail }),
        failed(message.id),
      );
      return;
    }
    if (message.type === 'render') {
      // The body's bytes are handed over, not copied (renderPage gives a buffer of its own).
      renderPage(handle, data.origin, message.address, shop).then(
        (page) => send({ type: 'rendered', id: message.id, page }, [page.body.buffer as ArrayBuffer]),
        failed(message.id),
      );
      return;
    }
    const call = asked.get(message.id);
    if (!call) return;
    asked.delete(message.id);
    if (message.type === 'answer') call.resolve(message.value);
    else call.reject(new Error(message.message));
  });
  send({ type: 'ready' });
}

await serveRenders();
