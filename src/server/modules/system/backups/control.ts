/**
 * The embedded database belongs to one process at a time: the shop, or `npm run backup` /
 * `npm run restore` while the shop is stopped. Whoever has it listens on a socket in DATA_DIR
 * (`shop.sock`, readable by its owner only); anyone else finds it there:
 * - `npm run backup` asks the running shop over it to make a backup (the shop's own consistent
 *   copy, decision 134), and makes one itself only when nobody answers;
 * - `npm run restore` refuses to touch a DATA_DIR whose shop answers;
 * - a second shop started on the same DATA_DIR stops with a message instead of corrupting it.
 * A socket left by a process that died answers nobody and is replaced.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Unix socket paths are limited to about 104 bytes; a longer DATA_DIR gets one in the temp folder. */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'shop.sock');
  if (Buffer.byteLength(inside) < 100) return inside;
  return path.join(os.tmpdir(), `book-shop-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

/** Says whether a process holds the DATA_DIR (answers on its socket). */
export function holderAnswers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socket);
    probe.once('connect', () => {
      probe.end();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

export class DataDirInUseError extends Error {}

export interface ControlServer {
  close(): Promise<void>;
}

/**
 * Takes the DATA_DIR: listens on its socket, answering each line `backup` with one JSON line from
 * `onBackup`. Throws DataDirInUseError when another process answers there.
 */
export async function holdDataDir(dataDir: string, onBackup?: () => Promise<unknown>): Promise<ControlServer> {
  const socket = controlSocketPath(dataDir);
  if (await holderAnswers(socket)) {
    throw new DataDirInUseError(
      `Another process is using ${dataDir} (a running shop, or a backup or restore): stop it first.`,
    );
  }
  await rm(socket, { force: true });
  await mkdir(path.dirname(socket), { recursive: true });
  const server = net.createServer((connection) => {
    let text = '';
    connection.on('error', () => {});
    connection.on('data', (chunk) => {
      text += chunk.toString();
      if (!text.includes('\n')) return;
      const command = text.trim();
      const answer =
        command === 'backup' && onBackup
          ? onBackup().then(
              (made) => ({ ok: true, made }),
              (error: Error) => ({ ok: false, message: error.message }),
            )
          : Promise.resolve({ ok: false, message: 'This process cannot make a backup.' });
      void answer.then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(socket, { force: true });
      }),
  };
}

/** Asks the process holding DATA_DIR to make a backup; null when no process holds it. */
export async function askHolderToBackUp(
  dataDir: string,
): Promise<{ ok: true; made: unknown } | { ok: false; message: string } | null> {
  const socket = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const connection = net.connect(socket);
    let text = '';
    let connected = false;
    connection.once('connect', () => {
      connected = true;
      connection.write('backup\n');
    });
    connection.on('data', (chunk) => (text += chunk.toString()));
    connection.once('end', () => {
      try {
        resolve(JSON.parse(text) as { ok: true; made: unknown } | { ok: false; message: string });
      } catch {
        reject(new Error('The running shop gave no answer about the backup; look at its log.'));
      }
    });
    connection.once('error', (error) => (connected ? reject(error) : resolve(null)));
  });
}
