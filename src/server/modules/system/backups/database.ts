/**
 * The database part of a backup, and of a restore (decision 134):
 * - embedded: PGlite's own copy of its data folder (`dumpDataDir`), taken from inside the running
 *   shop while no statement runs and no transaction is open, after a CHECKPOINT; proven by opening
 *   the copy in a throwaway PGlite and counting what it holds;
 * - PostgreSQL: `pg_dump --format=custom` on a snapshot exported from a REPEATABLE READ transaction,
 *   in which the counts are read too (so they are the dump's counts); proven by `pg_restore --list`.
 */
import { execFile, spawn } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { BackupManifest } from '@shared/contracts/dashboard';
import { MIGRATIONS_DIR, type Database } from '../../../db/client';

const run = promisify(execFile);

export type Counts = BackupManifest['counts'];
export type MigrationLevel = BackupManifest['migration'];

/** Rows of a query, whichever driver runs it. */
type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

export const COUNTS_SQL =
  'select (select count(*) from orders) as orders, (select count(*) from products) as products, ' +
  '(select count(*) from users) as users, (select count(*) from images) as images';

export async function countRows(query: Query): Promise<Counts> {
  const [row] = await query(COUNTS_SQL);
  return {
    orders: Number(row!.orders),
    products: Number(row!.products),
    users: Number(row!.users),
    images: Number(row!.images),
  };
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code carries (drizzle's journal), oldest first. */
export function codeMigrations(folder = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The last migration a database has applied (drizzle records each one's journal time). */
export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const rows = await query('select count(*) as count, max(created_at) as last_at from drizzle.__drizzle_migrations');
  const count = Number(rows[0]?.count ?? 0);
  const lastAt = rows[0]?.last_at == null ? null : Number(rows[0].last_at);
  const last = lastAt === null ? null : (codeMigrations().find((entry) => entry.when === lastAt)?.tag ?? null);
  return { count, last, last_at: lastAt };
}

/** The database's copy, ready to be written into the backup. */
export interface DatabaseCopy {
  entry: string;
  size: number;
  chunks(): AsyncIterable<Buffer>;
  counts: Counts;
  migration: MigrationLevel;
  /** How long the shop's statements waited for the copy (the embedded database's lock), in ms. */
  pausedMs: number;
  /** Removes what the copy left on disk. */
  dispose(): Promise<void>;
}

export const PGLITE_ENTRY = 'database.pglite.tar.gz';
export const POSTGRES_ENTRY = 'database.pgdump';

const pgliteQuery =
  (client: PGlite): Query =>
  async (sql) =>
    (await client.query<Record<string, unknown>>(sql)).rows;

/** Opens a dumped data folder in memory (or into `dataDir`), proving it is a database. */
export async function openPgliteDump(dump: Blob, dataDir?: string): Promise<PGlite> {
  return PGlite.create({ loadDataDir: dump, dataDir, extensions: { pg_trgm } });
}

export async function copyPglite(database: Database): Promise<DatabaseCopy> {
  const client = database.pglite!;
  // Data files brought up to date first, so the copy needs little recovery when it is opened.
  await client.exec('CHECKPOINT');
  // PGlite runs every statement and transaction under one lock: holding it, no transaction is
  // half-way and nothing writes while the files are copied (dumpDataDir takes the statement lock).
  const pauseStarted = performance.now();
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  const pausedMs = Math.round(performance.now() - pauseStarted);
  const copy = await openPgliteDump(dump);
  try {
    const counts = await countRows(pgliteQuery(copy));
    const migration = await migrationLevel(pgliteQuery(copy));
    return {
      entry: PGLITE_ENTRY,
      size: dump.size,
      async *chunks() {
        for await (const chunk of dump.stream() as unknown as AsyncIterable<Uint8Array>) yield Buffer.from(chunk);
      },
      counts,
      migration,
      pausedMs,
      dispose: async () => {},
    };
  } finally {
    await copy.close();
  }
}

/** Where pg_dump and pg_restore are: BACKUP_PG_BIN_DIR, else the PATH. */
export const pgTool = (binDir: string | undefined, name: 'pg_dump' | 'pg_restore') =>
  binDir ? path.join(binDir, name) : name;

/**
 * A URL without its password, and the environment that carries the password: a command line is
 * readable by every user of the machine (ps), the environment of a process is not.
 */
export function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool; a failure carries its own words (stderr). */
export async function runPgTool(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(command, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${command} was not found (install PostgreSQL's client tools, or set BACKUP_PG_BIN_DIR)`);
    throw new Error(
      `${path.basename(command)} failed: ${(failure.stderr ?? failure.message).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
}

/** The major version of a PostgreSQL tool (`pg_dump (PostgreSQL) 15.8` → 15). */
export async function pgToolMajor(command: string): Promise<number> {
  const out = await runPgTool(command, ['--version']);
  const match = /(\d+)(?:\.\d+)?/.exec(out);
  if (!match) throw new Error(`${command} --version said: ${out.trim()}`);
  return Number(match[1]);
}

export async function copyPostgres(
  database: Database,
  binDir: string | undefined,
  file: string,
): Promise<DatabaseCopy> {
  const { url, env } = pgConnection(database.url!);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const query: Query = async (sql) => (await client.query(sql)).rows;
    const counts = await countRows(query);
    const migration = await migrationLevel(query);
    await runPgTool(
      pgTool(binDir, 'pg_dump'),
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`],
      env,
    );
    await client.query('commit');
    // Opens and lists: every object of the dump is readable.
    await runPgTool(pgTool(binDir, 'pg_restore'), ['--list', file]);
    const { size } = await stat(file);
    return {
      entry: POSTGRES_ENTRY,
      size,
      async *chunks() {
        for await (const chunk of createReadStream(file)) yield chunk as Buffer;
      },
      counts,
      migration,
      pausedMs: 0,
      dispose: () => rm(file, { force: true }),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Loads a custom-format dump into an (empty) database. */
export async function pgRestore(databaseUrl: string, binDir: string | undefined, file: string): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      pgTool(binDir, 'pg_restore'),
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

/**
 * At start, with backups on PostgreSQL: pg_dump and pg_restore are there, and no older than the
 * server (an older pg_dump refuses a newer server). Answers the problem, or null.
 */
export async function pgToolsProblem(database: Database, binDir: string | undefined): Promise<string | null> {
  try {
    const dumpMajor = await pgToolMajor(pgTool(binDir, 'pg_dump'));
    await pgToolMajor(pgTool(binDir, 'pg_restore'));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const serverNum = await client
      .query<{ server_version_num: string }>('show server_version_num')
      .finally(() => client.end());
    const serverMajor = Math.floor(Number(serverNum.rows[0]?.server_version_num ?? 0) / 10000);
    if (serverMajor > dumpMajor)
      return `pg_dump is version ${dumpMajor} but the database server is ${serverMajor}: install PostgreSQL ${serverMajor}'s client tools, or set BACKUP_PG_BIN_DIR to their folder`;
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
