import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/*
 * How the browser bundle is cut into files (decision 124). Rolldown's automatic splitting made one
 * file per module shared by two routes: the home page linked 33 scripts, most under 1 kB, which a
 * phone on a slow network fetches a few at a time and which gzip each on their own.
 *
 * - What the document (root.tsx), the frame (routes/shell.tsx), the browser's start
 *   (entry.client.tsx) and the home page's route (the grid, cards and filter bar, also used by
 *   search results and book pages) import goes into one file, "app": React, React Router,
 *   TanStack Query and the shop's own. One file is smaller than three (130.8 against 132.5 kB
 *   gzipped for the home page: they compress together and import nothing from each other).
 * - Everything else (the other route modules, admin code) keeps the automatic split, so a shopper's
 *   page still never downloads admin code.
 */

interface ModuleInfoLike {
  importers: readonly string[];
  isEntry: boolean;
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

const webDir = path.resolve('src/web');
/** The modules whose static imports, direct or through other modules, every first page needs. */
const APP_ROOTS = ['entry.client.tsx', 'root.tsx', 'routes/shell.tsx', 'routes/home.tsx'].map((file) =>
  path.join(webDir, file),
);

const withoutQuery = (id: string) => id.replace(/\?.*$/, '');

/**
 * Library modules the walk reaches only through a library's index module, which the pages do not
 * use: TanStack Query's infinite queries (admin lists). Left to the automatic split, they stay in
 * the admin pages' chunks.
 */
const NOT_EVERY_PAGE =
  /[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver)\.js$/;

/** Whether a module is imported, directly or through other modules (static imports only), by one of `roots`. */
function importedBy(roots: readonly string[]) {
  // True answers are kept for every module met on the way; a false one only for the module asked
  // about, since inside the walk a module already on the path answers false for now.
  const known = new Map<string, boolean>();
  const walk = (id: string, ctx: ChunkingContextLike, seen: Set<string>): boolean => {
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    if (seen.has(id)) return false;
    seen.add(id);
    const found = (ctx.getModuleInfo(id)?.importers ?? []).some(
      (importer) => roots.includes(withoutQuery(importer)) || walk(importer, ctx, seen),
    );
    if (found) known.set(id, true);
    return found;
  };
  return (id: string, ctx: ChunkingContextLike) => {
    const found = walk(id, ctx, new Set());
    known.set(id, found);
    return found;
  };
}

/** The `codeSplitting` group of the "app" file. Entries (the route modules themselves) stay where React Router puts them. */
function appChunkGroup() {
  const needed = importedBy(APP_ROOTS);
  return {
    name: (id: string, ctx: ChunkingContextLike) =>
      !APP_ROOTS.includes(withoutQuery(id)) &&
      !NOT_EVERY_PAGE.test(id) &&
      !ctx.getModuleInfo(id)?.isEntry &&
      needed(id, ctx)
        ? 'app'
        : null,
    debugName: 'app',
  };
}

/**
 * The web app's build (decision 114): React Router's plugin builds the browser bundle and the
 * server's renderer from the route modules in src/web (react-router.config.ts says where).
 */
export default defineConfig({
  publicDir: 'src/web/public',
  plugins: [reactRouter()],
  // CSS modules through Lightning CSS (Vite's own), not PostCSS: postcss-modules copies a
  // `composes … from` file's rules in without a file name, which made every build warn that "a
  // PostCSS plugin did not pass the `from` option" (decision 096). The shop has no PostCSS plugins.
  css: { transformer: 'lightningcss' },
  resolve: { alias: { '@shared': new URL('./src/shared', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Files are files (a cover, the favicon), except the app's own SVG art, which CSS draws from
    // a data: address so that it paints with the page's inlined CSS (decision 124).
    assetsInlineLimit: (file: string) => /[\\/]src[\\/]web[\\/].+\.svg$/.test(file),
  },
  environments: {
    // What every first page loads in one file, the rest split by route (appChunkGroup above, decision 124).
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [appChunkGroup()] } } } } },
  },
});
