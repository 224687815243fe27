/**
 * A store for @fastify/rate-limit that keeps its counters in the database (`rate_limit_hits`),
 * so every instance on one PostgreSQL spends the same budget: N instances no longer allow N times
 * each limit (decisions/022). On the embedded default it works the same on the one instance.
 *
 * One statement per counted request: an upsert that starts a new window when the old one has
 * ended, or adds one hit, and answers the hits and the time left. Keys are SHA-256 hashes of the
 * budget's name and the client key (an IP or an e-mail address), so neither is kept in clear.
 * Expired rows are deleted every PRUNE_EVERY counted requests. The plugin's `continueExceeding`
 * and `exponentialBackoff` options are not supported (the shop uses neither).
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What the plugin really passes to `child` (its merged limit options, with the route under
 * `routeInfo`; an empty `routeInfo` for `createRateLimit`), whatever its type declarations say.
 */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

const PRUNE_EVERY = 500;

/** Milliseconds left in a counter's window, as `ttl`. */
const TTL_MS = sql`greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`;

interface Counter {
  hits: number | string;
  ttl: number | string;
}

/** The store class the plugin instantiates (`store` option), bound to this database. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;

  /** Counters of one route (route-level limits) or of the whole app (`createRateLimit`: keys name their budget). */
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** The plugin makes the root store with its options (unused here); children get their route's name. */
    private readonly namespace: string;
    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : '';
    }

    private hashed(key: string): string {
      return createHash('sha256').update(`${this.namespace}\u0000${key}`).digest('base64url');
    }

    incr(key: string, callback: Callback, timeWindowMs: number): void {
      const seconds = timeWindowMs / 1000;
      db.execute(
        sql`
        insert into ${rateLimitHits} as r (key, hits, reset_at)
        values (${this.hashed(key)}, 1, now() + make_interval(secs => ${seconds}))
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits, ${TTL_MS}`,
      )
        .then((result) => {
          const row = rowsOf<Counter>(result)[0]!;
          callback(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          if (++counted % PRUNE_EVERY === 0) void prune(db).catch(() => {});
        })
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback): void {
      db.execute(
        sql`
        select hits, ${TTL_MS}
        from ${rateLimitHits} where key = ${this.hashed(key)} and reset_at > now()`,
      )
        .then((result) => {
          const row = rowsOf<Counter>(result)[0];
          callback(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((error: Error) => callback(error));
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as unknown as ChildOptions).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      return new DatabaseRateLimitStore(route?.url ? `${method ?? ''} ${route.url}` : this.namespace);
    }
  }
  return DatabaseRateLimitStore;
}

/** Deletes the counters whose window has ended. */
export async function prune(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
}

/** node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
