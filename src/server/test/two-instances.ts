/**
 * Two app instances on one PostgreSQL database, as two processes behind a proxy run them: each
 * with its own connection pool and nothing shared in memory but the database (PostgreSQL run only).
 *
 *   let shop: TwoInstances;
 *   beforeAll(async () => { shop = await createTwoInstances(); });
 *   afterAll(() => shop?.close());
 *   await shop.first.inject(...); await shop.second.inject(...);
 */
import { embeddedDeps } from '../deps';
import { buildApp, type App } from '../app';
import { testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createTestDatabase } from './harness';

export interface TwoInstances {
  first: App;
  second: App;
  close(): Promise<void>;
}

async function instance(database: Database, jwtSecret: string): Promise<App> {
  const app = await buildApp(testConfig({ JWT_SECRET: jwtSecret }), embeddedDeps(database), { background: false });
  await app.ready();
  return app;
}

export async function createTwoInstances(
  jwtSecret = 'two-instances-test-secret-0123456789abcdef',
): Promise<TwoInstances> {
  const created = await createTestDatabase();
  const secondDatabase = await openDatabase({ kind: 'postgres', url: created.url!, poolSize: 5 });
  const first = await instance(created.database, jwtSecret);
  const second = await instance(secondDatabase, jwtSecret);
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await secondDatabase.close();
      await created.drop();
    },
  };
}
