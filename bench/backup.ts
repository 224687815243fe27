/**
 * npm run bench:backup -- [size]   backup time and size, and restore time, on both databases
 * (issue 31, decision 134): `size` books and `size` orders (default 10,000), made by the bench's
 * generators (seed-products.ts, seed-orders.ts), backed up through the shop's own code
 * (ctx.backups.make) and restored into a fresh place (restoreBackup). Prints a Markdown table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { embeddedDeps } from '../src/server/deps';
import { migrateDatabase } from '../src/server/db/client';
import { restoreBackup } from '../src/server/modules/system';
import { createBenchPostgres } from './lib/postgres';
import { seedOrders } from './lib/seed-orders';
import { openBenchDatabase, seedProducts, type BenchDatabase } from './lib/seed-products';

const size = Number(process.argv[2] ?? 10_000);
const rows: string[] = [];

async function measure(
  kind: 'pglite' | 'postgres',
  target: BenchDatabase,
  restoreTarget: { DATA_DIR: string; DATABASE_URL?: string },
  work: string,
) {
  await seedProducts(target, size);
  await seedOrders(target, size, size);
  const database = await openBenchDatabase(target);
  await migrateDatabase(database);
  const backupDir = path.join(work, 'backups');
  const app = await buildApp(testConfig({ BACKUP_DIR: backupDir }), embeddedDeps(database), { background: false });
  await app.ready();
  const started = performance.now();
  const made = await app.ctx.backups.make('shell');
  const backupMs = performance.now() - started;
  await app.close();
  await database.close();
  const restoreStarted = performance.now();
  const report = await restoreBackup(
    path.join(backupDir, made.file),
    testConfig(restoreTarget as Record<string, string>),
  );
  const restoreMs = performance.now() - restoreStarted;
  if (report.restored.orders !== made.manifest.counts.orders) throw new Error('restored counts differ');
  rows.push(
    `| ${kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${size.toLocaleString('en-GB')} | ${made.manifest.counts.orders.toLocaleString('en-GB')} | ${(backupMs / 1000).toFixed(1)} s | ${(made.bytes / 1024 / 1024).toFixed(1)} MB | ${(restoreMs / 1000).toFixed(1)} s |`,
  );
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  try {
    await measure(
      'pglite',
      { dataDir: path.join(work, 'pg') },
      { DATA_DIR: path.join(work, 'restored-pglite') },
      path.join(work, 'pg'),
    );
    const source = await createBenchPostgres();
    const target = await createBenchPostgres();
    if (source && target) {
      try {
        await measure(
          'postgres',
          { url: source.url },
          { DATA_DIR: path.join(work, 'restored-pg'), DATABASE_URL: target.url },
          path.join(work, 'postgres'),
        );
      } finally {
        await source.drop();
        await target.drop();
      }
    } else rows.push('| PostgreSQL | not run: no server at BENCH_DATABASE_URL | | | | |');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log('| database | books | orders | backup (made and verified) | file | restore (checked, loaded, counted) |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
