/**
 * Where image bytes live: files under DATA_DIR/images by default, an S3-compatible bucket (./s3.ts)
 * when S3_* is configured (deps.ts chooses). Keys are content hashes (plus variant suffixes), so a put is idempotent.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** The folder of a store on this machine's disk (backups copy its originals). */
  readonly root?: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

export function localImageStore(root: string): ImageStore {
  const fileFor = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe image key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    root,
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A name of its own per write: two puts of the same key at once (the seed stores one
      // picture for several books in parallel) must not share, and rename away, one file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** In memory, for tests. */
export function memoryImageStore(): ImageStore {
  const files = new Map<string, Buffer>();
  return {
    kind: 'local',
    async put(key, bytes) {
      files.set(key, bytes);
    },
    async get(key) {
      return files.get(key) ?? null;
    },
  };
}
