import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePath } from '@shared/images';
import { isValidPassword } from '@shared/validation';
import { testConfig } from '../../config';
import { verifyPassword } from '../../lib/passwords';
import { originalKey } from '../../modules/images/service';
import { createUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { appSettings, cartLines, images, productImages, products, users } from '../schema';
import { DEMO_BOOKS } from './catalogue';
import {
  adminCreatedNotice,
  ensureAdminAccount,
  generatePassword,
  GENERATED_ADMIN_EMAIL,
  seedDemoCatalogue,
  seedOnFirstStart,
  type SeedContext,
} from './seed';

let t: TestApp;
const logged: string[] = [];
const seedCtx = (env: Record<string, string> = {}): SeedContext => ({
  ...t.app.ctx,
  config: { ...t.config, ...testConfig(env) },
  log: { info: (m) => logged.push(m), warn: (m) => logged.push(m) },
});
const db = () => t.deps.database.db;
const productTotal = async () => (await db().select({ n: count() }).from(products))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seedDemoCatalogue', () => {
  it(
    'fills an empty shop with the demo books, each with its cover images in slot order',
    { timeout: 120_000 },
    async () => {
      const result = await seedDemoCatalogue(seedCtx());
      expect(result).toMatchObject({ seeded: true, products: DEMO_BOOKS.length });

      const rows = await db().select().from(products);
      expect(rows.map((r) => r.id).sort()).toEqual(DEMO_BOOKS.map((b) => b.id).sort());
      const marchbank = rows.find((r) => r.id === 'BV-1104')!;
      expect(marchbank.description.length).toBeGreaterThan(900);

      const links = await db().select().from(productImages);
      for (const book of DEMO_BOOKS) {
        const positions = links
          .filter((l) => l.productId === book.id)
          .map((l) => l.position)
          .sort((a, b) => a - b);
        expect(positions).toEqual(Array.from({ length: book.pages }, (_, i) => i));
      }
      const imageRows = await db().select().from(images);
      expect(imageRows.length).toBe(result.images);
      expect(new Set(links.map((l) => l.imageKey)).size).toBe(imageRows.length);
      for (const row of imageRows.slice(0, 5)) {
        expect(row).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 1066 });
        expect(await t.deps.images.get(originalKey(row.key))).not.toBeNull();
      }
    },
  );

  it('serves a seeded cover as a resized WebP', async () => {
    const [link] = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, 'BV-1001'))
      .orderBy(productImages.position);
    const res = await t.app.inject({ method: 'GET', url: imagePath(link!.imageKey, 320) });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
  });

  it('does nothing when the shop already has products', async () => {
    const before = await productTotal();
    const result = await seedDemoCatalogue(seedCtx(), { books: DEMO_BOOKS.slice(0, 2) });
    expect(result.seeded).toBe(false);
    expect(await productTotal()).toBe(before);
  });

  it('with reset, deletes every product (cart lines go with them) and seeds again', { timeout: 120_000 }, async () => {
    await db().insert(products).values({ id: 'OWN-1', name: 'A Book the Admin Added', pricePence: 500 });
    const shopper = await createUser(t.app);
    await db().insert(cartLines).values({ userId: shopper.id, productId: 'OWN-1', qty: 2 });

    const few = DEMO_BOOKS.slice(0, 3);
    const result = await seedDemoCatalogue(seedCtx(), { reset: true, books: few });
    expect(result).toMatchObject({ seeded: true, products: 3, deleted: DEMO_BOOKS.length + 1 });
    expect((await db().select({ id: products.id }).from(products)).map((r) => r.id).sort()).toEqual(
      few.map((b) => b.id).sort(),
    );
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, shopper.id))).toEqual([]);
    // image rows nothing uses any more are gone
    const used = new Set((await db().select().from(productImages)).map((l) => l.imageKey));
    const rows = await db().select({ key: images.key }).from(images);
    expect(rows.every((r) => used.has(r.key))).toBe(true);
    expect(rows.length).toBe(used.size);
  });

  it('seeds once when two instances start at the same moment', { timeout: 120_000 }, async () => {
    await db().delete(products);
    await db().delete(appSettings).where(eq(appSettings.key, 'demo_catalogue_seeded')); // a database never seeded
    const few = DEMO_BOOKS.slice(3, 5);
    const results = await Promise.all([
      seedDemoCatalogue(seedCtx(), { books: few }),
      seedDemoCatalogue(seedCtx(), { books: few }),
    ]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await productTotal()).toBe(2);
  });
});

describe('seedOnFirstStart', () => {
  it('does not bring the demo books back after the owner deleted them all', async () => {
    expect(await productTotal()).toBeGreaterThan(0);
    await db().delete(products);
    await seedOnFirstStart({ ...t.app.ctx, config: testConfig({ SEED_DEMO: 'true' }) });
    expect(await productTotal()).toBe(0);
  });

  it('marks a database that has books from before the mark, so emptying it later keeps it empty', async () => {
    await db().delete(appSettings).where(eq(appSettings.key, 'demo_catalogue_seeded'));
    await db().insert(products).values({ id: 'OWN-2', name: 'An Owner’s Own Book', pricePence: 650 });
    await seedOnFirstStart({ ...t.app.ctx, config: testConfig({ SEED_DEMO: 'true' }) });
    expect(await productTotal()).toBe(1);
    await db().delete(products);
    await seedOnFirstStart({ ...t.app.ctx, config: testConfig({ SEED_DEMO: 'true' }) });
    expect(await productTotal()).toBe(0);
  });

  it('seeds a database that was never seeded and has no books', { timeout: 120_000 }, async () => {
    await db().delete(appSettings).where(eq(appSettings.key, 'demo_catalogue_seeded'));
    await seedOnFirstStart({ ...t.app.ctx, config: testConfig({ SEED_DEMO: 'true' }) });
    expect(await productTotal()).toBe(DEMO_BOOKS.length);
  });

  it('leaves the catalogue empty when SEED_DEMO=false', async () => {
    await db().delete(products);
    const started = await seedOnFirstStart({
      ...t.app.ctx,
      config: testConfig({ SEED_DEMO: 'false', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner123' }),
    });
    expect(started.admin).toMatchObject({ email: 'owner@example.com' });
    expect(started.admin?.generatedPassword).toBeUndefined();
    expect(await productTotal()).toBe(0);
    const [owner] = await db().select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(owner?.role).toBe('admin');
  });
});

describe('ensureAdminAccount', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, verified, with that password', async () => {
    const result = await ensureAdminAccount(seedCtx({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first123' }));
    expect(result).toEqual({ email: 'boss@example.com', created: true });
    const [row] = await db().select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(row).toMatchObject({ role: 'admin', verified: true, method: null });
    expect(await verifyPassword('first123', row!.passwordHash!)).toBe(true);
  });

  it('changes the password when ADMIN_PASSWORD changes, and leaves it alone when it does not', async () => {
    await ensureAdminAccount(seedCtx({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'second456' }));
    const [changed] = await db().select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(await verifyPassword('second456', changed!.passwordHash!)).toBe(true);
    expect(await verifyPassword('first123', changed!.passwordHash!)).toBe(false);
    await ensureAdminAccount(seedCtx({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'second456' }));
    const [same] = await db().select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(same!.passwordHash).toBe(changed!.passwordHash);
  });

  it('makes an existing customer with ADMIN_EMAIL an admin', async () => {
    const customer = await createUser(t.app, { verified: false });
    await ensureAdminAccount(seedCtx({ ADMIN_EMAIL: customer.email, ADMIN_PASSWORD: 'promo789' }));
    const [row] = await db().select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ role: 'admin', verified: true });
  });

  it('without ADMIN_EMAIL, creates admin@shop.localhost once and hands its password over once, never to the log', async () => {
    await db().delete(users).where(eq(users.role, 'admin'));
    logged.length = 0;
    const first = await ensureAdminAccount(seedCtx());
    expect(first?.email).toBe(GENERATED_ADMIN_EMAIL);
    const password = first!.generatedPassword!;
    expect(isValidPassword(password)).toBe(true);
    expect(logged.some((line) => line.includes(password))).toBe(false);
    expect(logged).toContain(
      'Admin account created: admin@shop.localhost (its password is shown once, at the end of start-up)',
    );
    const [row] = await db().select().from(users).where(eq(users.email, GENERATED_ADMIN_EMAIL));
    expect(row).toMatchObject({ role: 'admin', verified: true });
    expect(await verifyPassword(password, row!.passwordHash!)).toBe(true);

    expect(await ensureAdminAccount(seedCtx())).toBeNull();
  });

  it("words the JSON log's one line for a generated admin, with where its sign-in link arrives", () => {
    const outbox = testConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(adminCreatedNotice(GENERATED_ADMIN_EMAIL, 'Abc123def456ghi7', outbox)).toBe(
      'ADMIN ACCOUNT CREATED: e-mail admin@shop.localhost  password Abc123def456ghi7  (shown only this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own). The admin sign-in link arrives at http://localhost:3000/dev/mailbox.',
    );
    expect(adminCreatedNotice(GENERATED_ADMIN_EMAIL, 'x', testConfig({ SMTP_URL: 'smtp://mail.example.com' }))).toMatch(
      /cannot receive mail: set ADMIN_EMAIL/,
    );
  });

  it('lets the generated admin sign in with the logged password', async () => {
    await db().delete(users).where(eq(users.role, 'admin'));
    const made = await ensureAdminAccount(seedCtx());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: GENERATED_ADMIN_EMAIL, password: made!.generatedPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ admin: true });
    const mails = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${GENERATED_ADMIN_EMAIL}` });
    expect(mails.json()[0].text).toMatch(/verify_admin=true/);
  });

  it('generates passwords that follow the shop rule', () => {
    for (let i = 0; i < 50; i += 1) expect(isValidPassword(generatePassword())).toBe(true);
    expect(new Set(Array.from({ length: 20 }, () => generatePassword())).size).toBe(20);
  });
});
