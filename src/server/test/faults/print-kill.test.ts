/**
 * The shop is killed (SIGKILL) in the middle of a burst of print submissions and started again on
 * the same data (issue #15, "Exactly once, nothing lost"). The real server process talks to the
 * fake BookVault in this process, which answers each order slowly (the order is held on arrival,
 * the answer comes later), and the kill lands the moment an order reaches the fake once half the
 * paid orders have: that submission's answer is lost with the process.
 *
 * After the restart every paid order reached the fake exactly once and is recorded submitted with
 * the fake's PodRef, except the one cut off mid-call: it is handed to the owner ("the shop stopped
 * while it was sending") once its lease ends (PRINT_SUBMIT_LEASE_SECONDS), and not sent again.
 * Orders never claimed before the kill are sent after the restart. Runs on the embedded database
 * (PGlite in a data directory) and, in the PostgreSQL run, on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../db/client';
import { startFakeBookVault, type FakeBookVault, type FakeBookVaultCall } from '../fake-bookvault';
import { createTestDatabase, usingPostgres } from '../harness';
import { mailsTo } from '../mailbox';
import {
  adminToken,
  docRefOf,
  openCheckouts,
  payCheckout,
  postsByDocRef,
  printOutcomes,
  PRINT_ISBNS,
  printShopEnv,
  seedPrintableBooks,
  SHOP_EMAIL,
  STOPPED_MID_CALL,
  waitUntilPrintSettled,
} from '../print-burst';
import type { ProductFixture } from '../factories/products';
import { startServerProcess, type ServerProcess } from '../server-process';

const ORDERS = 40;
/** Each of the fake's answers waits this long, so the burst lasts seconds and a kill lands mid-call. */
const SLOW_ANSWER_MS = 120;
/** Slower still while the payments are answered, so that most orders are still to be sent when they all are. */
const SLOWER_WHILE_PAYING_MS = 300;
const LEASE_SECONDS = 3;

let bv: FakeBookVault;
let dataDir: string;
let dbUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let books: ProductFixture[];
let server: ServerProcess | undefined;

beforeAll(async () => {
  bv = await startFakeBookVault({ isbns: PRINT_ISBNS });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-print-kill-'));
  // The books exist before the shop starts, with ids the fake's library holds as ISBNs.
  let database: Database;
  if (usingPostgres()) {
    const created = await createTestDatabase();
    database = created.database;
    dbUrl = created.url;
    dropDatabase = () => created.drop().catch(() => {});
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await migrateDatabase(database);
  }
  books = await seedPrintableBooks(database.db);
  for (const book of books) expect(bv.isbns.has(book.id)).toBe(true);
  if (!dropDatabase) await database.close();
}, 60_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await bv?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startServerProcess(printShopEnv(bv, { dataDir, databaseUrl: dbUrl, leaseSeconds: LEASE_SECONDS }));

/**
 * Waits for `event`, failing if the shop exits first or it takes longer than `ms`. (The kill
 * resolves `event` before the process's exit can be seen, so a kill that lands wins the race.)
 */
async function within(event: Promise<void>, ms: number, what: string, shop: ServerProcess): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      event,
      new Promise<never>((_, reject) =>
        shop.child.once('exit', () => reject(new Error(`the shop exited before ${what}:\n${shop.output()}`))),
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function openDatabaseAgain(): Promise<Database> {
  return dbUrl
    ? openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
}

describe('the shop killed during a burst of print submissions', () => {
  it('sends every paid order to the printer exactly once; only the one cut off mid-call goes to the owner', async () => {
    server = await start();
    const first = server;
    const sessions = await openCheckouts([first.url], books, ORDERS);

    // The burst: every order paid at once, the fake slow. The kill lands when an order reaches the
    // fake after every payment was answered and half the orders have reached it.
    bv.delayMs = SLOWER_WHILE_PAYING_MS;
    let allPaid = false;
    let cutOff = null as FakeBookVaultCall | null;
    let postsAtKill = 0;
    const killed = new Promise<void>((resolve) => {
      bv.onCall = (call) => {
        if (cutOff || call.method !== 'POST' || !allPaid || bv.callCount('POST') < ORDERS / 2) return;
        cutOff = call;
        postsAtKill = bv.callCount('POST');
        first.child.kill('SIGKILL');
        resolve();
      };
    });
    const orderIds = await Promise.all(sessions.map((sessionId, i) => payCheckout(first.url, sessionId, i)));
    allPaid = true;
    bv.delayMs = SLOW_ANSWER_MS;
    expect(new Set(orderIds).size).toBe(ORDERS);
    await within(killed, 30_000, 'the kill mid-burst', first);
    await first.stop('SIGKILL');
    bv.onCall = null;
    expect(postsAtKill, 'the kill lands mid-burst').toBeLessThan(ORDERS);
    const sentBeforeKill = new Set(bv.calls.filter((call) => call.method === 'POST').map(docRefOf));
    expect(sentBeforeKill.size).toBe(postsAtKill);
    const cutOffOrder = docRefOf(cutOff!);

    // The same data, started again; the fake a little quicker.
    bv.delayMs = 20;
    server = await start();
    await waitUntilPrintSettled(server.url, await adminToken(server.url), orderIds);
    await server.stop('SIGTERM');
    server = undefined;

    const posts = postsByDocRef(bv);
    const twice = [...posts].filter(([, count]) => count > 1);
    expect(twice, 'no order reached the printer twice').toEqual([]);
    expect(
      [...posts.keys()].every((docRef) => orderIds.includes(docRef)),
      'only paid orders reached the printer',
    ).toBe(true);

    const database = await openDatabaseAgain();
    try {
      const outcomes = await printOutcomes(database.db, orderIds);
      const uncertain: string[] = [];
      for (const orderId of orderIds) {
        const { job, order } = outcomes.get(orderId)!;
        if (job.state === 'failed') {
          uncertain.push(orderId);
          expect(job.problem, orderId).toMatch(STOPPED_MID_CALL);
          expect(posts.get(orderId) ?? 0, `${orderId} reached the printer at most once`).toBeLessThanOrEqual(1);
          continue;
        }
        expect(job.state, orderId).toBe('submitted');
        expect(posts.get(orderId), `${orderId} reached the printer once`).toBe(1);
        const held = bv.orderFor(orderId)!;
        expect(job.partnerRef).toBe(String(held.podRef));
        expect(order.bookVaultRef).toBe(String(held.podRef));
        expect(job.attempts).toBe(1);
      }
      // One worker sends one order at a time: the only one in flight was the one the kill cut off.
      expect(uncertain).toEqual([cutOffOrder]);
      expect(posts.get(cutOffOrder)).toBe(1); // the fake holds it; the shop never read the answer
      // The orders nobody had claimed before the kill were sent after the restart.
      const notYetSent = orderIds.filter((id) => !sentBeforeKill.has(id));
      expect(notYetSent.length).toBeGreaterThan(0);
      for (const orderId of notYetSent) expect(outcomes.get(orderId)!.job.state, orderId).toBe('submitted');
      // The owner is told about the one to check in the partner's portal.
      const ownerMails = await mailsTo(database.db, SHOP_EMAIL);
      expect(
        ownerMails.filter((mail) => mail.subject.includes(cutOffOrder.slice(-10)) && STOPPED_MID_CALL.test(mail.text)),
      ).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 90_000);
});
