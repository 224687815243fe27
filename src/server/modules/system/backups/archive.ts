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
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { backupManifestSchema, type BackupManifest } from '@shared/contracts/dashboard';
import type { DatabaseCopy } from './database';
import { collect, readTar, TarWriter } from './tar';

export const MANIFEST_ENTRY = 'manifest.json';
export const IMAGES_PREFIX = 'images/';

/** Why a backup file cannot be used: damaged, cut short, or not a backup. */
export class BackupFileError extends Error {}

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
  const writer = new TarWriter(file);
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

async function withFile<T>(file: string, use: (handle: FileHandle) => Promise<T>): Promise<T> {
  const handle = await open(file, 'r');
  try {
    return await use(handle);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`it cannot be read: ${(error as Error).message}`);
  } finally {
    await handle.close();
  }
}

/** The manifest alone (reads the entries' headers, not their bytes): for the list of backups. */
export async function readManifest(file: string): Promise<BackupManifest> {
  return withFile(file, async (handle) => {
    let manifest: BackupManifest | null = null;
    await readTar(handle, async (entry, chunks) => {
      if (entry.name === MANIFEST_ENTRY) manifest = parseManifest(await collect(chunks));
    });
    if (!manifest) throw new BackupFileError('it has no manifest (an unfinished backup?)');
    return manifest;
  });
}

/**
 * Reads the whole file and checks it against its manifest: every entry there, of its size and
 * SHA-256, and nothing else. `visit` may take an entry's bytes as they are checked (the restore
 * does); the entry is only trusted once the check at its end passed, which `visit` learns by its
 * chunks ending without an error.
 */
export async function verifyArchive(
  file: string,
  visit?: (entry: Entry, chunks: AsyncIterable<Buffer>) => Promise<void>,
): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  const seen = new Set<string>();
  await withFile(file, (handle) =>
    readTar(handle, async (entry, chunks) => {
      if (entry.name === MANIFEST_ENTRY) return;
      const wanted = expected.get(entry.name);
      if (!wanted || seen.has(entry.name))
        throw new BackupFileError(`it holds ${entry.name}, which its manifest does not list`);
      seen.add(entry.name);
      if (entry.size !== wanted.bytes)
        throw new BackupFileError(`${entry.name} is ${entry.size} bytes, its manifest says ${wanted.bytes}`);
      async function* checked(): AsyncIterable<Buffer> {
        const hash = createHash('sha256');
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
        if (hash.digest('hex') !== wanted!.sha256)
          throw new BackupFileError(`${entry.name} fails its checksum (the file is damaged)`);
      }
      if (visit) {
        const stream = checked();
        await visit(wanted, stream);
        // Whatever visit left unread is still checked.
        for await (const _ of stream) void _;
      } else for await (const _ of checked()) void _;
    }),
  );
  const missing = manifest.entries.find((entry) => !seen.has(entry.name));
  if (missing) throw new BackupFileError(`${missing.name} is missing from it`);
  return manifest;
}
