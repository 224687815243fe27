/**
 * Search latency on the embedded database at 1,000 and 10,000 generated products (p50/p95 over a
 * mix of short, long, typo and no-match queries), calling `searchProducts` directly (no HTTP).
 * Rows are inserted through the indexes, as the admin adds books (unlike bench/, which rebuilds
 * the indexes after loading): this is where GIN pending lists showed (decision 084).
 * Run: `npx tsx bench/search-direct.ts`. The bench harness (bench/) may
 * import `runSearchBench`.
 */
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { products } from '../src/server/db/schema';
import { searchProducts } from '../src/server/modules/products/repository';
import { toSearchInput } from '../src/server/modules/products/search-terms';
export async function runSearchBench(sizes = [1000, 10000]): Promise<{ size: number; p50: number; p95: number }[]> {
  const out: { size: number; p50: number; p95: number }[] = [];
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const db = database.db;
  const adj = [
    'Marvellous',
    'Calm',
    'Tiny',
    'Giant',
    'Cosy',
    'Wild',
    'Clever',
    'Sleepy',
    'Bright',
    'Secret',
    'Happy',
    'Mindful',
    'Magic',
    'Brave',
    'Quiet',
  ];
  const noun = [
    'Maze',
    'Garden',
    'Dragon',
    'Ocean',
    'Forest',
    'Castle',
    'Journal',
    'Sudoku',
    'Crossword',
    'Mandala',
    'Animal',
    'Space',
    'Dinosaur',
    'Kitchen',
    'Puzzle',
  ];
  const kind = ['Activity', 'Puzzle', 'Colouring', 'Journal'];
  for (const n of sizes) {
    await db.delete(products);
    const rows = [];
    for (let i = 0; i < n; i++)
      rows.push({
        id: `P${i}`,
        name: `${adj[i % 15]} ${noun[(i * 7) % 15]} ${kind[i % 4]} Book ${i}`,
        type: kind[i % 4],
        description:
          `A ${adj[(i * 3) % 15]!.toLowerCase()} book of ${noun[(i * 11) % 15]!.toLowerCase()} puzzles and pictures for rainy afternoons, volume ${i}. `.repeat(
            3,
          ),
        age: (['Kids', 'Adults', ''] as const)[i % 3],
        pricePence: 399 + (i % 1100),
      });
    for (let i = 0; i < rows.length; i += 1000) await db.insert(products).values(rows.slice(i, i + 1000));
    await db.execute(sql`analyze products`);
    const queries = [
      'm',
      'ma',
      'maz',
      'maze',
      'marvelous',
      'colouring',
      'dragn',
      'sudoku book',
      'calm garden',
      'a',
      'the',
      'xyz',
      'puzzle',
      'forest castle',
      '100%',
      'kitchen',
      'advent',
      'drag',
      'gi',
      'quiet ocean journal',
    ];
    for (const q of queries) await searchProducts(db, toSearchInput(q)!, 10);
    const times: number[] = [];
    for (let round = 0; round < 5; round++)
      for (const q of queries) {
        const t = performance.now();
        await searchProducts(db, toSearchInput(q)!, 10);
        times.push(performance.now() - t);
      }
    times.sort((a, b) => a - b);
    const t0 = performance.now();
    for (let i = 0; i < 50; i++) await db.execute(sql`select 1`);
    out.push({ size: n, p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]! });
    console.log(
      n,
      'products: p50',
      times[Math.floor(times.length * 0.5)]!.toFixed(1),
      'ms p95',
      times[Math.floor(times.length * 0.95)]!.toFixed(1),
      'ms; select 1 =',
      ((performance.now() - t0) / 50).toFixed(2),
      'ms',
    );
  }
  await database.close();
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await runSearchBench();
