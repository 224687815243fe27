/**
 * Runs once before the API suite. PGlite: builds one migrated database and dumps it, so each test
 * file starts from that snapshot (~0.5 s) instead of migrating (~5 s). PostgreSQL: builds a
 * migrated template database that each test file clones into a database of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';

export default async function setup(project: TestProject) {
  const target = project.config.env.TEST_DB ?? 'pglite';
  if (target === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL API run');
    const template = `shop_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-snapshot-'));
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const dump = await (database as unknown as { pglite: { dumpDataDir(c?: 'none'): Promise<Blob> } }).pglite.dumpDataDir(
    'none',
  );
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteSnapshot: string;
  }
}
