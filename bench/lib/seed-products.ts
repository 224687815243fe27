/**
 * Large catalogues for benchmarks: n products inserted straight into the database (no images,
 * no covers), before the server starts on it.
 *
 *   const dataDir = tempDataDir();
 *   await seedProducts({ dataDir }, 100_000);
 *   const shop = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
 */
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { productImages, products } from '../../src/server/db/schema';

const TYPES = ['Activity', 'Puzzle', 'Colouring', 'Journal'] as const;
const AGES = ['Kids', 'Adults', ''] as const;
const WORDS = ['Garden', 'Seaside', 'Midnight', 'Cosy', 'Giant', 'Little', 'Woodland', 'Winter', 'Mystery', 'Rainbow', 'Moorland', 'Harbour', 'Village', 'Galaxy', 'Meadow', 'Castle'];

export type BenchDatabase = { dataDir: string } | { url: string };

export interface SeedProductsOptions {
  /** Link every product's slot 0 to this (existing) image key. */
  imageKey?: string;
  batchSize?: number;
  /** Id prefix; ids are `<prefix>-000001` ... */
  prefix?: string;
}

export function benchProduct(i: number, prefix = 'BENCH') {
  const type = TYPES[i % TYPES.length]!;
  const age = AGES[Math.floor(i / TYPES.length) % AGES.length]!;
  const a = WORDS[i % WORDS.length]!;
  const b = WORDS[Math.floor(i / WORDS.length) % WORDS.length]!;
  const number = String(i).padStart(6, '0');
  return {
    id: `${prefix}-${number}`,
    name: `The ${a} ${b} ${type} Book No. ${number}`,
    type,
    age,
    pricePence: 399 + ((i * 37) % 1101),
    description: `A ${type.toLowerCase()} book about ${a.toLowerCase()} and ${b.toLowerCase()} things, number ${i} of a very large catalogue used for benchmarks.`,
  };
}

/** Inserts n products (in batches, one transaction each) and returns how long it took. */
export async function seedProducts(target: BenchDatabase, n: number, options: SeedProductsOptions = {}): Promise<{ ms: number }> {
  const started = Date.now();
  const database = await openDatabase('url' in target ? { kind: 'postgres', url: target.url, poolSize: 2 } : { kind: 'pglite', dataDir: path.join(target.dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    const batchSize = options.batchSize ?? 1000;
    for (let start = 0; start < n; start += batchSize) {
      const rows = Array.from({ length: Math.min(batchSize, n - start) }, (_, k) => benchProduct(start + k + 1, options.prefix));
      await database.db.transaction(async (tx) => {
        await tx.insert(products).values(rows);
        if (options.imageKey) await tx.insert(productImages).values(rows.map((row) => ({ productId: row.id, position: 0, imageKey: options.imageKey! })));
      });
    }
  } finally {
    await database.close();
  }
  return { ms: Date.now() - started };
}
