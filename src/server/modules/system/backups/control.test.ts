/**
 * One process owns an embedded DATA_DIR (decision 134): a second holder is refused while the first
 * answers, `npm run backup` reaches the holder and gets its answer, and a socket left by a process
 * that died is taken over.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { askHolderToBackUp, controlSocketPath, DataDirInUseError, holdDataDir } from './control';

const root = mkdtempSync(path.join(os.tmpdir(), 'shop-control-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the DATA_DIR control socket', () => {
  it('refuses a second holder, answers a backup request, and frees the folder when closed', async () => {
    const dataDir = path.join(root, 'data');
    const held = await holdDataDir(dataDir, async () => ({ file: 'shop-backup-x.tar' }));
    try {
      await expect(holdDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
      expect(await askHolderToBackUp(dataDir)).toEqual({ ok: true, made: { file: 'shop-backup-x.tar' } });
    } finally {
      await held.close();
    }
    expect(await askHolderToBackUp(dataDir)).toBeNull();
    const again = await holdDataDir(dataDir);
    await again.close();
  });

  it('passes on the holder’s refusal', async () => {
    const dataDir = path.join(root, 'refusing');
    const held = await holdDataDir(dataDir, async () => {
      throw new Error('Backups are not set up in the running shop');
    });
    try {
      expect(await askHolderToBackUp(dataDir)).toEqual({
        ok: false,
        message: 'Backups are not set up in the running shop',
      });
    } finally {
      await held.close();
    }
  });

  it('takes over a socket file left by a process that died', async () => {
    const dataDir = path.join(root, 'crashed');
    const held = await holdDataDir(dataDir);
    await held.close();
    writeFileSync(controlSocketPath(dataDir), '');
    const again = await holdDataDir(dataDir);
    await again.close();
  });

  it('keeps the socket path short enough for a long DATA_DIR', () => {
    const long = path.join(root, 'x'.repeat(150));
    expect(Buffer.byteLength(controlSocketPath(long))).toBeLessThan(100);
    expect(controlSocketPath(long)).toBe(controlSocketPath(long));
  });
});
