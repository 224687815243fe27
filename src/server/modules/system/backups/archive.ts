/**
 * One backup = one tar file (decision 134):
 *
 *   database.pglite.tar.gz | database.pgdump   the database at the backup's point in time
 *   images/originals/<key> …                    the local image originals (variants are remade)
 *   manifest.json                               last: what is in it, with each entry's SHA-256
 *
 * The file is written under a temporary name, read back whole and checked (every entry's size and
 * SHA-256 against the manifest, the manifest's own checksum), and only then renamed to its
 * backup name: a file named `shop-backup-….tar` is one that was verified.
 *
 * The tar itself is node-tar's (decision 134): its Pack writes the entries, its Parser reads them,
 * strict, so a damaged header or a file cut short is an error. Only regular files named as a backup
 * names them are read; any other entry (a link, a device, a folder, `..`) refuses the file.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Header, Pack, Parser, ReadEntry } from 'tar';
import { backupManifestSchema, type BackupManifest } from '@shared/contracts/dashboard';
import { PGLITE_ENTRY, POSTGRES_ENTRY, type DatabaseCopy } from './database';

export const MANIFEST_ENTRY = 'manifest.json';
export const IMAGES_PREFIX = 'images/';

/** Why a backup file cannot be used: damaged, cut short, or not a backup. */
export class BackupFileError extends Error {}

/** The names a backup's entries may have; an image's key stays under `originals/`, without `..`. */
const DATABASE_ENTRIES = new Set([PGLITE_ENTRY, POSTGRES_ENTRY]);
const IMAGE_ENTRY = /^images\/originals\/[a-zA-Z0-9/_.-]+$/;

/** A regular file with a name a backup writes; nothing else is read from a backup file. */
export function isBackupEntry(name: string, type: string): boolean {
  if (type !== 'File' && type !== 'OldFile') return false;
  if (name === MANIFEST_ENTRY || DATABASE_ENTRIES.has(name)) return true;
  return IMAGE_ENTRY.test(name) && !name.split('/').some((part) => part === '' || part === '.' || part === '..');
}

/** Every chunk of an entry in one buffer (small entries and the PGlite dump). */
export async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Writes tar entries one after another into an open file through node-tar's Pack. */
class ArchiveWriter {
  private readonly pack = new Pack({ portable: true });
  /** Pack's bytes going to the file; rejects when a write fails (a full disk). */
  private readonly written: Promise<void>;

  constructor(file: FileHandle) {
    this.written = (async () => {
      let position = 0;
      for await (const bytes of this.pack as AsyncIterable<Buffer>) {
        let done = 0;
        while (done < bytes.length) {
          const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position);
          done += bytesWritten;
          position += bytesWritten;
        }
      }
    })();
    // Seen by add() and finish(); kept from being an unhandled rejection meanwhile.
    this.written.catch(() => {});
  }

  /** Waits for `step`, or fails as soon as writing the file failed. */
  private until(step: Promise<unknown>): Promise<unknown> {
    return Promise.race([step, this.written]);
  }

  /** Adds a regular file from chunks whose total is `size` bytes; answers its SHA-256 (hex). */
  async add(
    name: string,
    size: number,
    chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
    mtime = new Date(),
  ): Promise<string> {
    const entry = new ReadEntry(new Header({ path: name, type: 'File', size, mtime, mode: 0o600 }));
    this.pack.add(entry);
    const hash = createHash('sha256');
    let total = 0;
    for await (const chunk of chunks) {
      total += chunk.length;
      if (total > size) throw new Error(`${name} grew while it was being backed up`);
      hash.update(chunk);
      if (!entry.write(chunk)) await this.until(new Promise((resolve) => entry.once('drain', resolve)));
    }
    if (total !== size) throw new Error(`${name} changed size while it was being backed up`);
    entry.end();
    return hash.digest('hex');
  }

  /** The end of the archive, once every byte is in the file. */
  async finish(): Promise<void> {
    this.pack.end();
    await this.written;
  }

  /** Stops after a failure (the caller removes the file). */
  abort(): void {
    this.pack.destroy();
  }
}

/**
 * The entries of a backup file in order, read by node-tar's Parser (strict: a damaged header or a
 * file cut short throws). An entry that is not a regular file with a backup's name is filtered out
 * and refuses the file. Each entry must be read, or left, before the next one is asked for.
 */
async function* readEntries(file: string): AsyncGenerator<ReadEntry> {
  const queue: ReadEntry[] = [];
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const fail = (error: Error) => {
    failure ??= error;
    notify();
  };
  const parser = new Parser({
    strict: true,
    filter: (name, entry) => {
      const type = 'type' in entry ? entry.type : 'File';
      if (isBackupEntry(name, type)) return true;
      fail(new BackupFileError(`it holds ${name} (${type}), which is not a file a backup writes`));
      return false;
    },
  });
  parser.on('entry', (entry: ReadEntry) => {
    queue.push(entry);
    notify();
  });
  parser.on('error', (error: Error) =>
    fail(new BackupFileError(`it is not a whole tar file (${error.message}; damaged or cut short?)`)),
  );
  parser.on('end', () => {
    ended = true;
    notify();
  });
  const source = createReadStream(file);
  source.on('error', fail);
  source.pipe(parser as unknown as NodeJS.WritableStream);
  try {
    for (;;) {
      if (failure) throw failure;
      const entry = queue.shift();
      if (entry) {
        yield entry;
        // What the reader left unread is skipped.
        entry.resume();
      } else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.destroy();
  }
}

type Entry = BackupManifest['entries'][number];

/** JSON with every object's keys sorted: the same text for the same manifest, however it was parsed. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The manifest's checksum: SHA-256 of the rest of the manifest (times, migration level, counts,
 * and every entry's size and SHA-256), so a change to any of it, or to any entry, is found.
 */
export function manifestChecksum(manifest: Omit<BackupManifest, 'checksum'> & { checksum?: string }): string {
  const { checksum: _ignored, ...rest } = manifest;
  void _ignored;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

/** The image originals to back up: every finished file under <root>/originals (never a `.tmp` being written). */
export async function imageFiles(root: string): Promise<Array<{ key: string; file: string }>> {
  const folder = path.join(root, 'originals');
  let names: string[];
  try {
    names = await readdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: Array<{ key: string; file: string }> = [];
  for (const name of names.sort()) {
    if (name.endsWith('.tmp')) continue;
    const file = path.join(folder, name);
    if ((await stat(file)).isFile()) files.push({ key: `originals/${name.split(path.sep).join('/')}`, file });
  }
  return files;
}

async function* fileChunks(file: string): AsyncIterable<Buffer> {
  for await (const chunk of createReadStream(file)) yield chunk as Buffer;
}

export interface ArchiveInput {
  database: DatabaseCopy;
  /** The local image store's folder; null when images are not local (S3). */
  imagesRoot: string | null;
  createdAt: Date;
  shopVersion: string;
  kind: BackupManifest['database'];
}

/** Writes the whole backup into an open (empty) file; answers its manifest. */
export async function writeArchive(file: FileHandle, input: ArchiveInput): Promise<BackupManifest> {
  const writer = new ArchiveWriter(file);
  try {
    return await writeEntries(file, writer, input);
  } catch (error) {
    writer.abort();
    throw error;
  }
}

async function writeEntries(file: FileHandle, writer: ArchiveWriter, input: ArchiveInput): Promise<BackupManifest> {
  const entries: Entry[] = [];
  const { database } = input;
  entries.push({
    name: database.entry,
    bytes: database.size,
    sha256: await writer.add(database.entry, database.size, database.chunks(), input.createdAt),
  });
  const images = input.imagesRoot ? await imageFiles(input.imagesRoot) : [];
  for (const image of images) {
    // Originals are written once under their content hash and never changed, so the size read now holds.
    const { size, mtime } = await stat(image.file);
    const name = `${IMAGES_PREFIX}${image.key}`;
    entries.push({ name, bytes: size, sha256: await writer.add(name, size, fileChunks(image.file), mtime) });
  }
  const content: Omit<BackupManifest, 'checksum'> = {
    format: 'book-shop-backup',
    format_version: 1,
    created_at: input.createdAt.toISOString(),
    shop_version: input.shopVersion,
    database: input.kind,
    migration: database.migration,
    counts: database.counts,
    images_included: input.imagesRoot !== null,
    image_files: images.length,
    entries,
  };
  const manifest: BackupManifest = { ...content, checksum: manifestChecksum(content) };
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await writer.add(MANIFEST_ENTRY, bytes.length, [bytes], input.createdAt);
  await writer.finish();
  await file.sync();
  return manifest;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupFileError('its manifest is not readable');
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupFileError('its manifest is not a book shop backup manifest');
  if (manifestChecksum(parsed.data) !== parsed.data.checksum)
    throw new BackupFileError('its manifest fails its checksum (the file is damaged)');
  return parsed.data;
}

/** Reads the file's entries in order; any failure but a BackupFileError is one of reading it. */
async function eachEntry(file: string, visit: (entry: ReadEntry) => Promise<void>): Promise<void> {
  try {
    for await (const entry of readEntries(file)) await visit(entry);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`it cannot be read: ${(error as Error).message}`);
  }
}

/** The manifest alone (reads the entries' headers, not their bytes): for the list of backups. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  await eachEntry(file, async (entry) => {
    if (entry.path === MANIFEST_ENTRY) manifest = parseManifest(await collect(entry));
  });
  if (!manifest) throw new BackupFileError('it has no manifest (an unfinished backup?)');
  return manifest;
}

/** Checks entries as read against a manifest: each listed once, of its size and SHA-256; then none missing. */
function entryChecker(manifest: BackupManifest) {
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  const seen = new Set<string>();
  return {
    entry(read: Entry): void {
      const wanted = expected.get(read.name);
      if (!wanted || seen.has(read.name))
        throw new BackupFileError(`it holds ${read.name}, which its manifest does not list`);
      seen.add(read.name);
      if (read.bytes !== wanted.bytes)
        throw new BackupFileError(`${read.name} is ${read.bytes} bytes, its manifest says ${wanted.bytes}`);
      if (read.sha256 !== wanted.sha256)
        throw new BackupFileError(`${read.name} fails its checksum (the file is damaged)`);
    },
    complete(): void {
      const missing = manifest.entries.find((entry) => !seen.has(entry.name));
      if (missing) throw new BackupFileError(`${missing.name} is missing from it`);
    },
  };
}

/**
 * Reads the whole file and checks it against its manifest: every entry there, of its size and
 * SHA-256, and nothing else. Without `visit` this is one pass, the entries compared with the
 * manifest (the last entry) once it is reached. `visit` may take an entry's bytes as they are
 * checked (the restore does): then the manifest is read first, and the entry is only trusted once
 * the check at its end passed, which `visit` learns by its chunks ending without an error.
 */
export async function verifyArchive(
  file: string,
  visit?: (entry: Entry, chunks: AsyncIterable<Buffer>) => Promise<void>,
): Promise<BackupManifest> {
  const known = visit ? await readManifest(file) : null;
  const checker = known ? entryChecker(known) : null;
  const listed = new Map(known?.entries.map((entry) => [entry.name, entry]));
  let manifest = known;
  const found: Entry[] = [];
  await eachEntry(file, async (entry) => {
    const name = entry.path;
    if (name === MANIFEST_ENTRY) {
      manifest ??= parseManifest(await collect(entry));
      return;
    }
    async function* checked(): AsyncIterable<Buffer> {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
      const read = { name, bytes, sha256: hash.digest('hex') };
      if (checker) checker.entry(read);
      else found.push(read);
    }
    const wanted = listed.get(name);
    if (visit && wanted) {
      const stream = checked();
      await visit(wanted, stream);
      // Whatever visit left unread is still checked.
      for await (const _ of stream) void _;
    } else for await (const _ of checked()) void _;
  });
  if (!manifest) throw new BackupFileError('it has no manifest (an unfinished backup?)');
  const last = checker ?? entryChecker(manifest);
  if (!checker) for (const read of found) last.entry(read);
  last.complete();
  return manifest;
}
