/**
 * Reports apart from the shop's work (decision 132), on PGlite and on PostgreSQL: the turns, the
 * 503 when none frees in time, and a statement of the shop never waiting behind a report's
 * statements sent at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { createTestDatabase } from '../test/harness';
import type { Database } from './client';
import { ReportingBusy, Turns } from './reporting';
import { DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('Turns', () => {
  it('runs at most its size at once, the rest first come first served', async () => {
    const turns = new Turns(2);
    const order: string[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      turns.run(async () => {
        order.push(`start ${i}`);
        await g.opened;
        order.push(`end ${i}`);
      }),
    );
    await Promise.resolve();
    expect(turns.load).toEqual({ running: 2, waiting: 2 });
    gates[1]!.open();
    await runs[1];
    gates[0]!.open();
    await runs[0];
    gates[2]!.open();
    gates[3]!.open();
    await Promise.all(runs);
    expect(order.slice(0, 2)).toEqual(['start 0', 'start 1']);
    expect(order.indexOf('start 2')).toBeGreaterThan(order.indexOf('end 1'));
    expect(order.indexOf('start 3')).toBeGreaterThan(order.indexOf('end 0'));
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up on a turn after the wait: the work never runs, and the turn is not lost', async () => {
    const turns = new Turns(1);
    const held = gate();
    const holding = turns.run(() => held.opened);
    let ran = false;
    await expect(
      turns.run(
        async () => void (ran = true),
        30,
        () => new Error('too late'),
      ),
    ).rejects.toThrow('too late');
    expect(ran).toBe(false);
    expect(turns.load).toEqual({ running: 1, waiting: 0 });
    held.open();
    await holding;
    expect(await turns.run(async () => 'next')).toBe('next');
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('database.report', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  /** A report's turns: DATABASE_REPORTING_POOL_SIZE's default on PostgreSQL, one on PGlite. */
  const turns = () => (database.kind === 'postgres' ? 2 : 1);
  const rows = async <T>(db: Database['db'], query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  it('answers what the report made, its statements sent at once', async () => {
    const answers = await database.report((db) =>
      Promise.all([1, 2, 3].map((n) => rows<{ n: number }>(db, sql`select ${n}::int as n`))),
    );
    expect(answers.map((answer) => answer[0]!.n)).toEqual([1, 2, 3]);
  });

  it('keeps a statement of the shop from waiting behind a report’s statements sent at once', async () => {
    const started = Date.now();
    const sent = gate();
    const report = database.report((db) => {
      const statements = Promise.all(Array.from({ length: 8 }, () => rows(db, sql`select pg_sleep(0.15)`)));
      sent.open();
      return statements;
    });
    // Once the report has sent its eight statements, the shop asks.
    await sent.opened;
    const asked = Date.now();
    await database.db.execute(sql`select 1`);
    const waited = Date.now() - asked;
    await report;
    const reports = Date.now() - started;
    // At most one reporting statement (0.15 s) before it, whereas the reports took 8 × 0.15 s at least.
    expect(reports).toBeGreaterThanOrEqual(1150);
    expect(waited, `the shop's statement waited ${waited} ms while the reports took ${reports} ms`).toBeLessThan(600);
  });

  it('answers 503 in its own words when no turn frees within the connect timeout', async () => {
    const held = gate();
    const holding = Array.from({ length: turns() }, () => database.report(() => held.opened));
    const asked = Date.now();
    const refused = await database.report(async () => 'made').catch((error: unknown) => error);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(DEFAULT_DATABASE_TIMEOUTS.connectMs - 50);
    expect(refused).toBeInstanceOf(ReportingBusy);
    expect(refused).toMatchObject({ statusCode: 503, message: MSG.reportingBusy, retryAfterSeconds: 5 });
    held.open();
    await Promise.all(holding);
    expect(await database.report(async () => 'made')).toBe('made');
  }, 15_000);

  it('hands its connection back only after the statements still waiting when one failed', async () => {
    let waitingAnswered = 0;
    const failed = database.report((db) =>
      Promise.all([
        rows(db, sql`select 1 / 0`),
        ...Array.from({ length: 3 }, () => rows(db, sql`select pg_sleep(0.1)`).finally(() => (waitingAnswered += 1))),
      ]),
    );
    await expect(failed).rejects.toMatchObject({ cause: { code: '22012' } });
    // (PostgreSQL answers them at once, the transaction being aborted; PGlite runs them.)
    expect(waitingAnswered).toBe(3);
    expect(await database.report(async (db) => (await rows<{ n: number }>(db, sql`select 2 as n`))[0]!.n)).toBe(2);
  });

  it('can not write from a report on PostgreSQL (a read-only snapshot)', async () => {
    if (database.kind !== 'postgres') return;
    await expect(database.report((db) => db.execute(sql`create table report_wrote (n int)`))).rejects.toMatchObject({
      cause: { code: '25006' },
    });
    // The connection is clean for the next report.
    expect(await database.report(async (db) => (await rows<{ n: number }>(db, sql`select 1 as n`))[0]!.n)).toBe(1);
  });
});
