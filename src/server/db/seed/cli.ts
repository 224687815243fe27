/**
 * npm run seed            seeds the demo catalogue if the shop has no products
 * npm run seed -- --reset deletes every product never sold (with its image links, cart lines and
 *                         wishlist entries), archives the sold ones (kept with their orders and
 *                         reviews, decision 039) and seeds the demo catalogue again
 *
 * Uses the app's configuration (DATABASE_URL or DATA_DIR, S3_*). On the embedded database, stop
 * the shop first: a PGlite data directory is opened by one process at a time.
 */
import { existsSync } from 'node:fs';
import { loadConfig, ConfigError } from '../../config';
import { createDeps } from '../../deps';
import { PRODUCT_CHANNEL } from '../../modules/events';
import { seedDemoCatalogue, type SeedLog } from './seed';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length) {
    console.error(`Unknown option: ${unknown.join(' ')}\nUsage: npm run seed [-- --reset]`);
    process.exit(2);
  }
  // A .env file beside package.json, as for the server (variables already set win).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const deps = await createDeps(config);
  const log: SeedLog = { info: (m) => console.log(m), warn: (m) => console.warn(m) };
  try {
    const result = await seedDemoCatalogue({ ...deps, config, log }, { reset: args.includes('--reset') });
    if (result.seeded) {
      // Running instances (on PostgreSQL) drop their cached catalogue, as after an admin edit.
      await deps.database.notify(PRODUCT_CHANNEL, 'seed').catch(() => {});
    } else {
      console.log(
        'The shop has products, or had the demo catalogue once already; nothing seeded. Use `npm run seed -- --reset` to replace the catalogue with the demo books.',
      );
    }
  } finally {
    await deps.mail.close();
    await deps.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
