/**
 * npm run backup   makes a backup now into BACKUP_DIR, verified, and prints its manifest (decision 134).
 *
 * Uses the shop's configuration (.env and the environment, as `npm start`). On PostgreSQL it makes
 * the backup itself (pg_dump). On the embedded database it asks the running shop to make it (the
 * shop's own consistent copy; over DATA_DIR's socket), or, when the shop is stopped, opens DATA_DIR
 * itself, holding it so that no shop starts on it meanwhile.
 */
import { existsSync } from 'node:fs';
import type { BackupMade } from '../src/shared/contracts/dashboard';
import { buildApp } from '../src/server/app';
import { ConfigError, loadConfig } from '../src/server/config';
import { createDeps } from '../src/server/deps';
import { askHolderToBackUp, holdDataDir, pgToolsProblem } from '../src/server/modules/system';

function print(made: BackupMade, how: string): void {
  const { manifest } = made;
  const { orders, products, users, images } = manifest.counts;
  console.log(`Backup made ${how} and verified: ${made.file} (${(made.bytes / 1024 / 1024).toFixed(1)} MB)`);
  console.log(
    `  at ${manifest.created_at}, shop ${manifest.shop_version}, migration ${manifest.migration.last ?? 'none'}`,
  );
  console.log(
    `  ${orders} orders, ${products} products, ${users} users, ${images} images (${manifest.images_included ? `${manifest.image_files} image files` : 'images are in S3, not in the backup'})`,
  );
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.BACKUP_DIR)
    throw new ConfigError(['BACKUP_DIR: is required for a backup (the folder backups are written to)']);

  if (!config.DATABASE_URL) {
    const answer = await askHolderToBackUp(config.DATA_DIR);
    if (answer) {
      if (!answer.ok) throw new Error(answer.message);
      print(answer.made as BackupMade, 'by the running shop');
      return;
    }
  }
  const holder = config.DATABASE_URL ? null : await holdDataDir(config.DATA_DIR);
  const deps = await createDeps(config);
  try {
    if (deps.database.kind === 'postgres') {
      const problem = await pgToolsProblem(deps.database, config.BACKUP_PG_BIN_DIR);
      if (problem) throw new Error(problem);
    }
    const app = await buildApp({ ...config, LOG_LEVEL: 'warn' }, deps, { background: false });
    await app.ready();
    try {
      print(await app.ctx.backups.make('shell'), config.DATABASE_URL ? 'from PostgreSQL' : 'with the shop stopped');
    } finally {
      await app.close();
    }
  } finally {
    await deps.mail.close();
    await deps.database.close();
    await holder?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Backup failed: ${error.message}` : error);
  process.exit(1);
});
