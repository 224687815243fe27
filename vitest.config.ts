import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * unit: pure code (src/shared, src/web, scripts). api: the server suite on PGlite. api-postgres: the same
 * suite against a real PostgreSQL, only when TEST_DATABASE_URL is set (CI sets it).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && !process.env.VITEST_WORKER_ID && !process.env.__SHOP_PG_NOTICE) {
  process.env.__SHOP_PG_NOTICE = '1';
  console.log('PostgreSQL API run: NOT RUN (TEST_DATABASE_URL is not set; CI sets it)');
}

/**
 * The SpamAssassin check of every mail needs Debian's `spamassassin`. CI installs it and sets CI, and
 * the check then runs (and fails if the command is missing); elsewhere it runs when installed.
 */
const SPAMASSASSIN_TEST = 'src/server/modules/mail/spamassassin.test.ts';
const inCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI!);
const hasSpamAssassin = (process.env.PATH ?? '')
  .split(path.delimiter)
  .some((dir) => dir && existsSync(path.join(dir, 'spamassassin')));
const skipSpamAssassin = !hasSpamAssassin && !inCi;
if (skipSpamAssassin && !process.env.VITEST_WORKER_ID && !process.env.__SHOP_SA_NOTICE) {
  process.env.__SHOP_SA_NOTICE = '1';
  console.log(
    'SpamAssassin mail scores: NOT RUN (spamassassin is not installed: apt-get install -y spamassassin; CI installs it)',
  );
}

/** `*.pg.test.ts` files need a real server (e.g. to take it away): PostgreSQL run only. */
const api = (name: string, target: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude: [
      ...(target === 'postgres' ? [] : ['src/server/**/*.pg.test.ts']),
      ...(skipSpamAssassin ? [SPAMASSASSIN_TEST] : []),
    ],
    globalSetup: ['src/server/test/global-setup.ts'],
    env: { TEST_DB: target },
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});

export default defineConfig({
  resolve: { alias: { '@shared': new URL('./src/shared', import.meta.url).pathname } },
  test: {
    // One test file per core (Vitest's default leaves one core idle): the API files spend much of
    // their time waiting on PGlite or PostgreSQL, and each has a database of its own. On the 2-core
    // CI machine the run took 605 s instead of 807 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      api('api', 'pglite'),
      ...(postgresUrl ? [api('api-postgres', 'postgres')] : []),
    ],
  },
});
