/**
 * Where image bytes live: files under DATA_DIR/images by default, an S3-compatible bucket when
 * S3_* is configured. Keys are content hashes (plus variant suffixes), so a put is idempotent.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { s3ImageStore } from './s3';

export interface ImageStore {
  readonly kind: 'local' | 's3';
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

/** The S3 store when every S3_* variable is set (config checks they come together), else local files under DATA_DIR/images. */
export function imageStoreFor(config: Config): ImageStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3ImageStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return localImageStore(path.join(config.DATA_DIR, 'images'));
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
