/**
 * Which mode the web build was made in, and whether this start can serve it (decision 096).
 * scripts/build-web.mjs records the mode in `.vite/shop-build.json` (not served). A build made
 * with NODE_ENV=development calls React's development-only JSX functions, which a production
 * start does not load: every server-rendered page would fail with `jsxDEV is not a function`.
 * main.ts asks before anything else and stops with what to run instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type BuildMode = 'production' | 'development';

/** Where the build's record lives inside the web build folder. */
export const BUILD_RECORD = path.join('.vite', 'shop-build.json');

/**
 * The mode of the build in `webDist`: its record, or for a build made before builds were recorded,
 * what its server renderer imports. Null when there is no build (or nothing tells).
 */
export function webBuildMode(webDist: string): BuildMode | null {
  try {
    const record = JSON.parse(readFileSync(path.join(webDist, BUILD_RECORD), 'utf8')) as { mode?: unknown };
    if (record.mode === 'production' || record.mode === 'development') return record.mode;
  } catch {
    /* no record (or an unreadable one): look at the renderer */
  }
  const renderer = path.join(webDist, 'server', 'index.js');
  if (!existsSync(renderer)) return null;
  return readFileSync(renderer, 'utf8').includes('react/jsx-dev-runtime') ? 'development' : 'production';
}

/**
 * Why this start cannot serve the build in `webDist`, with what to run instead; null when it can.
 * Only a development build under NODE_ENV=production fails: a production build runs under every
 * NODE_ENV (that is what `npm start` does in development).
 */
export function webBuildProblem(webDist: string, nodeEnv: string, shownDir = shownFolder(webDist)): string | null {
  if (nodeEnv !== 'production' || webBuildMode(webDist) !== 'development') return null;
  return [
    `The web app in ${shownDir} was built for development (NODE_ENV=development when it was built), and this is a production start (NODE_ENV=production).`,
    'React\'s development code does not run in production: every page would fail with "jsxDEV is not a function".',
    'Build it for production, then start again:',
    '',
    `  NODE_ENV=production node scripts/build-web.mjs${shownDir === path.join('dist', 'web') ? '' : ` ${shownDir}`}`,
    '',
    '(`NODE_ENV=production npm start` builds and starts in one go; to try a development build, start with NODE_ENV=development.)',
  ].join('\n');
}

/** A folder as typed from where the shop is started: relative when inside it, else absolute. */
function shownFolder(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
}
