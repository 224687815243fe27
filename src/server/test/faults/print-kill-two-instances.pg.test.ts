/**
 * Two shop processes on one PostgreSQL database, both sending paid orders to the fake BookVault
 * (each with its own API key, so every call the fake receives names its sender). A burst of
 * orders is paid on both at once; one instance is killed (SIGKILL) the moment one of its
 * submissions reaches the fake, once half the orders have, and is started again while the other
 * carries on. Every order reached the fake exactly once and is recorded with the fake's PodRef,
 * except the one the kill cut off mid-call, which is handed to the owner and not sent again; the
 * two workers never sent one order twice (PostgreSQL run only: two processes share the database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import type { ProductFixture } from '../factories/products';
import { startFakeBookVault, type FakeBookVault, type FakeBookVaultCall } from '../fake-bookvault';
import { createTestDatabase } from '../harness';
import { mailsTo } from '../mailbox';
import {
  adminToken,
  docRefOf,
  openCheckouts,
  payCheckout,
  postsByDocRef,
  PRINT_ISBNS,
  printOutcomes,
  printShopEnv,
  seedPrintableBooks,
  SHOP_EMAIL,
  STOPPED_MID_CALL,
  waitUntilPrintSettled,
} from '../print-burst';
import { startServerProcess, type ServerProcess } from '../server-process';

const ORDERS = 60;
const SLOW_ANSWER_MS = 120;
/** Slower still while the payments are answered, so that most orders are still to be sent when they all are. */
const SLOWER_WHILE_PAYING_MS = 300;
const LEASE_SECONDS = 3;
const KEY_A = 'bv_test_first_shop_key';
const KEY_B = 'bv_test_second_shop_key';

let bv: FakeBookVault;
let dbUrl: string;
let drop: () => Promise<void>;
let books: ProductFixture[];
const dataDirs = [
  mkdtempSync(path.join(os.tmpdir(), 'shop-print-a-')),
  mkdtempSync(path.join(os.tmpdir(), 'shop-print-b-')),
] as const;
const running: ServerProcess[] = [];

beforeAll(async () => {
  bv = await startFakeBookVault({ isbns: PRINT_ISBNS, apiKey: KEY_A, extraApiKeys: [KEY_B] });
  const created = await createTestDatabase();
  dbUrl = created.url!;
  drop = () => created.drop().catch(() => {});
  books = await seedPrintableBooks(created.database.db);
}, 60_000);

afterAll(async () => {
  for (const shop of running) await shop.stop('SIGKILL');
  await bv?.close();
  await drop?.();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(which: 'A' | 'B'): Promise<ServerProcess> {
  const shop = await startServerProcess(
    printShopEnv(bv, {
      dataDir: dataDirs[which === 'A' ? 0 : 1],
      databaseUrl: dbUrl,
      apiKey: which === 'A' ? KEY_A : KEY_B,
      leaseSeconds: LEASE_SECONDS,
    }),
  );
  running.push(shop);
  return shop;
}

/** Which instance sent a call: its key, in the documented `basic <key>` header. */
const sender = (call: FakeBookVaultCall) =>
  call.authorization?.split(' ')[1] === KEY_A ? 'A' : call.authorization?.split(' ')[1] === KEY_B ? 'B' : '?';
const postsFrom = (calls: FakeBookVaultCall[], who: 'A' | 'B') =>
  calls.filter((call) => call.method === 'POST' && sender(call) === who).length;

describe('two instances, one killed during a burst of print submissions', () => {
  it('send every paid order to the printer exactly once between them; only the one cut off mid-call goes to the owner', async () => {
    const [a, b] = [await start('A'), await start('B')];
    const sessions = await openCheckouts([a.url, b.url], books, ORDERS);

    bv.delayMs = SLOWER_WHILE_PAYING_MS;
    let allPaid = false;
    let cutOff = null as FakeBookVaultCall | null;
    const killed = new Promise<void>((resolve) => {
      bv.onCall = (call) => {
        if (cutOff || call.method !== 'POST' || !allPaid || sender(call) !== 'A' || bv.callCount('POST') < ORDERS / 2)
          return;
        cutOff = call;
        a.child.kill('SIGKILL');
        resolve();
      };
    });
    // Paid on both at once: each order on the instance its checkout was opened on.
    const orderIds = await Promise.all(
      sessions.map((sessionId, i) => payCheckout(i % 2 ? b.url : a.url, sessionId, i)),
    );
    allPaid = true;
    bv.delayMs = SLOW_ANSWER_MS;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      killed,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no kill mid-burst within 30 s (${bv.callCount('POST')} POSTs)`)),
          30_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    await a.stop('SIGKILL');
    bv.onCall = null;
    const beforeKill = bv.calls.filter((call) => call.method === 'POST');
    expect(beforeKill.length, 'the kill lands mid-burst').toBeLessThan(ORDERS);
    expect(postsFrom(beforeKill, 'A'), 'A sent orders before the kill').toBeGreaterThan(0);
    expect(postsFrom(beforeKill, 'B'), 'B sent orders before the kill').toBeGreaterThan(0);
    const cutOffOrder = docRefOf(cutOff!);

    // B carries on alone while A starts again on the same database.
    bv.delayMs = 20;
    const again = await start('A');
    await waitUntilPrintSettled(b.url, await adminToken(b.url), orderIds);
    await again.stop('SIGTERM');
    await b.stop('SIGTERM');

    const posts = postsByDocRef(bv);
    expect(
      [...posts].filter(([, count]) => count > 1),
      'no order reached the printer twice',
    ).toEqual([]);
    expect(
      [...posts.keys()].every((docRef) => orderIds.includes(docRef)),
      'only paid orders reached the printer',
    ).toBe(true);

    const database = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
    try {
      const outcomes = await printOutcomes(database.db, orderIds);
      const uncertain = orderIds.filter((id) => outcomes.get(id)!.job.state !== 'submitted');
      // Each worker sends one order at a time: the only one of A's in flight was the one cut off.
      expect(uncertain).toEqual([cutOffOrder]);
      expect(outcomes.get(cutOffOrder)!.job).toMatchObject({
        state: 'failed',
        problem: expect.stringMatching(STOPPED_MID_CALL),
      });
      expect(posts.get(cutOffOrder)).toBe(1);
      for (const orderId of orderIds.filter((id) => id !== cutOffOrder)) {
        const { job, order } = outcomes.get(orderId)!;
        const held = bv.orderFor(orderId)!;
        expect(posts.get(orderId), `${orderId} reached the printer once`).toBe(1);
        expect(job).toMatchObject({ state: 'submitted', partnerRef: String(held.podRef), attempts: 1 });
        expect(order.bookVaultRef).toBe(String(held.podRef));
      }
      // Orders nobody had claimed when A died were sent afterwards (by B, or by A once back).
      const sentBefore = new Set(beforeKill.map(docRefOf));
      expect(orderIds.filter((id) => !sentBefore.has(id)).length).toBeGreaterThan(0);
      const ownerMails = await mailsTo(database.db, SHOP_EMAIL);
      expect(
        ownerMails.filter((mail) => mail.subject.includes(cutOffOrder.slice(-10)) && STOPPED_MID_CALL.test(mail.text)),
      ).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 90_000);
});
