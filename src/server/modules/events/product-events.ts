/**
 * `productUpdate` events, carried between app instances by PostgreSQL LISTEN/NOTIFY.
 *
 * `subscribe` is the one hook for everything that notifications keep fresh: the catalogue cache,
 * the server-rendered pages, the event streams to browsers. A payload names what changed; an
 * empty payload means "anything may have changed": the LISTEN connection was re-opened after it
 * dropped or went silent (db/client.ts), so notifications may have been missed, and every
 * subscriber drops all it keeps (browsers refetch).
 */
import type { Database } from '../../db/client';

export const PRODUCT_CHANNEL = 'product_update';

export class ProductEvents {
  private readonly subscribers = new Set<(payload: string) => void>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(PRODUCT_CHANNEL, (payload) => {
      for (const subscriber of this.subscribers) subscriber(payload);
    });
  }

  /** Tells every instance (this one included) that the catalogue changed. */
  async publish(payload = ''): Promise<void> {
    await this.database.notify(PRODUCT_CHANNEL, payload);
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
}
