/**
 * `productUpdate` events, carried between app instances by PostgreSQL LISTEN/NOTIFY.
 *
 * `subscribe` is the one hook for everything that notifications keep fresh: the catalogue cache,
 * the server-rendered pages, the event streams to browsers. A payload names what changed; an
 * empty payload means "anything may have changed": the LISTEN connection was re-opened after it
 * dropped or went silent (db/client.ts), so notifications may have been missed, and every
 * subscriber drops all it keeps (browsers refetch).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';

export const PRODUCT_CHANNEL = 'product_update';

/** A notification as `publish` sends it: who sent it, and the payload. */
const envelope = (from: string, payload: string) => JSON.stringify({ from, payload });

/** The sender and payload of a notification; one not sent by `publish` (the seed's, a re-listen's '') is all payload. */
function opened(raw: string): { from: string | null; payload: string } {
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && 'from' in value && 'payload' in value) {
      const { from, payload } = value as Record<string, unknown>;
      if (typeof from === 'string' && typeof payload === 'string') return { from, payload };
    }
  } catch {
    // not an envelope
  }
  return { from: null, payload: raw };
}

export class ProductEvents {
  private readonly subscribers = new Set<(payload: string) => void>();
  private unlisten: (() => Promise<void>) | null = null;
  /** This instance's name on the channel: its own notifications come back, and are not delivered twice. */
  private readonly instance = randomUUID();

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(PRODUCT_CHANNEL, (raw) => {
      const { from, payload } = opened(raw);
      if (from !== this.instance) this.deliver(payload);
    });
  }

  /**
   * Tells every instance that the catalogue changed: the others through NOTIFY, this one before
   * `publish` returns, so the change's own answer is never followed by a page kept from before it
   * (on PostgreSQL a notification comes back to its sender only later, over the LISTEN connection).
   */
  async publish(payload = ''): Promise<void> {
    await this.database.notify(PRODUCT_CHANNEL, envelope(this.instance, payload));
    this.deliver(payload);
  }

  /** Called with each payload; '' = drop everything (see above). Returns the unsubscribe function. */
  subscribe(onEvent: (payload: string) => void): () => void {
    this.subscribers.add(onEvent);
    return () => this.subscribers.delete(onEvent);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  async stop(): Promise<void> {
    this.subscribers.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  private deliver(payload: string): void {
    for (const subscriber of this.subscribers) subscriber(payload);
  }
}
