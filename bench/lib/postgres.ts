/**
 * A PostgreSQL database of the bench's own: `CREATE DATABASE bench_<random>` on the server of
 * BENCH_DATABASE_URL (default: the machine's test server), dropped afterwards, so runs never see
 * each other's rows or anyone else's.
 *
 *   const pg = await createBenchPostgres();   // null when no server answers
 *   ... pg.url ...
 *   await pg.drop();
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The server's version line, or null when it cannot be reached. */
export async function postgresVersion(): Promise<string | null> {
  try {
    return await admin(async (client) =>
      String((await client.query('show server_version')).rows[0]?.server_version ?? '?'),
    );
  } catch {
    return null;
  }
}

export async function createBenchPostgres(): Promise<BenchPostgres | null> {
  if (!(await postgresVersion())) return null;
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin(async (client) => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
}
