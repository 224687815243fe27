/**
 * Large catalogues for benchmarks: n products written straight into the database (before the
 * server opens it), generated inside the database by `INSERT … SELECT … FROM generate_series`, so
 * 100,000 rows cost a few statements and no per-row round trips, on PGlite and on PostgreSQL alike.
 *
 *   const dataDir = tempDataDir();
 *   await seedProducts({ dataDir }, 100_000);
 *   const shop = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
 *
 * `benchProduct(i)` gives the same row in TypeScript (names for the load mix, tests of the seed).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';

const TYPES = ['Activity', 'Puzzle', 'Colouring', 'Journal'] as const;
const AGES = ['Kids', 'Adults', ''] as const;
/** First word of a name (40), second word (32): 1,280 pairs × 4 types before a name repeats its words. */
export const FIRST_WORDS = [
  'Garden',
  'Seaside',
  'Midnight',
  'Cosy',
  'Giant',
  'Little',
  'Woodland',
  'Winter',
  'Mystery',
  'Rainbow',
  'Moorland',
  'Harbour',
  'Village',
  'Galaxy',
  'Meadow',
  'Castle',
  'Autumn',
  'Clever',
  'Sleepy',
  'Secret',
  'Mindful',
  'Magic',
  'Brave',
  'Quiet',
  'Curious',
  'Golden',
  'Silver',
  'Rainy',
  'Sunny',
  'Jolly',
  'Dragon',
  'Ocean',
  'Forest',
  'Kitchen',
  'Space',
  'Jungle',
  'Arctic',
  'Desert',
  'Victorian',
  'Railway',
] as const;
export const SECOND_WORDS = [
  'Mazes',
  'Riddles',
  'Animals',
  'Mandalas',
  'Sudoku',
  'Crosswords',
  'Doodles',
  'Stickers',
  'Gardens',
  'Stories',
  'Patterns',
  'Maps',
  'Birds',
  'Dinosaurs',
  'Planets',
  'Flowers',
  'Recipes',
  'Dreams',
  'Adventures',
  'Wordsearch',
  'Lighthouses',
  'Trains',
  'Butterflies',
  'Knights',
  'Robots',
  'Fairies',
  'Pirates',
  'Seasons',
  'Cities',
  'Teapots',
  'Owls',
  'Whales',
] as const;

export type BenchDatabase = { dataDir: string } | { url: string };

export interface SeedProductsOptions {
  /** Link slots 0 and 1 of every product to this image key (an `images` row is made for it when missing). */
  imageKey?: string;
  /** Rows per INSERT statement (all statements run in one transaction). */
  batchSize?: number;
  /** Id prefix; ids are `<prefix>-000001` ... */
  prefix?: string;
}

/** A made-up image key: get_products lists two image URLs per product, as the demo catalogue does. */
export const BENCH_IMAGE_KEY = 'be0c4be0c4be0c4be0c4be0c4be0c4be0c4be0c4be0c4be0c4be0c4be0c4be0c';

export function benchProduct(i: number, prefix = 'BENCH') {
  const type = TYPES[i % TYPES.length]!;
  const age = AGES[Math.floor(i / TYPES.length) % AGES.length]!;
  const a = FIRST_WORDS[i % FIRST_WORDS.length]!;
  const b = SECOND_WORDS[Math.floor(i / FIRST_WORDS.length) % SECOND_WORDS.length]!;
  const c = SECOND_WORDS[(i * 7) % SECOND_WORDS.length]!;
  const number = String(i).padStart(6, '0');
  return {
    id: `${prefix}-${number}`,
    name: `The ${a} ${b} ${type} Book No. ${number}`,
    type,
    age,
    pricePence: 399 + ((i * 37) % 1101),
    description: `A ${type.toLowerCase()} book of ${a.toLowerCase()} ${b.toLowerCase()} and ${c.toLowerCase()}, with pages to fill on rainy afternoons and long journeys. Number ${i} of a very large catalogue used for benchmarks.`,
  };
}

/** A SQL array literal of fixed words (letters only, checked, so nothing needs escaping). */
function wordArray(words: readonly string[]) {
  for (const word of words) if (!/^[A-Za-z]*$/.test(word)) throw new Error(`not a plain word: ${word}`);
  return sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]::text[]`);
}

/** The same rows as `benchProduct(start..end)`, made by the database. */
function insertStatement(start: number, end: number, prefix: string) {
  const number = sql`lpad(i::text, 6, '0')`;
  const type = sql`(${wordArray(TYPES)})[1 + i % ${sql.raw(String(TYPES.length))}]`;
  const age = sql`(${wordArray(AGES)})[1 + (i / ${sql.raw(String(TYPES.length))}) % ${sql.raw(String(AGES.length))}]`;
  const a = sql`(${wordArray(FIRST_WORDS)})[1 + i % ${sql.raw(String(FIRST_WORDS.length))}]`;
  const b = sql`(${wordArray(SECOND_WORDS)})[1 + (i / ${sql.raw(String(FIRST_WORDS.length))}) % ${sql.raw(String(SECOND_WORDS.length))}]`;
  const c = sql`(${wordArray(SECOND_WORDS)})[1 + (i * 7) % ${sql.raw(String(SECOND_WORDS.length))}]`;
  return sql`insert into products (id, name, type, age, price_pence, description)
    select ${prefix} || '-' || ${number},
           'The ' || ${a} || ' ' || ${b} || ' ' || ${type} || ' Book No. ' || ${number},
           ${type}, ${age}, 399 + (i * 37) % 1101,
           'A ' || lower(${type}) || ' book of ' || lower(${a}) || ' ' || lower(${b}) || ' and ' || lower(${c})
             || ', with pages to fill on rainy afternoons and long journeys. Number ' || i::text || ' of a very large catalogue used for benchmarks.'
    from generate_series(${start}::int, ${end}::int) as i`;
}

export async function openBenchDatabase(target: BenchDatabase): Promise<Database> {
  // Loading a large catalogue runs long statements: no query limits here (the shop keeps its own).
  return openDatabase(
    'url' in target
      ? { kind: 'postgres', url: target.url, poolSize: 2, timeouts: { queryMs: 0, statementMs: 0 } }
      : { kind: 'pglite', dataDir: path.join(target.dataDir, 'pglite') },
  );
}

/** Migrates the database, inserts n products in one transaction, analyzes; answers how long it took. */
export async function seedProducts(
  target: BenchDatabase,
  n: number,
  options: SeedProductsOptions = {},
): Promise<{ ms: number }> {
  const started = Date.now();
  const prefix = options.prefix ?? 'BENCH';
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error('prefix: letters, digits, - and _ only');
  const database = await openBenchDatabase(target);
  try {
    await migrateDatabase(database);
    const batchSize = options.batchSize ?? 10_000;
    await database.db.transaction(async (tx) => {
      // Building a GIN index once over all rows is far cheaper than growing it row by row:
      // drop the products' GIN indexes for the load and make them again, exactly as defined.
      const gin = (await tx.execute(
        sql`select indexname, indexdef from pg_indexes where tablename = 'products' and indexdef ilike '% using gin %'`,
      )) as unknown as { rows: { indexname: string; indexdef: string }[] };
      for (const index of gin.rows) await tx.execute(sql.raw(`drop index ${JSON.stringify(index.indexname)}`));
      for (let start = 1; start <= n; start += batchSize) {
        await tx.execute(insertStatement(start, Math.min(n, start + batchSize - 1), prefix));
      }
      if (options.imageKey) {
        await tx.execute(
          sql`insert into images (key, content_type, width, height, bytes) values (${options.imageKey}, 'image/webp', 600, 800, 1) on conflict do nothing`,
        );
        await tx.execute(sql`insert into product_images (product_id, position, image_key)
          select id, slot, ${options.imageKey} from products, (values (0), (1)) as slots(slot) where id like ${`${prefix}-%`}`);
      }
      for (const index of gin.rows) await tx.execute(sql.raw(index.indexdef));
    });
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return { ms: Date.now() - started };
}
