import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localImageStore } from './store';

describe('localImageStore', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('stores the same key written many times at once, leaving no temporary file', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'images-'));
    const store = localImageStore(root);
    const bytes = Buffer.from('the same picture');
    await Promise.all(Array.from({ length: 20 }, () => store.put('originals/abc', bytes, 'image/png')));
    expect(await store.get('originals/abc')).toEqual(bytes);
    expect(await readdir(path.join(root, 'originals'))).toEqual(['abc']);
  });

  it('answers null for a missing key and refuses a key that climbs out of its folder', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'images-'));
    const store = localImageStore(root);
    expect(await store.get('originals/missing')).toBeNull();
    await expect(store.put('../escape', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe image key/);
  });
});
