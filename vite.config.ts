import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/*
 * How the browser bundle is cut into files (decision 124). Rolldown's automatic splitting made one
 * file per module shared by two routes: the home page linked 33 scripts, most under 1 kB, which a
 * phone on a slow network fetches a few at a time and which gzip each on their own.
 *
 * - Every page loads what the document (root.tsx), the frame (routes/shell.tsx) and the browser's
 *   start (entry.client.tsx) import: those modules go into "framework" (React, React Router,
 *   TanStack Query) and "shell" (the shop's own).
 * - What the home page's route imports besides (the grid, the cards, the filter bar, also used by
 *   search results and the book page) goes into "catalogue".
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
const inWeb = (...files: string[]) => files.map((file) => path.join(webDir, file));
/** Each group and the modules whose static imports (direct or through others) it takes, first match wins. */
const GROUPS = [
  { roots: inWeb('entry.client.tsx', 'root.tsx', 'routes/shell.tsx'), names: ['framework', 'shell'], name: (id: string) => (/[\\/]node_modules[\\/]/.test(id) ? 'framework' : 'shell') },
  { roots: inWeb('routes/home.tsx'), names: ['catalogue'], name: () => 'catalogue' },
];

const withoutQuery = (id: string) => id.replace(/\?.*$/, '');

/**
 * Library modules the walk reaches only through a library's index module, which the pages do not
 * use: TanStack Query's infinite queries (admin lists). Left to the automatic split, they stay in
 * the admin pages' chunks.
 */
const NOT_EVERY_PAGE = /[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver)\.js$/;

/** Whether `id` is imported, directly or through other modules (static imports only), by one of `roots`. */
function importedBy(roots: readonly string[]) {
  // True answers are kept for every module met on the way; a false one only for the module asked
  // about, since inside the walk a module already on the path answers false for now.
  const known = new Map<string, boolean>();
  const walk = (id: string, ctx: ChunkingContextLike, seen: Set<string>): boolean => {
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    if (seen.has(id)) return false;
    seen.add(id);
    const found = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => roots.includes(withoutQuery(importer)) || walk(importer, ctx, seen));
    if (found) known.set(id, true);
    return found;
  };
  return (id: string, ctx: ChunkingContextLike) => {
    const found = walk(id, ctx, new Set());
    known.set(id, found);
    return found;
  };
}

/**
 * The `codeSplitting` groups (vite.config.ts), in priority order: a group takes the dependencies
 * of what it captures too, so "framework" and "shell" must choose before "catalogue". Entries (the
 * route modules themselves) stay where React Router puts them.
 */
function pageChunkGroups() {
  return GROUPS.flatMap((group, index) => {
    const has = importedBy(group.roots);
    const priority = (GROUPS.length - index) * 10;
    const captured = (id: string, ctx: ChunkingContextLike) => !group.roots.includes(withoutQuery(id)) && !NOT_EVERY_PAGE.test(id) && !ctx.getModuleInfo(id)?.isEntry && has(id, ctx);
    return group.names.map((name, offset) => ({
      debugName: name,
      priority: priority - offset,
      name: (id: string, ctx: ChunkingContextLike) => (captured(id, ctx) && group.name(id) === name ? name : null),
    }));
  });
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
    assetsInlineLimit: 0,
  },
  environments: {
    // What every page loads in few files, the rest split by route (pageChunkGroups below, decision 124).
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: pageChunkGroups() } } } } },
  },
});
