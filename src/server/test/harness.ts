/**
 * Builds the app for API tests on a database of its own: a PGlite database loaded from the
 * migrated snapshot, or (in the PostgreSQL run) a fresh database cloned from the template.
 *
 *   const t = await createTestApp();
 *   const res = await t.app.inject({ method: 'GET', url: '/api/health' });
 *   await t.close();
 */
import { embeddedDeps } from '../deps';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { testConfig, type Config } from '../config';
import type { AppDeps } from '../context';
import { openDatabase, type Database } from '../db/client';
import type { PrintWorkerOptions } from '../modules/orders';
import type { BackupOptions } from '../modules/system';
import { withDatabase } from './global-setup';

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL, named `prefix_…` (a copy of `template`
 * when given, else empty): its address, and how to drop it.
 */
export async function createPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(server, name),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: server });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await cleaner.end();
    },
  };
}

/** A database of its own for one test file, and how to drop it. `poolSize`: the shop's pool on PostgreSQL (5 unless given). */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (usingPostgres()) {
    const { url, drop } = await createPostgresDatabase('shop_t', inject('pgTemplate'));
    const database = await openDatabase({ kind: 'postgres', url, poolSize: options.poolSize ?? 5 });
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await drop();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: snapshot });
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: App;
  config: Config;
  deps: AppDeps;
  /** The test database's address (PostgreSQL run only), for a connection of the test's own. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The app on a fresh database with embedded adapters; pass env overrides or adapter overrides. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    background?: boolean;
    /** Where log lines go (with `env.LOG_LEVEL`), to check what is logged. */
    logStream?: { write(line: string): void };
    /** Adds test-only routes before the app is ready. */
    beforeReady?: (app: App) => Promise<void> | void;
    /** The print worker's retry and lease times. */
    printWorker?: PrintWorkerOptions;
    /** The shop's pool on PostgreSQL (5 unless given). */
    poolSize?: number;

    /** How backups open their files (a full disk is simulated with one whose writes fail). */
    backups?: BackupOptions;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const { database, drop, url } = await createTestDatabase({ poolSize: options.poolSize });
  const deps = embeddedDeps(database, options.deps);
  const app = await buildApp(config, deps, {
    background: options.background ?? false,
    printWorker: options.printWorker,
    backups: options.backups,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    deps,
    databaseUrl: url,
    async close() {
      await app.close();
      await drop();
    },
  };
}
