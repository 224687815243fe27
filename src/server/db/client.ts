/**
 * Opens the database: PGlite (embedded, in DATA_DIR) by default, real PostgreSQL when a URL is
 * given. Both are driven through the same Drizzle API; migrations are applied by `migrateDatabase`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a PostgreSQL NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Cheap reachability check for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined = in memory; loadDataDir = start from a dumped snapshot (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
    // Exposed for test snapshots.
    ...{ pglite: client },
  };
}

const LISTEN_RETRY_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection emits 'error'; without a listener the process dies.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      // A dedicated connection; when it drops (database restart, network), it is re-opened with
      // back-off, and subscribers get one empty payload because they may have missed events.
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      const connect = async (reconnecting: boolean) => {
        const next = new pg.Client({ connectionString: url });
        next.on('error', () => {});
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('end', () => {
          listeners.delete(next);
          if (!stopped && client === next) scheduleReconnect(LISTEN_RETRY_MS);
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        if (stopped) return void (await next.end().catch(() => {}));
        client = next;
        listeners.add(next);
        if (reconnecting) onPayload('');
      };
      const scheduleReconnect = (delayMs: number) => {
        client = null;
        retry = setTimeout(() => {
          connect(true).catch(() => {
            if (!stopped) scheduleReconnect(Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS));
          });
        }, delayMs);
        retry.unref();
      };
      await connect(false);
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const current = client;
        client = null;
        if (current) {
          listeners.delete(current);
          await current.end().catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** Applies the migrations not yet applied (a test may name another folder, e.g. to stop before one). */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, config);
  } else {
    await migratePg(database.db as never, config);
  }
}
