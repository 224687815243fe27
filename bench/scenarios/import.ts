/**
 * import_5000 (issue 30): the products import of a 5,000-row CSV on PGlite, within a minute. The
 * shop holds the generated catalogue of 1,000 books; the file is its export with every price
 * changed and 4,000 new books added, each with two image cells (the shop's own cover address,
 * recognised without fetching, as in a re-imported export). Timed: the dry run, then the apply (one transaction),
 * and a check that the catalogue then holds 5,000 books with the new prices.
 */
import { TokenService } from '../../src/server/lib/tokens';
import { openBenchDatabase, BENCH_IMAGE_KEY } from '../lib/seed-products';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { csvRecord, CSV_BOM } from '../../src/server/lib/csv';
import { BENCH_ENV, catalogue } from '../lib/catalogues';
import type { Row } from '../lib/report';
import { BENCH_ADMIN } from '../lib/seed-orders';
import { startServer } from '../lib/server';
import type { Scenario } from '../run';

const EXISTING = 1000;
const ROWS = 5000;
const TARGET_MS = 60_000;
const round = (value: number) => Math.round(value);

/**
 * The shop's own export with every price raised, and 4,000 new books under it: the file an owner
 * makes to reprice the catalogue and add a library.
 */
function importFile(exported: string, publicUrl: string): Buffer {
  const [header, ...books] = parse(exported, { bom: true }) as string[][];
  const price = header!.indexOf('price');
  const cover = `${publicUrl}/images/${BENCH_IMAGE_KEY}/640.webp`;
  const lines = [CSV_BOM + csvRecord(header!)];
  for (const book of books) lines.push(csvRecord(book.map((cell, i) => (i === price ? '99.99' : cell))));
  for (let i = books.length + 1; i <= ROWS; i += 1) {
    const cells: Record<string, string> = {
      id: `IMPORT-${i}`,
      name: `Imported book number ${i}`,
      type: i % 2 ? 'Puzzle' : 'Novel',
      description: `A book made by the import bench, number ${i}.\nSecond line of its description.`,
      age: i % 3 ? 'Kids' : '',
      price: (3 + (i % 20)).toFixed(2),
      image_1: cover,
      image_2: cover,
    };
    lines.push(csvRecord(header!.map((column) => cells[column] ?? '')));
  }
  return Buffer.from(lines.join(''));
}

async function timedImport(url: string, token: string, file: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'books.csv');
  const started = performance.now();
  const response = await fetch(`${url}/api/admin/products/import?dry_run=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as {
    applied?: boolean;
    added?: unknown[];
    changed?: unknown[];
    problems?: Array<{ row: number; column: string; message: string }>;
    message?: string;
  };
  return { ms: performance.now() - started, status: response.status, body };
}

export const importScenario: Scenario = {
  name: 'import_5000',
  description:
    'the products import of a 5,000-row CSV (1,000 price changes, 4,000 new books) on PGlite: dry run, then apply',
  ownServer: true,
  async run(ctx) {
    const scenario = 'import 5,000 rows, PGlite';
    const rows: Row[] = [];
    const cat = await catalogue('pglite', EXISTING, 'import');
    if (!cat) throw new Error('no PGlite catalogue');
    const database = await openBenchDatabase({ dataDir: cat.dataDir });
    await database.db.execute(
      sql`insert into users (id, email, role, verified) values (${BENCH_ADMIN.id}, ${BENCH_ADMIN.email}, 'admin', true) on conflict do nothing`,
    );
    await database.close();
    const shop = await startServer({ dataDir: cat.dataDir, env: { ...BENCH_ENV, WEB_DIST_DIR: ctx.distDir } });
    try {
      const token = await new TokenService(BENCH_ENV.JWT_SECRET!).signSession(
        { id: BENCH_ADMIN.id, email: BENCH_ADMIN.email, role: 'admin', method: null },
        3600,
        0,
      );
      const exported = await fetch(`${shop.url}/api/admin/products/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const file = importFile(await exported.text(), shop.url);
      const dry = await timedImport(shop.url, token, file, true);
      const apply = await timedImport(shop.url, token, file, false);
      const products = (await (await fetch(`${shop.url}/api/server/get_products`)).json()) as Array<{
        id: string;
        price: number;
      }>;
      const repriced = products.filter((product) => product.id.startsWith('BENCH-') && product.price === 99.99).length;
      const note = (result: typeof dry) =>
        result.status === 200
          ? `${result.body.added?.length ?? 0} added, ${result.body.changed?.length ?? 0} changed, ${result.body.problems?.length ?? 0} problems`
          : `status ${result.status}: ${result.body.message ?? ''}`;
      rows.push(
        {
          scenario,
          metric: 'dry run (check every row, write nothing)',
          value: round(dry.ms),
          unit: 'ms',
          target: `≤ ${TARGET_MS} ms`,
          pass: dry.status === 200 && dry.ms <= TARGET_MS,
          note: note(dry),
        },
        {
          scenario,
          metric: 'apply (check again, write in one transaction)',
          value: round(apply.ms),
          unit: 'ms',
          target: `≤ ${TARGET_MS} ms`,
          pass: apply.status === 200 && apply.body.applied === true && apply.ms <= TARGET_MS,
          note: note(apply),
        },
        {
          scenario,
          metric: 'catalogue after the import',
          value: products.length,
          unit: 'books',
          pass: products.length === ROWS && repriced === EXISTING,
          must: true,
          note: `${repriced} of ${EXISTING} existing books at the new price`,
        },
      );
    } finally {
      await shop.stop();
    }
    return rows;
  },
};
