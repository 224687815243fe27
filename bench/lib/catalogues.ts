/**
 * Databases holding a generated catalogue of a given size, on PGlite (a DATA_DIR) or on a
 * PostgreSQL database of the bench's own; made once per run and shared by the scenarios that read
 * them (seeding 100,000 products is the slow part), removed by `disposeCatalogues()` at the end.
 * Scenarios that write (browsing, checkout) ask for their own `purpose`.
 *
 *   const cat = await catalogue('pglite', 10_000);
 *   const shop = await startServer({ dataDir: cat.dataDir, env: { ...BENCH_ENV, ...cat.env } });
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { localImageStore } from '../../src/server/adapters/images/store';
import { migrateDatabase } from '../../src/server/db/client';
import { originalKey } from '../../src/server/modules/images/service';
import { createBenchPostgres, type BenchPostgres } from './postgres';
import { BENCH_IMAGE_KEY, openBenchDatabase, seedProducts } from './seed-products';

export type DbKind = 'pglite' | 'postgres';

export interface Catalogue {
  kind: DbKind;
  size: number;
  /** The DATA_DIR to start the shop with (also for PostgreSQL: images and secrets live there). */
  dataDir: string;
  /** DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  seedMs: number;
}

/** Settings every bench shop shares: one JWT secret (so instances accept each other's sessions), no demo seed, addresses from X-Forwarded-For. */
export const BENCH_ENV: Record<string, string> = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  SEED_DEMO: 'false',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
};

const made = new Map<string, Promise<Catalogue | null>>();
const cleanups: (() => Promise<void>)[] = [];
let template: Promise<string> | null = null;

function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `shop-bench-${label}-`));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A migrated, empty PGlite cluster, made once and copied for each catalogue (initdb is slow). */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = tempDir('template');
    const database = await openBenchDatabase({ dataDir: dir });
    await migrateDatabase(database);
    await database.close();
    return dir;
  })();
  return template;
}

/**
 * The cover every generated book shows (BENCH_IMAGE_KEY): a plain 600×800 WebP stored as the
 * original in the catalogue's DATA_DIR, so pages load real covers (no 404 in the browser's console
 * for Lighthouse to count) and variants are made as for any upload.
 */
async function storeBenchCover(dataDir: string): Promise<void> {
  const cover = await sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 214, g: 196, b: 160 } },
  })
    .webp({ quality: 78 })
    .toBuffer();
  await localImageStore(path.join(dataDir, 'images')).put(originalKey(BENCH_IMAGE_KEY), cover, 'image/webp');
}

async function make(kind: DbKind, size: number): Promise<Catalogue | null> {
  const dataDir = tempDir(`${kind}-${size}`);
  await storeBenchCover(dataDir);
  if (kind === 'pglite') {
    const source = path.join(await pgliteTemplate(), 'pglite');
    if (existsSync(source)) cpSync(source, path.join(dataDir, 'pglite'), { recursive: true });
    const { ms } = await seedProducts({ dataDir }, size, { imageKey: BENCH_IMAGE_KEY });
    return { kind, size, dataDir, env: {}, seedMs: ms };
  }
  const pg: BenchPostgres | null = await createBenchPostgres();
  if (!pg) return null;
  cleanups.push(() => pg.drop());
  const { ms } = await seedProducts({ url: pg.url }, size, { imageKey: BENCH_IMAGE_KEY });
  return { kind, size, dataDir, env: { DATABASE_URL: pg.url }, seedMs: ms };
}

/** The catalogue of `size` products on `kind`; null when PostgreSQL cannot be reached. */
export function catalogue(kind: DbKind, size: number, purpose = 'read'): Promise<Catalogue | null> {
  const key = `${kind}:${size}:${purpose}`;
  let entry = made.get(key);
  if (!entry) {
    entry = make(kind, size);
    made.set(key, entry);
  }
  return entry;
}

export async function disposeCatalogues(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse())
    await cleanup().catch((error: unknown) => console.error('bench cleanup:', error));
  made.clear();
  template = null;
}
