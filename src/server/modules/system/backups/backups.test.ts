/**
 * Backups (issue 31, decision 134), on PGlite and on PostgreSQL (the api-postgres run):
 * - the restore drill: a shop with orders in several states, print jobs, mails in the outbox,
 *   reviews and images is backed up while a burst of 50 checkouts is being paid, restored into a
 *   fresh place, and every order paid before the backup is there once, whole, with its print
 *   state; the images load and the shop starts and serves on the restored data;
 * - refusals: a damaged file, a backup from a newer shop, a target that is not empty, and a full
 *   disk during a backup (the previous good backup stays, the owner is mailed);
 * - the routes: owner only, 201 with the manifest, the list, 409 while one is being made;
 * - the schedule: one turn, one backup, whichever instance looks.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Header, Pack, ReadEntry } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupList, BackupMade } from '@shared/contracts/dashboard';
import { localImageStore } from '../../../adapters/images/store';
import { buildApp } from '../../../app';
import { testConfig, type Config } from '../../../config';
import { embeddedDeps } from '../../../deps';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from '../../../db/client';
import { appSettings, orderItems, orders, outgoingMail, printJobs, productImages, reviews } from '../../../db/schema';
import { createPaidOrder } from '../../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createPostgresDatabase, createTestApp, usingPostgres, type TestApp } from '../../../test/harness';
import { picture } from '../../../test/images';
import { ingestImage } from '../../images/service';
import { manifestChecksum, readManifest } from './archive';
import { restoreBackup, RestoreRefusedError } from './restore';
import { Backups } from './service';

const OWNER_EMAIL = 'owner@example.com';
// Each backup opens its copy of the database to prove it: seconds per backup on a busy machine.
vi.setConfig({ hookTimeout: 240_000 });
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A shop whose backups go to a folder of its own and whose images are files on disk. */
async function shopWithBackups(name: string, options: Parameters<typeof createTestApp>[0] = {}) {
  const dir = path.join(root, name);
  const t = await createTestApp({
    ...options,
    env: {
      BACKUP_DIR: path.join(dir, 'backups'),
      BACKUP_EVERY_HOURS: '24',
      BACKUP_KEEP: '3',
      SHOP_EMAIL: OWNER_EMAIL,
      ...options.env,
    },
    deps: { images: localImageStore(path.join(dir, 'images')), ...options.deps },
  });
  const owner = await createUser(t.app, { role: 'admin' });
  return { t, dir, owner, backupDir: path.join(dir, 'backups') };
}

const backUp = (t: TestApp, owner: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(owner.token) });
const listBackups = async (t: TestApp, owner: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: bearer(owner.token) })).json() as BackupList;

/** An empty place to restore into, configured as `npm start` would be: a DATA_DIR, and on PostgreSQL an empty database. */
async function freshTarget(label: string): Promise<{ config: Config; drop: () => Promise<void> }> {
  const dataDir = path.join(root, `restored-${label}-${randomBytes(3).toString('hex')}`);
  if (!usingPostgres()) return { config: testConfig({ DATA_DIR: dataDir }), drop: async () => {} };
  const { url, drop } = await createPostgresDatabase('shop_restore');
  return { config: testConfig({ DATA_DIR: dataDir, DATABASE_URL: url }), drop };
}

/** The restored shop, started as main.ts would on that configuration (database, local images). */
async function startRestored(config: Config) {
  const database: Database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 3 }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await migrateDatabase(database);
  const app = await buildApp(
    config,
    embeddedDeps(database, { images: localImageStore(path.join(config.DATA_DIR, 'images')) }),
    { background: false },
  );
  await app.ready();
  return { app, close: async () => (await app.close(), await database.close()) };
}

/** What an order is, for comparing the shop before and after: its lines, totals, address, status and print state. */
async function orderFacts(database: Database) {
  const rows = await database.db
    .select({
      id: orders.id,
      total: orders.totalPence,
      status: orders.status,
      address: orders.deliveryAddress,
      email: orders.email,
      print: printJobs.state,
    })
    .from(orders)
    .leftJoin(printJobs, eq(printJobs.orderId, orders.id))
    .orderBy(orders.id);
  const lines = await database.db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      qty: orderItems.quantity,
      unit: orderItems.unitPricePence,
    })
    .from(orderItems);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        lines: lines
          .filter((line) => line.orderId === row.id)
          .map(({ name, qty, unit }) => `${name}×${qty}@${unit}`)
          .sort(),
      },
    ]),
  );
}

describe('the restore drill', { timeout: 240_000 }, () => {
  let shop: Awaited<ReturnType<typeof shopWithBackups>>;
  let books: ProductFixture[];
  let imageKey: string;
  let made: BackupMade;
  let paidBefore: string[];
  let target: Awaited<ReturnType<typeof freshTarget>>;

  beforeAll(async () => {
    shop = await shopWithBackups('drill');
    const { t } = shop;
    const db = t.app.ctx.database.db;
    books = [
      await createProduct(db, { name: 'Maze Book', pricePence: 799 }),
      await createProduct(db, { name: 'Puzzle Pack', pricePence: 1250 }),
    ];
    imageKey = (await ingestImage(t.app.ctx, await picture('png', { colour: '#3366cc' }))).key;
    await db.insert(productImages).values({ productId: books[0]!.id, position: 0, imageKey });
    const customer = await createUser(t.app);
    // Orders in several states, each with its print job; their confirmation mails wait in the outbox.
    const first = await createPaidOrder(t.app, {
      user: customer,
      items: [{ product: books[0]!, qty: 2 }, { product: books[1]! }],
    });
    const shipped = await createPaidOrder(t.app, { email: 'ann@example.com', items: [{ product: books[1]! }] });
    const noAddress = await createPaidOrder(t.app, {
      email: 'bob@example.com',
      items: [{ product: books[0]! }],
      address: null,
    });
    await db.update(orders).set({ status: 'Shipped', trackingRef: 'TRACK-1' }).where(eq(orders.id, shipped.orderId));
    await db
      .update(printJobs)
      .set({ state: 'submitted', partnerRef: 'BV-77' })
      .where(eq(printJobs.orderId, shipped.orderId));
    await db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, first.orderId));
    await db.insert(reviews).values({
      orderId: first.orderId,
      productKey: books[0]!.key,
      userId: customer.id,
      rating: 5,
      text: 'Loved every maze.',
    });
    void noAddress;
  });

  afterAll(async () => {
    await shop.t.close();
    await target?.drop();
  });

  it('takes a backup while 50 checkouts are being paid, and every order paid before it is in it', async () => {
    const { t, owner } = shop;
    const settled: string[] = [];
    // 50 checkouts paid by 4 payers at once (the test database's pool has 5 connections).
    let next = 0;
    const payer = async () => {
      while (next < 50) {
        const i = next++;
        const order = await createPaidOrder(t.app, {
          email: `burst${i}@example.com`,
          items: [{ product: books[i % 2]!, qty: 1 + (i % 3) }],
        });
        settled.push(order.orderId);
      }
    };
    const burst = Array.from({ length: 4 }, payer);
    // The backup starts once some of the burst is paid, while the rest is being paid.
    await vi.waitFor(() => expect(settled.length).toBeGreaterThanOrEqual(5), { timeout: 20_000, interval: 5 });
    paidBefore = [...settled];
    const res = await backUp(t, owner);
    await Promise.all(burst);
    expect(res.statusCode).toBe(201);
    made = res.json() as BackupMade;
    expect(made.file).toMatch(/^shop-backup-.*\.tar$/);
    expect(made.manifest.database).toBe(usingPostgres() ? 'postgres' : 'pglite');
    expect(made.manifest.counts.orders).toBeGreaterThanOrEqual(3 + paidBefore.length);
    expect(made.manifest.counts.images).toBe(1);
    expect(made.manifest.image_files).toBe(1);
    expect(made.manifest.migration.last).toBe(
      JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')).entries.at(-1).tag,
    );
    const list = await listBackups(t, owner);
    expect(list.backups).toEqual([
      expect.objectContaining({ file: made.file, verified: true, manifest: made.manifest }),
    ]);
    expect(list.last_good_at).toBe(made.manifest.created_at);
    expect(list.overdue).toBe(false);
  });

  it('restores into a fresh place: every order paid before the backup, once and whole; the shop serves; images load', async () => {
    const { t, backupDir } = shop;
    const source = await orderFacts(t.app.ctx.database);
    target = await freshTarget('drill');
    const report = await restoreBackup(path.join(backupDir, made.file), target.config);
    expect(report.restored).toEqual(made.manifest.counts);
    expect(report.migrationsApplied).toBe(0);
    expect(report.imagesWritten).toBe(1);

    const restored = await startRestored(target.config);
    try {
      const facts = await orderFacts(restored.app.ctx.database);
      expect(facts.size).toBe(made.manifest.counts.orders);
      for (const id of paidBefore) expect(facts.has(id), `order ${id} paid before the backup`).toBe(true);
      // Each restored order is the source's order as it was: same lines, totals, address, print state; none twice.
      for (const [id, fact] of facts) expect(fact).toEqual(source.get(id));
      const ids = (await restored.app.ctx.database.db.select({ id: orders.id }).from(orders)).map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      const [mails] = await restored.app.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(outgoingMail);
      expect(mails!.n).toBeGreaterThanOrEqual(3);
      expect(await restored.app.ctx.database.db.select().from(reviews)).toHaveLength(1);

      // The shop serves on it: health, the catalogue, the owner's orders, and the image.
      expect((await restored.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const catalogue = await restored.app.inject({ method: 'GET', url: '/api/server/get_products' });
      expect(catalogue.statusCode).toBe(200);
      expect(catalogue.body).toContain('Maze Book');
      const original = await restored.app.inject({ method: 'GET', url: `/images/${imageKey}/320.webp` });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toContain('image/webp');
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a database that is there, unless forced', async () => {
    const file = path.join(shop.backupDir, made.file);
    await expect(restoreBackup(file, target.config)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(file, target.config)).rejects.toThrow(/already holds/);
    const forced = await restoreBackup(file, target.config, { force: true });
    expect(forced.restored).toEqual(made.manifest.counts);
    if (!usingPostgres()) expect(forced.movedAside).toMatch(/pglite\.before-restore-/);
  });

  it('refuses a damaged file and changes nothing', async () => {
    const damaged = path.join(root, 'damaged.tar');
    const bytes = readFileSync(path.join(shop.backupDir, made.file));
    const at = Math.floor(bytes.length / 3);
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const fresh = await freshTarget('damaged');
    try {
      await expect(restoreBackup(damaged, fresh.config)).rejects.toThrow(/cannot be restored: .*(checksum|damaged)/);
      expect(readdirSync(root)).not.toContain(path.basename(fresh.config.DATA_DIR));
      // A file cut short is refused the same way.
      writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreBackup(damaged, fresh.config)).rejects.toThrow(RestoreRefusedError);
    } finally {
      await fresh.drop();
    }
  });
  it('is a plain tar that the system tar lists: the database, the images, the manifest last', () => {
    const listed = execFileSync('tar', ['-tf', path.join(shop.backupDir, made.file)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listed).toEqual([...made.manifest.entries.map((entry) => entry.name), 'manifest.json']);
    expect(listed.some((name) => name.startsWith('images/originals/'))).toBe(true);
  });

  it('refuses a file with an entry outside images/originals/<key> or a link, though its manifest lists it', async () => {
    // The real backup's entries, then one crafted entry that the manifest lists with a valid checksum.
    const unpacked = path.join(root, `unpacked-${randomBytes(3).toString('hex')}`);
    mkdirSync(unpacked);
    execFileSync('tar', ['-xf', path.join(shop.backupDir, made.file), '-C', unpacked]);
    const crafted = async (extra: { name: string; type: 'File' | 'SymbolicLink'; linkpath?: string; body: Buffer }) => {
      const entries = [
        ...made.manifest.entries.map((entry) => ({
          name: entry.name,
          type: 'File' as const,
          linkpath: undefined,
          body: readFileSync(path.join(unpacked, entry.name)),
        })),
        extra,
      ];
      const content = {
        ...made.manifest,
        entries: entries.map((entry) => ({
          name: entry.name,
          bytes: entry.body.length,
          sha256: createHash('sha256').update(entry.body).digest('hex'),
        })),
      };
      const manifest = Buffer.from(JSON.stringify({ ...content, checksum: manifestChecksum(content) }));
      const pack = new Pack({ portable: true });
      for (const entry of [
        ...entries,
        { name: 'manifest.json', type: 'File' as const, linkpath: undefined, body: manifest },
      ]) {
        const header = new Header({
          path: entry.name,
          type: entry.type,
          linkpath: entry.linkpath,
          size: entry.body.length,
          mode: 0o600,
          mtime: new Date(),
        });
        const read = new ReadEntry(header);
        pack.add(read);
        read.end(entry.body);
      }
      pack.end();
      const file = path.join(root, `crafted-${randomBytes(3).toString('hex')}.tar`);
      writeFileSync(file, await pack.concat());
      return file;
    };
    const escapes = [
      { name: '../escaped.txt', type: 'File' as const, body: Buffer.from('outside') },
      { name: 'images/originals/../../../escaped.txt', type: 'File' as const, body: Buffer.from('outside') },
      {
        name: 'images/originals/ab/link',
        type: 'SymbolicLink' as const,
        linkpath: '/etc/passwd',
        body: Buffer.alloc(0),
      },
    ];
    const fresh = await freshTarget('crafted');
    try {
      for (const escape of escapes) {
        const file = await crafted(escape);
        // The system tar reads it as the entry it is: the refusal is the restore's, not a broken file.
        expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })).toContain(
          escape.name,
        );
        await expect(restoreBackup(file, fresh.config)).rejects.toThrow(RestoreRefusedError);
        await expect(restoreBackup(file, fresh.config)).rejects.toThrow(/not a file a backup writes/);
        expect(existsSync(fresh.config.DATA_DIR)).toBe(false);
        expect(existsSync(path.join(root, 'escaped.txt'))).toBe(false);
      }
    } finally {
      await fresh.drop();
    }
  });
});

describe('a backup from a newer shop', { timeout: 240_000 }, () => {
  it('is refused before anything changes; an older one is restored and brought up to date', async () => {
    // The future: this code's migrations and one more, applied to a shop's database.
    const future = path.join(root, 'future-migrations');
    cpSync(MIGRATIONS_DIR, future, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(future, 'meta/_journal.json'), 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_from_the_future' });
    writeFileSync(path.join(future, 'meta/_journal.json'), JSON.stringify(journal));
    writeFileSync(path.join(future, '9999_from_the_future.sql'), 'create table from_the_future (id int);');
    const shop = await shopWithBackups('future');
    try {
      await migrateDatabase(shop.t.app.ctx.database, future);
      const res = await backUp(shop.t, shop.owner);
      expect(res.statusCode).toBe(201);
      const made = res.json() as BackupMade;
      expect(made.manifest.migration.last).toBeNull();
      const fresh = await freshTarget('future');
      try {
        await expect(restoreBackup(path.join(shop.backupDir, made.file), fresh.config)).rejects.toThrow(
          /newer version of the shop/,
        );
        expect(readdirSync(root)).not.toContain(path.basename(fresh.config.DATA_DIR));
      } finally {
        await fresh.drop();
      }
    } finally {
      await shop.t.close();
    }
  });

  it('an older backup gets the newer migrations after it is restored', async () => {
    // A database stopped before the last migration: its backup is restored, then migrated.
    const older = path.join(root, 'older-migrations');
    cpSync(MIGRATIONS_DIR, older, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(older, 'meta/_journal.json'), 'utf8'));
    const dropped = journal.entries.pop();
    writeFileSync(path.join(older, 'meta/_journal.json'), JSON.stringify(journal));
    const source = await freshTarget('older-source');
    const database = await openDatabase(
      source.config.DATABASE_URL
        ? { kind: 'postgres', url: source.config.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite' },
    );
    try {
      await migrateDatabase(database, older);
      const dir = path.join(root, 'older-backups');
      const app = await buildApp(testConfig({ BACKUP_DIR: dir }), embeddedDeps(database), { background: false });
      await app.ready();
      const made = await app.ctx.backups.make('shell');
      await app.close();
      expect(made.manifest.migration.last).toBe(journal.entries.at(-1).tag);
      const fresh = await freshTarget('older');
      try {
        const report = await restoreBackup(path.join(dir, made.file), fresh.config);
        expect(report.migrationsApplied).toBe(1);
        const restored = await startRestored(fresh.config);
        const rows = (await restored.app.ctx.database.db.execute(
          sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: Array<{ last: string }> };
        expect(Number(rows.rows[0]!.last)).toBe(dropped.when);
        await restored.close();
      } finally {
        await fresh.drop();
      }
    } finally {
      await database.close();
      await source.drop();
    }
  });
});

describe('a full disk during a backup', { timeout: 240_000 }, () => {
  it('leaves the previous good backup, no partial file, and the owner warned', async () => {
    let diskFull = false;
    const shop = await shopWithBackups('full-disk', {
      backups: {
        openForWrite: async (file) => {
          const handle = await open(file, 'wx', 0o600);
          if (!diskFull) return handle;
          let written = 0;
          const write = handle.write.bind(handle) as (...args: unknown[]) => Promise<{ bytesWritten: number }>;
          // The disk fills after 4 kB.
          (handle as unknown as { write: unknown }).write = async (...args: unknown[]) => {
            written += (args[2] as number | undefined) ?? 0;
            if (written > 4096)
              throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
            return write(...args);
          };
          return handle;
        },
      },
    });
    try {
      const good = (await backUp(shop.t, shop.owner)).json() as BackupMade;
      diskFull = true;
      const failed = await backUp(shop.t, shop.owner);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toMatch(/The backup failed: ENOSPC.*last good backup was left/);
      expect(readdirSync(shop.backupDir)).toEqual([good.file]);
      expect((await readManifest(path.join(shop.backupDir, good.file))).checksum).toBe(good.manifest.checksum);
      const list = await listBackups(shop.t, shop.owner);
      expect(list.last_good_at).toBe(good.manifest.created_at);
      expect(list.last_failure?.message).toMatch(/ENOSPC/);
      const mails = await shop.t.app.ctx.database.db
        .select()
        .from(outgoingMail)
        .where(eq(outgoingMail.to, OWNER_EMAIL));
      expect(mails.map((mail) => mail.subject)).toContain('A backup of the shop failed');
      expect(mails.find((mail) => mail.subject === 'A backup of the shop failed')!.text).toMatch(/ENOSPC/);

      // The disk has room again: the next backup is good, and the warning goes.
      diskFull = false;
      expect((await backUp(shop.t, shop.owner)).statusCode).toBe(201);
      expect((await listBackups(shop.t, shop.owner)).last_failure).toBeNull();
    } finally {
      await shop.t.close();
    }
  });
});

describe('the routes and the schedule', { timeout: 240_000 }, () => {
  let shop: Awaited<ReturnType<typeof shopWithBackups>>;
  beforeAll(async () => {
    shop = await shopWithBackups('routes');
  });
  afterAll(() => shop.t.close());

  it('are the owner’s only: 401 without a session, 403 for a customer', async () => {
    const customer = await createUser(shop.t.app);
    for (const method of ['GET', 'POST'] as const) {
      expect((await shop.t.app.inject({ method, url: '/api/admin/backups' })).statusCode).toBe(401);
      const res = await shop.t.app.inject({ method, url: '/api/admin/backups', headers: bearer(customer.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(existsSync(shop.backupDir)).toBe(false);
  });

  it('says a backup is late when there is none, or the newest is older than twice the interval', async () => {
    expect(await listBackups(shop.t, shop.owner)).toMatchObject({
      enabled: true,
      every_hours: 24,
      keep: 3,
      last_good_at: null,
      overdue: true,
      backups: [],
    });
    const made = (await backUp(shop.t, shop.owner)).json() as BackupMade;
    expect((await listBackups(shop.t, shop.owner)).overdue).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(made.manifest.created_at) + 47 * 3600_000 });
    try {
      expect((await listBackups(shop.t, shop.owner)).overdue).toBe(false);
      vi.setSystemTime(Date.parse(made.manifest.created_at) + 49 * 3600_000);
      expect((await listBackups(shop.t, shop.owner)).overdue).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 409 to a second backup while one is being made', async () => {
    const [a, b] = await Promise.all([backUp(shop.t, shop.owner), backUp(shop.t, shop.owner)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toMatch(/being made/);
  });

  it('keeps BACKUP_KEEP backups, deleting the oldest only after a newer one is verified', async () => {
    for (let i = 0; i < 3; i += 1) expect((await backUp(shop.t, shop.owner)).statusCode).toBe(201);
    const list = await listBackups(shop.t, shop.owner);
    expect(list.backups).toHaveLength(3);
    expect(list.backups.every((backup) => backup.verified)).toBe(true);
  });

  it('lists a file with a backup’s name that cannot be read as not usable, and does not count it as good', async () => {
    const before = await listBackups(shop.t, shop.owner);
    const name = 'shop-backup-2099-01-01T00-00-00Z-0badf11e.tar';
    writeFileSync(path.join(shop.backupDir, name), Buffer.alloc(2048, 7));
    try {
      const list = await listBackups(shop.t, shop.owner);
      expect(list.backups[0]).toMatchObject({
        file: name,
        verified: false,
        manifest: null,
        problem: expect.stringMatching(/damaged|cannot be read|manifest/),
      });
      expect(list.last_good_at).toBe(before.last_good_at);
    } finally {
      rmSync(path.join(shop.backupDir, name));
    }
  });

  it('takes each turn of the schedule once, whichever instance looks', async () => {
    await shop.t.app.ctx.database.db.delete(appSettings).where(eq(appSettings.key, 'backup_next_at'));
    // Two instances look at once: one takes the turn and makes the backup.
    const instances = [new Backups(() => shop.t.app.ctx), new Backups(() => shop.t.app.ctx)];
    const makes = instances.map((instance) => vi.spyOn(instance, 'make'));
    await Promise.all(instances.map((instance) => instance.runIfDue()));
    expect(makes.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(1);
    await expect(makes.find((spy) => spy.mock.calls.length === 1)!.mock.results[0]!.value).resolves.toMatchObject({
      file: expect.any(String),
    });
    const [next] = await shop.t.app.ctx.database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'backup_next_at'));
    expect(Date.parse(next!.value)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The next look is not due: nothing more is made.
    await Promise.all(instances.map((instance) => instance.runIfDue()));
    expect(makes.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(1);
  });

  it('is a clear 409 when backups are not set up (a setting the owner can change, not a server fault)', async () => {
    const t = await createTestApp();
    try {
      const admin = await createUser(t.app, { role: 'admin' });
      const res = await backUp(t, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/BACKUP_DIR/);
      expect((await listBackups(t, admin)).enabled).toBe(false);
    } finally {
      await t.close();
    }
  });
});
