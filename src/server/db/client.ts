/**
 * Opens the database: PGlite (embedded, in DATA_DIR) by default, real PostgreSQL when a URL is
 * given. Both are driven through the same Drizzle API; migrations are applied by `migrateDatabase`.
 * On PostgreSQL every connection has time limits (timeouts.ts, decision 100): a database that
 * goes silent costs a request a few seconds, a connection that timed out is destroyed, and the
 * LISTEN connection is checked by a heartbeat and re-opened.
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
import { oneStatementAtATime, reportTurns, settledReport } from './reporting';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './timeouts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a PostgreSQL NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs the owner's reporting (the dashboard's figures) apart from the shop's own work
   * (reporting.ts, decision 132): on PostgreSQL on a pool of its own, one connection per report in
   * one read-only snapshot; on PGlite one report and one of its statements at a time. A report
   * that gets no turn within the connect timeout throws ReportingBusy (503).
   */
  report<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Cheap reachability check for /api/health. */
  ping(): Promise<void>;
  /** Applies the migrations in MIGRATIONS_DIR. */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded database itself (its consistent copy for backups and test snapshots: dumpDataDir). */
  pglite?: PGlite;
  /** PostgreSQL's connection URL (pg_dump for backups). */
  url?: string;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  /**
   * timeouts: DEFAULT_DATABASE_TIMEOUTS (the environment's defaults) for any not given.
   * reportingPoolSize: the reports' own pool, on top of poolSize (DATABASE_REPORTING_POOL_SIZE).
   */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      reportingPoolSize?: number;
      timeouts?: Partial<DatabaseTimeouts>;
    }
  /** dataDir undefined = in memory; loadDataDir = start from a dumped snapshot (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize, options.reportingPoolSize, {
        ...DEFAULT_DATABASE_TIMEOUTS,
        ...options.timeouts,
      })
    : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const reporting = oneStatementAtATime(client);
  const reportingDb = drizzlePglite({ client: reporting as unknown as PGlite, schema }) as unknown as Db;
  const reports = reportTurns(1, DEFAULT_DATABASE_TIMEOUTS.connectMs);
  return {
    db,
    kind: 'pglite',
    report: (work) => reports.run(() => settledReport(reporting, () => work(reportingDb))),
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
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      await migratePglite(db as never, { migrationsFolder });
    },
    async close() {
      await client.close();
    },
    pglite: client,
  };
}

const LISTEN_RETRY_MS = 500;
/** A lost LISTEN connection is retried at least this often, so it is back soon after the database. */
const LISTEN_RETRY_MAX_MS = 5_000;

/** node-postgres's error for a query that had no answer within query_timeout. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/** Closes a client's socket at once: no goodbye that a silent peer would never answer. */
function sever(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** Ends a client, and severs it when the goodbye is not answered within `ms`. */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      sever(client);
      resolve();
    }, ms || LISTEN_RETRY_MAX_MS);
  });
  await Promise.race([client.end().catch(() => {}), late]);
  clearTimeout(timer);
}

/** What every connection to the server is opened with (pool, LISTEN, migrations). */
function connectionConfig(url: string, timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveDelayMs,
  };
}

type Release = (error?: Error | boolean) => void;

/**
 * A connection of the pool. A query that times out leaves the connection in an unknown state
 * (its answer may still come, or never), so the connection is destroyed; and a connection that
 * died while checked out leaves the pool at once, whether or not its borrower hands it back
 * (drizzle's transaction never releases a connection whose BEGIN failed, which would shrink the
 * pool by one for good).
 */
class PoolConnection extends pg.Client {
  /** pg-pool's release for the current checkout; null while the connection is in the pool. */
  private handBack: Release | null = null;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg-pool listens for errors only while a connection is idle: without this, a checked-out
    // connection whose socket dies emits an 'error' nobody hears, which ends the process.
    this.on('error', () => {});
    this.on('end', () => this.release(new Error('Connection terminated')));
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const severOnTimeout = (error: unknown) => {
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) sever(this);
    };
    // The pool calls query(text, values, callback); drizzle calls query(config) for a promise.
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          severOnTimeout(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(severOnTimeout);
      return result;
    }) as pg.Client['query'];
  }

  /** pg-pool sets this at every checkout; handing back twice (or after the end) does nothing. */
  get release(): Release {
    return (error) => {
      const handBack = this.handBack;
      this.handBack = null;
      handBack?.(error);
    };
  }

  set release(release: Release) {
    this.handBack = release;
  }
}

/** A pool of connections with every time limit; an idle connection that loses its server is let go quietly. */
function openPool(url: string, size: number, timeouts: DatabaseTimeouts, applicationName?: string): pg.Pool {
  const pool = new pg.Pool({
    ...connectionConfig(url, timeouts),
    ...(applicationName ? { application_name: applicationName } : {}),
    Client: PoolConnection,
    max: size,
    idleTimeoutMillis: timeouts.idleMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle client that loses its connection emits 'error'; without a listener the process dies.
  pool.on('error', () => {});
  return pool;
}

/**
 * Runs a report on a connection of the reports' pool: its statements one at a time, in one
 * snapshot of the database (so its figures agree with each other), unable to write.
 */
async function reportOn<T>(pool: pg.Pool, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let unusable = false;
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    try {
      const connection = oneStatementAtATime(client);
      const reportDb = drizzlePg({ client: connection as unknown as pg.PoolClient, schema }) as unknown as Db;
      const answer = await settledReport(connection, () => work(reportDb));
      await client.query('commit');
      return answer;
    } catch (error) {
      // A connection that can not even roll back is in an unknown state: it is not reused.
      await client.query('rollback').catch(() => (unusable = true));
      throw error;
    }
  } finally {
    client.release(unusable);
  }
}

async function openPostgres(
  url: string,
  poolSize = 10,
  reportingPoolSize = 2,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<Database> {
  const pool = openPool(url, poolSize, timeouts);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // The reports' own connections: however many reports run, the shop's pool stays the shop's.
  // Named, so pg_stat_activity tells them apart.
  const reportingPool = openPool(url, reportingPoolSize, timeouts, 'shop reports');
  // One turn per reporting connection: a report holds one connection and runs its statements in turn.
  const reports = reportTurns(reportingPoolSize, timeouts.connectMs);
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    report: (work) => reports.run(() => reportOn(reportingPool, work)),

    url,
    async listen(channel, onPayload) {
      // A dedicated connection, checked by a heartbeat (a connection gone silent sends no reset,
      // and an idle one would never notice). When it drops or stops answering it is re-opened
      // with back-off, and subscribers get one empty payload: they may have missed events.
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      const connect = async (reconnecting: boolean) => {
        const next = new pg.Client({ ...connectionConfig(url, timeouts), query_timeout: timeouts.queryMs });
        let heartbeat: NodeJS.Timeout | undefined;
        next.on('error', () => {});
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('end', () => {
          clearInterval(heartbeat);
          listeners.delete(next);
          if (!stopped && client === next) scheduleReconnect(LISTEN_RETRY_MS);
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await endWithin(next, timeouts.connectMs);
          throw error;
        }
        if (stopped) return void (await endWithin(next, timeouts.connectMs));
        client = next;
        listeners.add(next);
        if (timeouts.listenHeartbeatMs > 0) {
          let waiting = false;
          heartbeat = setInterval(() => {
            if (waiting) return;
            waiting = true;
            next.query({ text: 'select 1', query_timeout: timeouts.listenHeartbeatMs } as pg.QueryConfig).then(
              () => (waiting = false),
              () => sever(next), // its 'end' re-opens it
            );
          }, timeouts.listenHeartbeatMs);
          heartbeat.unref();
        }
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
          await endWithin(current, timeouts.connectMs);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      // A connection of its own without the query limits: a migration may rightly run long.
      const client = new pg.Client(connectionConfig(url, timeouts));
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await endWithin(client, timeouts.connectMs);
      }
    },
    async close() {
      await Promise.all([...listeners].map((client) => endWithin(client, timeouts.connectMs)));
      await Promise.all([pool.end(), reportingPool.end()]);
    },
  };
}

/** Applies the migrations not yet applied (a test may name another folder, e.g. to stop before one). */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await database.migrate(migrationsFolder);
}
