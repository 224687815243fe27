/**
 * Restores a backup into the place `npm start` would use (decision 134): DATA_DIR (embedded) or
 * DATABASE_URL (PostgreSQL), with the images into DATA_DIR/images. In this order, so a refusal
 * changes nothing:
 * 1. the whole file is checked against its manifest (checksums, nothing missing);
 * 2. its migration level must be one this code knows (a backup from a newer shop is refused);
 * 3. the target must be empty, unless `force` (embedded: the old database folder is moved aside,
 *    never deleted; PostgreSQL: its tables are dropped);
 * 4. the database is loaded, the images written, and the migrations newer than the backup applied;
 * 5. the restored counts are read, to be set beside the manifest's.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { BackupManifest } from '@shared/contracts/dashboard';
import type { Config } from '../../../config';
import { migrateDatabase, openDatabase, type Database } from '../../../db/client';
import { collect, IMAGES_PREFIX, verifyArchive } from './archive';
import {
  codeMigrations,
  countRows,
  migrationLevel,
  openPgliteDump,
  pgRestore,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  type Counts,
} from './database';

/** A restore that was refused before anything changed; its message says why and what to do. */
export class RestoreRefusedError extends Error {}

export interface RestoreReport {
  manifest: BackupManifest;
  restored: Counts;
  /** Migrations applied after loading (the backup was made by an older shop). */
  migrationsApplied: number;
  imagesWritten: number;
  /** Where the database that was there before went (embedded with force). */
  movedAside: string | null;
}

export interface RestoreOptions {
  force?: boolean;
  /** A line of progress for the person restoring. */
  say?: (line: string) => void;
}

/** Refuses a backup whose migrations this code does not have (it was made by a newer shop). */
export function checkMigrationLevel(manifest: BackupManifest): void {
  const known = codeMigrations();
  const newest = known.at(-1)!;
  const { last, last_at: lastAt } = manifest.migration;
  if (lastAt === null) return;
  if (lastAt > newest.when || !known.some((entry) => entry.when === lastAt)) {
    throw new RestoreRefusedError(
      `This backup was made by a newer version of the shop (its database is at migration ${last ?? lastAt}, this code knows up to ${newest.tag}). Update the shop, then restore.`,
    );
  }
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The shop's own tables or migrations in a PostgreSQL database. */
async function postgresHasShop(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    return Number(rows[0]!.n) > 0;
  } finally {
    await client.end();
  }
}

async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

async function countsOf(database: Database): Promise<{ counts: Counts; migrations: number }> {
  const query = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const counts = await countRows(query);
  const { count } = await migrationLevel(query);
  return { counts, migrations: count };
}

export async function restoreBackup(
  file: string,
  config: Config,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const say = options.say ?? (() => {});
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  say(`Checking ${path.basename(file)} …`);
  let manifest: BackupManifest;
  try {
    manifest = await verifyArchive(file);
  } catch (error) {
    throw new RestoreRefusedError(`${path.basename(file)} cannot be restored: ${(error as Error).message}.`);
  }
  checkMigrationLevel(manifest);
  if (manifest.database !== target) {
    throw new RestoreRefusedError(
      manifest.database === 'pglite'
        ? 'This is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR).'
        : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  }

  const pgliteDir = path.join(config.DATA_DIR, 'pglite');
  let movedAside: string | null = null;
  if (target === 'pglite') {
    if (!(await isEmptyFolder(pgliteDir))) {
      if (!options.force)
        throw new RestoreRefusedError(
          `${pgliteDir} already holds a database. Restore into an empty DATA_DIR, or add --force to move it aside first.`,
        );
      movedAside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(pgliteDir, movedAside);
      say(`Moved the database that was there to ${movedAside}`);
    }
  } else if (await postgresHasShop(config.DATABASE_URL!)) {
    if (!options.force)
      throw new RestoreRefusedError(
        'The database in DATABASE_URL already holds tables. Restore into an empty database, or add --force to drop them first.',
      );
    await emptyPostgres(config.DATABASE_URL!);
    say('Dropped the tables that were in the database.');
  }

  const imagesRoot = config.S3_BUCKET ? null : path.join(config.DATA_DIR, 'images');
  if (manifest.images_included && !imagesRoot)
    say('The shop keeps images in S3: the images in this backup are not restored (the bucket is yours to keep).');
  let imagesWritten = 0;
  const dumpFile = path.join(config.DATA_DIR, `.restore-${process.pid}.pgdump`);
  await mkdir(config.DATA_DIR, { recursive: true });
  let dump: Buffer | null = null;
  try {
    await verifyArchive(file, async (entry, chunks) => {
      if (entry.name === PGLITE_ENTRY) dump = await collect(chunks);
      else if (entry.name === POSTGRES_ENTRY)
        await pipeline(Readable.from(chunks), createWriteStream(dumpFile, { mode: 0o600 }));
      else if (entry.name.startsWith(IMAGES_PREFIX) && imagesRoot) {
        // The reader let through only `images/originals/<safe key>` (no `..`, no links).
        const key = entry.name.slice(IMAGES_PREFIX.length);
        const destination = path.join(imagesRoot, key);
        await mkdir(path.dirname(destination), { recursive: true });
        // Checked whole (the chunks end without an error) before it takes its name.
        const temporary = `${destination}.restore.tmp`;
        await writeFile(temporary, await collect(chunks));
        await rename(temporary, destination);
        imagesWritten += 1;
      }
    });

    say('Loading the database …');
    let database: Database;
    if (target === 'pglite') {
      const loaded = await openPgliteDump(new Blob([new Uint8Array(dump!)]), pgliteDir);
      await loaded.close();
      database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    } else {
      await pgRestore(config.DATABASE_URL!, config.BACKUP_PG_BIN_DIR, dumpFile);
      database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL!, poolSize: 1 });
    }
    try {
      const before = await countsOf(database);
      await migrateDatabase(database);
      const after = await countsOf(database);
      return {
        manifest,
        restored: after.counts,
        migrationsApplied: after.migrations - before.migrations,
        imagesWritten,
        movedAside,
      };
    } finally {
      await database.close();
    }
  } finally {
    await rm(dumpFile, { force: true });
  }
}
