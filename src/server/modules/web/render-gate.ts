/**
 * What a page the server has not kept may cost (decision 131): every render of one (a page, or a
 * page's route data) first passes this gate.
 *
 * - **A budget per client address**: a token bucket refilled with `perClientPerMinute` renders a
 *   minute, holding at most ten seconds' worth (at least one). A client past it is refused with
 *   429 and the seconds until its next render.
 * - **A share of the process's time**: renders may take `timeShare` of the time on average (a
 *   bucket of milliseconds refilled at that rate, holding at most four seconds' worth; a render is
 *   charged the average render's time when it is taken and settled at its real time when it
 *   ends). A render is a long task on the one JavaScript thread that also answers the kept pages,
 *   so this, not the number at once, is what keeps them quick under a flood from many addresses.
 *   Past it 503 with the seconds until the share has room again.
 * - **A cap for the process**: at most `concurrency` renders run at once and at most `queue` wait
 *   for a turn; a render that finds the queue full is refused at once with 503 and a Retry-After
 *   (the queue drained at the measured pace), instead of waiting behind a flood. A waiting render
 *   nobody wants any more (its `signal` aborted: every client asking for it has gone, decision
 *   176) leaves the queue without running, and its charge on the share is given back.
 *
 * Kept pages never pass it: they are always sent.
 */

export interface RenderLimits {
  /** Renders running at once. */
  concurrency: number;
  /** Renders waiting for a turn; past it the answer is 503. */
  queue: number;
  /** Renders one client address may start a minute (ten seconds' worth at once). */
  perClientPerMinute: number;
  /** The share of the process's time renders may take on average (0 to 1; 1: no limit). */
  timeShare: number;
}

export interface Refusal {
  /** 429: the client's budget is spent; 503: the renderer is full. */
  status: 429 | 503;
  retryAfterSeconds: number;
}

/** Client addresses remembered; the one unseen longest is forgotten first (its bucket was likely full again). */
const MAX_CLIENTS = 10_000;
/** How much unused time the share may save up, and a client's budget its unused renders. */
const SHARE_WINDOW_MS = 4_000;
const CLIENT_WINDOW_MS = 10_000;

export class RenderGate {
  private running = 0;
  /** The renders waiting for a turn, each woken by its function when one ends. */
  private readonly waiting: Array<() => void> = [];
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Moving average of one render's duration, for Retry-After and the share's charge. */
  private averageMs = 100;
  /** Milliseconds of render time the share has room for (negative: owed). */
  private credit: number;
  private creditAt: number;

  constructor(
    private readonly limits: RenderLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.credit = SHARE_WINDOW_MS * limits.timeShare;
    this.creditAt = now();
  }

  /**
   * Takes a render for `client`, or says why not. A render taken must be run at once with `run`
   * (the queue's room was counted when it was taken).
   */
  take(client: string): Refusal | null {
    const now = this.now();
    const perMs = this.limits.perClientPerMinute / 60_000;
    const most = Math.max(1, (this.limits.perClientPerMinute * CLIENT_WINDOW_MS) / 60_000);
    const seen = this.buckets.get(client);
    const tokens = seen ? Math.min(most, seen.tokens + (now - seen.at) * perMs) : most;
    if (tokens < 1) {
      this.remember(client, tokens, now);
      return { status: 429, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
    }
    this.credit = Math.min(
      SHARE_WINDOW_MS * this.limits.timeShare,
      this.credit + (now - this.creditAt) * this.limits.timeShare,
    );
    this.creditAt = now;
    if (this.limits.timeShare < 1 && this.credit <= 0) {
      return { status: 503, retryAfterSeconds: Math.max(1, Math.ceil(-this.credit / this.limits.timeShare / 1000)) };
    }
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue) {
      return {
        status: 503,
        retryAfterSeconds: Math.max(
          1,
          Math.ceil(((this.running + this.waiting.length) / this.limits.concurrency) * (this.averageMs / 1000)),
        ),
      };
    }
    this.remember(client, tokens - 1, now);
    this.credit -= this.averageMs;
    return null;
  }

  /**
   * Runs a render taken with `take` in one of the turns, waiting for one when all are taken. When
   * `signal` aborts while it waits, it leaves the queue and rejects with the signal's reason (a
   * render already running is not stopped: what it makes may still be kept).
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const charged = this.averageMs;
    if (this.running >= this.limits.concurrency) {
      try {
        await this.turn(signal);
      } catch (error) {
        this.credit += charged;
        throw error;
      }
    }
    this.running += 1;
    const begin = this.now();
    try {
      return await work();
    } finally {
      const took = this.now() - begin;
      // Settled at its real time: charged the average when it was taken.
      this.credit -= took - charged;
      this.averageMs = this.averageMs * 0.8 + took * 0.2;
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** A turn once a running render ends; rejected, and out of the queue, if `signal` aborts first. */
  private turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const wake = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(wake);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason as Error);
      };
      this.waiting.push(wake);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  /** Renders running and waiting (tests and the bench read them). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private remember(client: string, tokens: number, at: number): void {
    this.buckets.delete(client);
    this.buckets.set(client, { tokens, at });
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
  }
}
