/**
 * A backup's container: a plain POSIX tar (ustar), written and read as a stream, so any machine's
 * `tar -tf` / `tar -xf` opens it (decision 134). Only what a backup needs: regular files, names up
 * to 255 characters (ustar's prefix field), sizes past 8 GiB in GNU's base-256 size field.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

export interface TarEntry {
  name: string;
  size: number;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`Name too long for a backup entry: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  if (size < 8 ** 11) header.write(octal(size, 12), 124, 'ascii');
  else {
    // GNU base-256: the top bit of the first byte set, the size big-endian in the rest.
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

function parseSize(field: Buffer): number {
  if (field[0]! & 0x80) return Number(field.readBigUInt64BE(4));
  return parseInt(field.toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
}

/** Reads one header; null at the end-of-archive block. Throws on a header whose checksum fails. */
export function parseHeader(header: Buffer): TarEntry | null {
  if (header.every((byte) => byte === 0)) return null;
  const stored = parseInt(header.subarray(148, 156).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  if (stored !== sum) throw new Error('a tar header is damaged');
  const text = (start: number, length: number) =>
    header
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const type = String.fromCharCode(header[156]!);
  if (type !== '0' && type !== '\0') throw new Error(`unexpected entry type in the backup: ${name}`);
  return { name, size: parseSize(header.subarray(124, 136)) };
}

/** Writes entries one after another to an open file; each entry's SHA-256 is computed on the way. */
export class TarWriter {
  private position = 0;

  constructor(private readonly file: FileHandle) {}

  private async write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }

  /** Adds a file from chunks whose total is `size` bytes; answers its SHA-256 (hex). */
  async add(
    name: string,
    size: number,
    chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
    mtime = new Date(),
  ): Promise<string> {
    await this.write(tarHeader(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was being backed up`);
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name} changed size while it was being backed up`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(ZEROS.subarray(0, pad));
    return hash.digest('hex');
  }

  /** The end-of-archive blocks. */
  async finish(): Promise<void> {
    await this.write(ZEROS);
  }
}

/**
 * Reads the entries of a tar file in order. `visit` receives each entry's bytes as chunks; what it
 * does not read is skipped. Throws on a damaged header or a file cut short.
 */
export async function readTar(
  file: FileHandle,
  visit: (entry: TarEntry, chunks: AsyncIterable<Buffer>) => Promise<void | 'stop'>,
): Promise<void> {
  let position = 0;
  const header = Buffer.alloc(BLOCK);
  for (;;) {
    const { bytesRead } = await file.read(header, 0, BLOCK, position);
    if (bytesRead < BLOCK) throw new Error('the file ends before the end of the archive (cut short?)');
    position += BLOCK;
    const entry = parseHeader(header);
    if (!entry) return;
    const start = position;
    async function* chunks(): AsyncIterable<Buffer> {
      let offset = 0;
      const buffer = Buffer.alloc(Math.min(1 << 20, Math.max(entry!.size, 1)));
      while (offset < entry!.size) {
        const want = Math.min(buffer.length, entry!.size - offset);
        const { bytesRead: got } = await file.read(buffer, 0, want, start + offset);
        if (got === 0) throw new Error(`the file ends inside ${entry!.name} (cut short?)`);
        offset += got;
        yield Buffer.from(buffer.subarray(0, got));
      }
    }
    if ((await visit(entry, chunks())) === 'stop') return;
    position = start + Math.ceil(entry.size / BLOCK) * BLOCK;
  }
}

/** Every chunk of an entry in one buffer (small entries only: the manifest). */
export async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
