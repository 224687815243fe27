/**
 * The render threads of one shop process (decision 173, PAGE_RENDER_THREADS): a page that is not
 * kept is rendered on one of these instead of the main thread, which keeps sending kept pages,
 * answering the API and running the workers meanwhile. Each thread asks this side for what its
 * page shows (the main thread's StorefrontServer answers), so a product change is seen by every
 * render at once, as before, and nothing is kept twice.
 *
 * A render goes to the thread with the fewest under way. A thread that stops (it never should)
 * fails the renders it held, and another is started in its place.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StorefrontServer } from '@shared/contracts/web';
import type { MailName, RenderConfig, RenderedMail } from '../mail';
import type { PageMaker, RenderedPage } from './render';
import type { FromRenderThread, RenderThreadData, ShopCall, ToRenderThread } from './render-thread';

const ENTRY = path.join(import.meta.dirname, 'render-thread-start.mjs');

interface Log {
  error(details: object, message: string): void;
}

interface Thread {
  worker: Worker;
  /** Settled when the thread has loaded the build and takes renders; rejected if it stops before. */
  ready: Promise<void>;
  waiting: Map<number, { resolve: (answer: RenderedPage | RenderedMail) => void; reject: (error: Error) => void }>;
}

export class RenderThreads implements PageMaker {
  private readonly threads: Thread[] = [];
  private nextRender = 0;
  private closing = false;

  private constructor(
    private readonly data: RenderThreadData,
    private readonly shop: StorefrontServer,
    private readonly log: Log,
  ) {}

  /** `count` threads, each with the build loaded: a thread that cannot load it fails the start. */
  static async open(count: number, data: RenderThreadData, shop: StorefrontServer, log: Log): Promise<RenderThreads> {
    const threads = new RenderThreads(data, shop, log);
    for (let i = 0; i < count; i++) threads.threads.push(threads.start());
    try {
      await Promise.all(threads.threads.map((thread) => thread.ready));
    } catch (error) {
      await threads.close();
      throw error;
    }
    return threads;
  }

  /** Renders the page at a normalised address on the least busy thread. */
  render(address: string): Promise<RenderedPage> {
    return this.run((id) => ({ type: 'render', id, address })) as Promise<RenderedPage>;
  }

  /** Renders a mail on the least busy thread (decision 175; `renderMailsOn`). */
  mail(name: MailName, data: unknown, config: RenderConfig): Promise<RenderedMail> {
    return this.run((id) => ({ type: 'mail', id, name, data, config })) as Promise<RenderedMail>;
  }

  private run(message: (id: number) => ToRenderThread): Promise<RenderedPage | RenderedMail> {
    if (this.closing) return Promise.reject(new Error('the render threads are closed'));
    const thread = this.threads.reduce((least, each) => (each.waiting.size < least.waiting.size ? each : least));
    const id = this.nextRender++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      try {
        this.post(thread, message(id));
      } catch (error) {
        // What cannot be sent to a thread (structured clone refused it) fails here, not in the thread.
        thread.waiting.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Renders under way on each thread (tests). */
  get load(): number[] {
    return this.threads.map((thread) => thread.waiting.size);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private start(): Thread {
    // Started without the main thread's Node options: render-thread-start.mjs loads tsx itself.
    const worker = new Worker(ENTRY, { workerData: this.data, execArgv: [] });
    let started = false;
    let failure: Error | null = null;
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    ready.catch(() => undefined); // awaited by open() only; a later thread's failure is logged
    const thread: Thread = { worker, ready, waiting: new Map() };
    worker.on('message', (message: FromRenderThread) => {
      if (message.type === 'ready') {
        started = true;
        settle.resolve();
      } else this.heard(thread, message);
    });
    worker.on('error', (error) => {
      failure = error;
      this.log.error({ err: error }, 'a render thread failed');
    });
    worker.on('exit', (code) => {
      const stopped = failure ?? new Error(`the render thread stopped (exit code ${code})`);
      settle.reject(stopped);
      for (const render of thread.waiting.values()) render.reject(stopped);
      thread.waiting.clear();
      // One that never started is not started again (open() fails instead of trying for ever).
      if (this.closing || !started) return;
      this.log.error({ code }, 'a render thread stopped: starting another');
      this.threads[this.threads.indexOf(thread)] = this.start();
    });
    return thread;
  }

  private heard(thread: Thread, message: Exclude<FromRenderThread, { type: 'ready' }>): void {
    switch (message.type) {
      case 'rendered':
      case 'mailed':
      case 'failed': {
        const render = thread.waiting.get(message.id);
        if (!render) return;
        thread.waiting.delete(message.id);
        if (message.type === 'failed') return render.reject(new Error(message.message));
        if (message.type === 'mailed') return render.resolve(message.mail);
        const { page } = message;
        // A transferred buffer arrives as a plain Uint8Array: the page's body as a Buffer again, over the same bytes.
        return render.resolve({ ...page, body: Buffer.from(page.body.buffer, page.body.byteOffset, page.body.length) });
      }
      case 'call':
        void this.answer(thread, message.id, message.method, message.args);
    }
  }

  private async answer(thread: Thread, id: number, method: ShopCall, args: unknown[]): Promise<void> {
    try {
      const run = this.shop[method] as (...values: unknown[]) => Promise<unknown>;
      this.post(thread, { type: 'answer', id, value: await run(...args) });
    } catch (error) {
      this.post(thread, { type: 'refused', id, message: error instanceof Error ? error.message : String(error) });
    }
  }

  private post(thread: Thread, message: ToRenderThread): void {
    thread.worker.postMessage(message);
  }
}
