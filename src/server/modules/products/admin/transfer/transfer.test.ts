import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productImages, products } from '../../../../db/schema';
import { bearer, createUser, type TestUser } from '../../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { looksLikeFormula, parseCsv, spreadsheetCells } from '../../../../test/csv';
import { pngImage, textFile } from '../../../../test/images';
import { multipartBody, type FilePart } from '../../../../test/multipart';
import { IMAGE_MESSAGES, REMOTE_IMAGE_MESSAGES } from '../../../images';
import { imageKeyOf } from '../../../images/service';
import { PRODUCT_IMPORT_MAX_ROWS, type ProductImportReport } from '@shared/contracts/products';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let red: Buffer;
let green: Buffer;
let blue: Buffer;
let images: Server;
let origin: string;
let published: string[] = [];

const HEADER = 'id,name,type,description,age,price';

beforeAll(async () => {
  [red, green, blue] = await Promise.all([pngImage('#c00'), pngImage('#0c0'), pngImage('#00c')]);
  // The "image server on the internet": allowed by the test's IMAGE_IMPORT_ALLOWED_ORIGINS although it is on loopback.
  images = createServer((request, response) => {
    const send = (status: number, body: Buffer | string, type = 'image/png') =>
      response.writeHead(status, { 'content-type': type }).end(body);
    if (request.url === '/red.png') return send(200, red);
    if (request.url === '/green.png') return send(200, green);
    if (request.url === '/list.txt') return send(200, textFile, 'text/plain');
    if (request.url === '/to-private')
      return response.writeHead(302, { location: 'https://localhost:9/secret.png' }).end();
    if (request.url === '/to-red') return response.writeHead(302, { location: '/red.png' }).end();
    send(404, 'not found', 'text/plain');
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { IMAGE_IMPORT_ALLOWED_ORIGINS: origin } });
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app);
  t.app.ctx.events.subscribe((payload) => published.push(payload));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => images.close(resolve));
});
beforeEach(() => {
  published = [];
});

const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n');
const csvFile = (bytes: Buffer): FilePart => ({ field: 'file', filename: 'books.csv', contentType: 'text/csv', bytes });
const zipFile = (bytes: Uint8Array): FilePart => ({
  field: 'images',
  filename: 'images.zip',
  contentType: 'application/zip',
  bytes: Buffer.from(bytes),
});

function importFiles(files: FilePart[], dryRun: boolean, token: string | null = admin.token) {
  const { payload, headers } = multipartBody({}, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?dry_run=${dryRun}`,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

async function importCsv(bytes: Buffer, dryRun: boolean, zip?: Uint8Array): Promise<ProductImportReport> {
  const res = await importFiles([csvFile(bytes), ...(zip ? [zipFile(zip)] : [])], dryRun);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const exportCsv = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/products/export${query}`, headers: bearer(admin.token) });

async function stored(ids: string[]) {
  const db = t.deps.database.db;
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const slots = await db.select().from(productImages).where(inArray(productImages.productId, ids));
  return { rows, slots };
}

async function allRows() {
  const db = t.deps.database.db;
  return { products: await db.select().from(products), slots: await db.select().from(productImages) };
}

describe('POST /api/admin/products/import', () => {
  it('dry run: reports the books it would add and writes nothing', async () => {
    const before = await allRows();
    const report = await importCsv(
      csv(HEADER, 'IMP-1,Imported One,Puzzle,First.,Kids,4.50', 'IMP-2,Imported Two,Novel,Second.,,12'),
      true,
    );
    expect(report).toMatchObject({ applied: false, rows: 2, changed: [], unchanged: [], problems: [] });
    expect(report.added).toEqual([
      { row: 2, id: 'IMP-1', name: 'Imported One', price: 4.5 },
      { row: 3, id: 'IMP-2', name: 'Imported Two', price: 12 },
    ]);
    expect(await allRows()).toEqual(before);
    expect(published).toEqual([]);
  });

  it('apply: writes every book in one go and tells the catalogue once', async () => {
    const report = await importCsv(
      csv(HEADER, 'IMP-1,Imported One,Puzzle,First.,Kids,4.50', 'IMP-2,Imported Two,Novel,Second.,,12'),
      false,
    );
    expect(report.applied).toBe(true);
    expect(report.added.map((book) => book.id)).toEqual(['IMP-1', 'IMP-2']);
    const { rows } = await stored(['IMP-1', 'IMP-2']);
    expect(rows.map((row) => [row.id, row.name, row.type, row.age, row.pricePence]).sort()).toEqual([
      ['IMP-1', 'Imported One', 'Puzzle', 'Kids', 450],
      ['IMP-2', 'Imported Two', 'Novel', '', 1200],
    ]);
    expect(published).toEqual([JSON.stringify({ change: 'import', id: null })]);
    const shop = await t.app.inject({ method: 'GET', url: '/api/server/get_product?id=IMP-2' });
    expect(shop.json()).toMatchObject({ name: 'Imported Two', price: 12 });
  });

  it('a price column alone changes prices only, showing old → new, and leaves the same price alone', async () => {
    const before = (await stored(['IMP-1'])).rows[0]!;
    const report = await importCsv(csv('id,price', 'IMP-1,5.25', 'IMP-2,12.00'), false);
    expect(report.changed).toEqual([
      { row: 2, id: 'IMP-1', name: 'Imported One', changes: [{ column: 'price', old: '4.50', new: '5.25' }] },
    ]);
    expect(report.unchanged).toEqual([{ row: 3, id: 'IMP-2' }]);
    const after = (await stored(['IMP-1'])).rows[0]!;
    expect(after).toMatchObject({ ...before, pricePence: 525, updatedAt: expect.any(Date) });
    expect(after.productKey).toBe(before.productKey);
  });

  it("one bad row writes nothing: every problem by row and column in the form's words", async () => {
    const before = await allRows();
    const res = await importFiles(
      [
        csvFile(
          csv(
            HEADER,
            'IMP-1,Imported One,Puzzle,First.,Kids,6.00',
            'IMP-3,,Puzzle,,Teens,£3',
            'IMP-4,Imported Four,Novel,,,3.999',
            'bad id!,Imported Five,,,,1',
          ),
        ),
      ],
      false,
    );
    expect(res.statusCode).toBe(200);
    const report: ProductImportReport = res.json();
    expect(report.applied).toBe(false);
    expect(report.problems).toEqual([
      { row: 3, column: 'name', message: 'The name is required.' },
      { row: 3, column: 'age', message: 'The age must be Kids, Adults or empty.' },
      {
        row: 3,
        column: 'price',
        message: 'The price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).',
      },
      {
        row: 4,
        column: 'price',
        message: 'The price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).',
      },
      {
        row: 5,
        column: 'id',
        message: 'The book-vault ID may use letters, digits, dots, dashes and underscores only (at most 64).',
      },
    ]);
    expect(report.changed.map((book) => book.id)).toEqual(['IMP-1']);
    expect(await allRows()).toEqual(before);
    expect(published).toEqual([]);
  });

  it('refuses a name another book has and an ID twice in the file, as the form does', async () => {
    const report = await importCsv(
      csv(HEADER, 'IMP-6,Imported One,,,,1', 'IMP-7,Seven,,,,1', 'IMP-7,Seven again,,,,1', 'IMP-8,Seven,,,,1'),
      true,
    );
    expect(report.problems).toEqual([
      { row: 2, column: 'name', message: 'A product named "Imported One" already exists.' },
      { row: 4, column: 'id', message: 'This book-vault ID is already in row 3.' },
      { row: 5, column: 'name', message: 'This name is already in row 3.' },
    ]);
  });

  it('takes images from an address and from a ZIP, in slot order, and stores each once', async () => {
    const zip = zipSync({ 'covers/blue.png': blue, 'green.png': green });
    const report = await importCsv(
      csv(
        `${HEADER},image_1,image_2`,
        `IMG-1,Image One,,,,3,${origin}/red.png,blue.png`,
        `IMG-2,Image Two,,,,3,covers/blue.png,${origin}/to-red`,
      ),
      false,
      zip,
    );
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);
    const { slots } = await stored(['IMG-1', 'IMG-2']);
    const keysOf = (id: string) =>
      slots
        .filter((slot) => slot.productId === id)
        .sort((a, b) => a.position - b.position)
        .map((slot) => slot.imageKey);
    expect(keysOf('IMG-1')).toEqual([imageKeyOf(red), imageKeyOf(blue)]);
    expect(keysOf('IMG-2')).toEqual([imageKeyOf(blue), imageKeyOf(red)]);
    const variant = await t.app.inject({ method: 'GET', url: `/images/${imageKeyOf(blue)}/320.webp` });
    expect(variant.statusCode).toBe(200);
  });

  it('an image that fails makes its row a problem, and no book is half written', async () => {
    const before = await allRows();
    const report = await importCsv(
      csv(
        `${HEADER},image_1`,
        `IMG-3,Image Three,,,,3,${origin}/list.txt`,
        `IMG-4,Image Four,,,,3,${origin}/missing.png`,
        `IMG-5,Image Five,,,,3,not-in-zip.png`,
        `IMG-6,Image Six,,,,3,${origin}/green.png`,
      ),
      false,
      zipSync({ 'other.png': green }),
    );
    expect(report.applied).toBe(false);
    expect(report.problems).toEqual([
      { row: 2, column: 'image_1', message: IMAGE_MESSAGES.notImage },
      { row: 3, column: 'image_1', message: REMOTE_IMAGE_MESSAGES.status(404) },
      { row: 4, column: 'image_1', message: 'There is no file named "not-in-zip.png" in the ZIP.' },
    ]);
    expect(report.added.map((book) => book.id)).toEqual(['IMG-6']);
    expect(await allRows()).toEqual(before);
  });

  it('refuses addresses on private or local networks: literal, by DNS name, after a redirect, and plain http', async () => {
    const report = await importCsv(
      csv(
        `${HEADER},image_1,image_2,image_3,image_4,image_5,image_6`,
        `NET-1,Net One,,,,3,https://127.0.0.1/a.png,https://10.1.2.3/a.png,https://[::1]/a.png,https://localhost:9/a.png,${origin}/to-private,http://example.com/a.png`,
        'NET-2,Net Two,,,,3,https://169.254.169.254/latest/meta-data,https://[::ffff:192.168.0.1]/a.png,https://192.168.1.1/a.png,,,',
      ),
      true,
    );
    const refused = REMOTE_IMAGE_MESSAGES.privateNetwork;
    expect(report.problems).toEqual([
      { row: 2, column: 'image_1', message: refused },
      { row: 2, column: 'image_2', message: refused },
      { row: 2, column: 'image_3', message: refused },
      { row: 2, column: 'image_4', message: refused },
      { row: 2, column: 'image_5', message: refused },
      { row: 2, column: 'image_6', message: REMOTE_IMAGE_MESSAGES.notHttps },
      { row: 3, column: 'image_1', message: refused },
      { row: 3, column: 'image_2', message: refused },
      { row: 3, column: 'image_3', message: refused },
    ]);
  });

  it('export → import changes nothing: every field, images, formulas, archived books', async () => {
    const db = t.deps.database.db;
    await importCsv(
      csv(
        `${HEADER},image_1`,
        `RT-1,"=SUM(1,2)",-Puzzle,"Line one\r\n- a list\r\n@home, ""quoted""; semi",Adults,7.99,${origin}/green.png`,
        'RT-2,Round Two,,,,1000,',
      ),
      false,
    );
    // A value stored before today's form rules (a type with a space after it) is kept as it is.
    await db.update(products).set({ type: 'Puzzle ', archivedAt: new Date() }).where(eq(products.id, 'RT-2'));
    const exported = await exportCsv('?archived=true');
    expect(exported.statusCode).toBe(200);
    const before = await allRows();
    published = [];
    const report = await importCsv(exported.rawPayload, false);
    expect(report).toMatchObject({ applied: true, added: [], changed: [], problems: [] });
    expect(report.unchanged.length).toBe(before.products.length);
    expect(await allRows()).toEqual(before);
    expect(published).toEqual([]);
  });

  it('refuses changing whether a book is archived', async () => {
    const report = await importCsv(csv('id,archived', 'RT-2,', 'RT-1,yes', 'IMP-1,maybe'), true);
    expect(report.problems.map((problem) => [problem.row, problem.column])).toEqual([
      [2, 'archived'],
      [3, 'archived'],
      [4, 'archived'],
    ]);
  });

  it('a file that cannot be read is a 400 naming the row and column, and writes nothing', async () => {
    const before = await allRows();
    const cases: Array<[Buffer, number | undefined, string | undefined, RegExp]> = [
      [csv(HEADER, 'A-1,"Unclosed,,,,1', 'A-2,Two,,,,1'), 2, 'name', /never closed/],
      [csv(HEADER, 'A-1,One,x"y,,,1'), 2, 'type', /quote/],
      [csv('id,name,prise', 'A-1,One,1'), 1, 'prise', /not a column/],
      [csv('name,price', 'One,1'), 1, undefined, /no "id" column/],
      [csv('id,name,name', 'A-1,One,One'), 1, 'name', /twice/],
      [csv(HEADER, 'A-1,One,,,,1,extra'), 2, '7', /7 cells/],
      [csv(HEADER), 2, undefined, /no books/],
      [Buffer.from(''), 1, undefined, /empty/],
      [Buffer.concat([csv(HEADER, 'A-1,One'), Buffer.from([0xff, 0xfe, 0x41])]), 3, undefined, /UTF-8/],
      [csv(HEADER, 'A-1,Nul\u0000,,,,1'), 2, 'name', /.+/],
    ];
    for (const [bytes, row, column, message] of cases) {
      const res = await importFiles([csvFile(bytes)], false);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json();
      expect(answer.message).toMatch(message);
      expect([answer.row, answer.column]).toEqual([row, column]);
    }
    const many = csv(HEADER, ...Array.from({ length: PRODUCT_IMPORT_MAX_ROWS + 1 }, (_, i) => `M-${i},M ${i},,,,1`));
    const tooMany = await importFiles([csvFile(many)], true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ row: PRODUCT_IMPORT_MAX_ROWS + 2 });
    const badZip = await importFiles([csvFile(csv(HEADER, 'Z-1,Z,,,,1')), zipFile(Buffer.from('not a zip'))], true);
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().message).toMatch(/ZIP/);
    const noFile = await importFiles([zipFile(zipSync({ 'a.png': red }))], true);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/"file"/);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload: { file: 'x' },
      headers: bearer(admin.token),
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await allRows()).toEqual(before);
  });

  it('reads a file saved with semicolons and a BOM (a European spreadsheet)', async () => {
    const report = await importCsv(Buffer.from('\uFEFFid;price\r\nIMP-2;"12,5"\r\n'), true);
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'price',
        message: 'The price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).',
      },
    ]);
  });

  it('only the owner: 401 without a session, 403 for a shopper', async () => {
    const files = [csvFile(csv('id,price', 'IMP-1,1'))];
    expect((await importFiles(files, false, null)).statusCode).toBe(401);
    expect((await importFiles(files, false, customer.token)).statusCode).toBe(403);
    expect((await importFiles(files, true, customer.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/products/export' });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/export',
      headers: bearer(customer.token),
    });
    expect(shopper.statusCode).toBe(403);
    expect((await stored(['IMP-1'])).rows[0]!.pricePence).not.toBe(100);
  });
});

describe('GET /api/admin/products/export', () => {
  it('writes UTF-8 with BOM and CRLF, one row a book, formula cells neutralised, archived books only when asked', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'id',
      'name',
      'type',
      'description',
      'age',
      'price',
      'image_1',
      'image_2',
      'image_3',
      'image_4',
      'image_5',
      'image_6',
    ]);
    const ids = rows.slice(1).map((row) => row[0]);
    expect(ids).toContain('RT-1');
    expect(ids).not.toContain('RT-2');
    const rt1 = rows.find((row) => row[0] === 'RT-1')!;
    expect(rt1.slice(1, 7)).toEqual([
      "'=SUM(1,2)",
      "'-Puzzle",
      'Line one\n\'- a list\n\'@home, "quoted"; semi',
      'Adults',
      '7.99',
      expect.stringMatching(/\/images\/[a-f0-9]{64}\/640\.webp$/),
    ]);
    for (const separator of [',', ';', '\t'] as const)
      for (const quotes of [true, false])
        expect(spreadsheetCells(res.body.slice(1), separator, { quotes }).filter(looksLikeFormula)).toEqual([]);

    const withArchived = parseCsv((await exportCsv('?archived=true')).body.slice(1));
    expect(withArchived[0]!.at(-1)).toBe('archived');
    expect(withArchived.find((row) => row[0] === 'RT-2')!.at(-1)).toBe('yes');
    expect(withArchived.find((row) => row[0] === 'RT-1')!.at(-1)).toBe('');
  });
});
