import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { dispositionFilename, download } from './api-download';
import { STORAGE_KEYS, readText, writeText } from './storage';

/** The browser's local storage, where the session token is kept. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('download: a file with the session token', () => {
  it('sends the stored token and gives back the bytes and the file name the server gives', async () => {
    writeText(STORAGE_KEYS.token, 'session-token');
    const fetch = vi.fn(
      async () =>
        new Response('\uFEFForder,item\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="orders-2026-11-25.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await download('/api/admin/orders/export?q=ada');
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/orders/export?q=ada',
      expect.objectContaining({ headers: { authorization: 'Bearer session-token' } }),
    );
    expect(file.filename).toBe('orders-2026-11-25.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("keeps the server's reason for a refusal, and a refused token signs the user out", async () => {
    writeText(STORAGE_KEYS.token, 'stale-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Please sign in.' }), { status: 401 })),
    );
    const failure = await download('/api/admin/orders/export').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Please sign in.' });
    expect(readText(STORAGE_KEYS.token)).toBeNull();
  });

  it('reports a shop it cannot reach with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(download('/api/admin/orders/export')).rejects.toMatchObject({ status: 0 });
  });
});

describe('dispositionFilename', () => {
  it.each([
    ['attachment; filename="orders-2026-11-25.csv"', 'orders-2026-11-25.csv'],
    ['attachment; filename=orders.csv', 'orders.csv'],
    ['attachment; filename="orders.csv"; filename*=UTF-8\'\'commandes%20%C3%A9t%C3%A9.csv', 'commandes été.csv'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.csv; filename="plain.csv"', 'plain.csv'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(dispositionFilename(header)).toBe(name);
  });
});
