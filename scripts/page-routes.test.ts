/**
 * The server's list of page addresses (src/shared/routes.ts: 404 or "not built" when the web app is
 * not built) is the web app's route table (src/web/routes.ts), so neither can grow without the other.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { expect, it } from 'vitest';
import { PAGE_ROUTES, isKnownPage } from '../src/shared/routes';
import routes from '../src/web/routes';

function paths(entries: readonly RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = entry.index || (entry.path !== undefined && !entry.children?.length) ? [here || '/'] : [];
    const parent = entry.path !== undefined && entry.children?.length ? [here] : [];
    return [...own, ...parent, ...paths(entry.children ?? [], here)];
  });
}

it('PAGE_ROUTES lists every page of the route table, and nothing else', async () => {
  const table = paths(await routes).filter((path) => path !== '/*');
  expect([...new Set(table)].sort()).toEqual([...PAGE_ROUTES].sort());
});

it('isKnownPage matches the patterns, with or without a trailing slash', () => {
  expect(isKnownPage('/item/Maze%20Book')).toBe(true);
  expect(isKnownPage('/admin/orders/abc/')).toBe(true);
  expect(isKnownPage('/orders/abc/problem')).toBe(true);
  expect(isKnownPage('/item')).toBe(false);
  expect(isKnownPage('/no-such-page')).toBe(false);
});
