/**
 * npm run restore -- <file> [--force]
 *
 * Restores a backup into the place `npm start` uses (the same .env / environment): DATA_DIR on the
 * embedded database, DATABASE_URL on PostgreSQL, images into DATA_DIR/images (decision 134).
 * Refuses a damaged file, a backup from a newer shop, and a target that already holds a database
 * (unless --force: the embedded database is moved aside, PostgreSQL's tables dropped). Runs the
 * newer migrations after restoring an older backup, and prints the backup's counts beside the
 * restored ones. Stop the shop first (on the embedded database a running shop is refused).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { holdDataDir, restoreBackup } from '../src/server/modules/system';

const USAGE = 'Usage: npm run restore -- <backup file> [--force]';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const unknown = files.filter((arg) => arg.startsWith('--'));
  if (files.length !== 1 || unknown.length) {
    console.error(unknown.length ? `Unknown option: ${unknown.join(' ')}\n${USAGE}` : USAGE);
    process.exit(2);
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const file = path.resolve(files[0]!);
  // The embedded database: refused while a shop (or a backup) holds DATA_DIR, and held meanwhile.
  const holder = config.DATABASE_URL ? null : await holdDataDir(config.DATA_DIR);
  try {
    const report = await restoreBackup(file, config, { force, say: (line) => console.log(line) });
    const { manifest, restored } = report;
    console.log(
      `Restored ${path.basename(file)} (made ${manifest.created_at} by shop ${manifest.shop_version}, migration ${manifest.migration.last ?? 'none'})`,
    );
    console.log(
      `  into ${config.DATABASE_URL ? 'the database in DATABASE_URL' : path.join(config.DATA_DIR, 'pglite')}${report.movedAside ? ` (the database that was there is now ${report.movedAside})` : ''}`,
    );
    console.log('              in the backup   restored');
    for (const key of ['orders', 'products', 'users', 'images'] as const) {
      console.log(
        `  ${key.padEnd(12)}${String(manifest.counts[key]).padStart(14)}${String(restored[key]).padStart(11)}${manifest.counts[key] === restored[key] ? '' : '   DIFFERENT'}`,
      );
    }
    console.log(
      `  image files ${String(manifest.image_files).padStart(14)}${String(report.imagesWritten).padStart(11)}`,
    );
    if (report.migrationsApplied)
      console.log(`Applied ${report.migrationsApplied} newer migration(s): the backup was made by an older shop.`);
    console.log('Start the shop as usual (npm start).');
  } finally {
    await holder?.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? `Restore refused or failed: ${error.message}` : error);
  process.exit(1);
});
