/**
 * For a migration's own test: a database of its own migrated only up to the migration, filled as the
 * old code left it, then migrated the rest of the way (product-keys-migration.test.ts,
 * status-since-migration.test.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from '../db/client';
import { createPostgresDatabase, usingPostgres } from './harness';

/** A copy of the migrations folder that stops before the migration whose tag matches. */
function migrationsBefore(tag: RegExp): string {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => tag.test(entry.tag));
  if (stop <= 0) throw new Error(`No migration after the first matches ${tag}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, stop);
  for (const entry of entries)
    cpSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** An empty database of the suite's kind (its own database on PostgreSQL), and how to drop it. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!usingPostgres()) return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const { url, drop } = await createPostgresDatabase('shop_m');
  return { database: await openDatabase({ kind: 'postgres', url, poolSize: 2 }), drop };
}

export interface MigrationUnderTest {
  database: Database;
  /** Runs the migration under test and every one after it. */
  finish(): Promise<void>;
  close(): Promise<void>;
}

/** A database migrated up to (not including) the migration whose tag matches. */
export async function beforeMigration(tag: RegExp): Promise<MigrationUnderTest> {
  const { database, drop } = await emptyDatabase();
  const before = migrationsBefore(tag);
  await migrateDatabase(database, before);
  return {
    database,
    finish: () => migrateDatabase(database),
    close: async () => {
      await database.close();
      await drop();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
