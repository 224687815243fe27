/**
 * Product images: checked by decoding (never by name), stored content-addressed, served as
 * resized WebP variants.
 *
 *   const { key } = await ingestImage(ctx, bytes);   // AppError 400 when not an acceptable image
 *   imagePath(key, 640)                               // '/images/<key>/640.webp' (src/shared/images.ts)
 *
 * Originals live in the image store under `originals/<key>`; variants under
 * `variants/<key>/<width>.webp`, made on first request. See docs/decisions/060-image-pipeline.md.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/constants';
import { IMAGE_WIDTHS, type ImageWidth } from '@shared/images';
import type { ImageStore } from '../../adapters/images/store';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { findImage, insertImages, upsertImage, type ImageRecord } from './repository';

export { imagePath } from '@shared/images';

/** Largest picture we decode: 40 megapixels (e.g. 7,300 x 5,500). A 20,000 x 20,000 "bomb" is refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_MEGABYTES = Math.round(PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024));

export const IMAGE_MESSAGES = {
  empty: 'The image file is empty.',
  tooLarge: `The image is larger than ${MAX_MEGABYTES} MB. Please choose a smaller file.`,
  notImage: 'This file is not a supported image. Please use a JPEG, PNG, WebP, AVIF or GIF picture.',
  tooManyPixels: `The image is too large to process (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please use a smaller picture.`,
  damaged: 'The image could not be read: the file looks damaged or incomplete.',
} as const;

type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
const CONTENT_TYPES: Record<AcceptedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The format the first bytes announce, or null. Checked before any decoder sees the file (so SVG, text, PDF never reach one). */
export function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brands = bytes.subarray(8, Math.min(bytes.length, 64)).toString('latin1');
    if (/avif|avis/.test(brands)) return 'avif';
  }
  return null;
}

function decodeFailure(error: unknown) {
  const message = error instanceof Error ? error.message : '';
  return badRequest(/pixel limit/i.test(message) ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.damaged);
}

export function imageKeyOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Checks that `bytes` are an acceptable image by decoding every pixel (refusing anything over
 * the size and pixel limits first) and describes it. Throws AppError 400 with a readable message.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageRecord> {
  if (bytes.length === 0) throw badRequest(IMAGE_MESSAGES.empty);
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw badRequest(IMAGE_MESSAGES.tooLarge);
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw badRequest(IMAGE_MESSAGES.notImage);

  const decoder = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true });
  let metadata: Metadata;
  try {
    metadata = await decoder().metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  const decoded: AcceptedFormat | null =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : null) : (metadata.format as AcceptedFormat);
  if (decoded !== sniffed) throw badRequest(IMAGE_MESSAGES.notImage);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw badRequest(IMAGE_MESSAGES.damaged);
  // metadata.pages: every frame of an animation counts towards the pixel budget
  if (width * height * (metadata.pages ?? 1) > MAX_INPUT_PIXELS) throw badRequest(IMAGE_MESSAGES.tooManyPixels);

  try {
    // A full decode of every pixel: a truncated or corrupt file fails here, not when first served.
    // One channel out keeps the output buffer small (at most MAX_INPUT_PIXELS bytes); `stats()`
    // would do the same check at ten times the cost.
    await decoder().extractChannel(0).raw().toBuffer();
  } catch (error) {
    throw decodeFailure(error);
  }
  return { key: imageKeyOf(bytes), contentType: CONTENT_TYPES[sniffed], width, height, bytes: bytes.length };
}

export const originalKey = (key: string) => `originals/${key}`;
export const variantKey = (key: string, width: ImageWidth) => `variants/${key}/${width}.webp`;

/** Puts the original bytes in the store (a no-op when they are there already). */
export async function storeOriginal(store: ImageStore, image: ImageRecord, bytes: Buffer): Promise<void> {
  if (await store.get(originalKey(image.key))) return;
  await store.put(originalKey(image.key), bytes, image.contentType);
}

/**
 * Validates, stores and records an image. Idempotent: the same bytes give the same key and are
 * stored once. `db` lets a caller record the row inside its own transaction.
 */
export async function ingestImage(
  ctx: Pick<AppContext, 'images' | 'database'>,
  bytes: Buffer,
  db: Db = ctx.database.db,
): Promise<{ key: string }> {
  const image = await prepareImage(ctx, bytes);
  await upsertImage(db, image);
  return { key: image.key };
}

/**
 * The first half of ingestImage: validates and stores the bytes, and returns the row to record
 * (with `insertImages` from ./repository) in the caller's transaction. For bulk loads (the seed).
 */
export async function prepareImage(ctx: Pick<AppContext, 'images'>, bytes: Buffer): Promise<ImageRecord> {
  const image = await inspectImage(bytes);
  await storeOriginal(ctx.images, image, bytes);
  return image;
}

/**
 * Records images whose originals are stored (by prepareImage, or inspectImage and storeOriginal)
 * in the caller's transaction, next to the rows that use them.
 */
export async function recordImages(db: Db, rows: ImageRecord[]): Promise<void> {
  await insertImages(db, rows);
}

/** An image's original bytes and content type, or null when there is no such image. */
export async function findOriginal(
  ctx: Pick<AppContext, 'images' | 'database'>,
  key: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const image = await findImage(ctx.database.db, key);
  const bytes = image ? await ctx.images.get(originalKey(image.key)) : null;
  return image && bytes ? { contentType: image.contentType, bytes } : null;
}

const IMAGE_KEY = /^[a-f0-9]{64}$/;

export function parseVariantRequest(key: string, file: string): { key: string; width: ImageWidth } | null {
  const match = /^(\d{2,4})\.webp$/.exec(file);
  const width = match ? Number(match[1]) : NaN;
  if (!IMAGE_KEY.test(key) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  return { key, width: width as ImageWidth };
}

export const WEBP_QUALITY = 78;

/** Renders a WebP variant `width` pixels wide (never wider than the original). */
export async function renderVariant(original: Buffer, width: ImageWidth): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: 4 })
    .toBuffer();
}

/** Variants being made right now in this process: concurrent first requests share one render. */
const rendering = new Map<string, Promise<Buffer>>();

/**
 * The WebP bytes of a variant, made and stored on first request. Throws 404 for an unknown key.
 * Across instances, two renders of the same variant write the same bytes, and store puts are
 * atomic, so a reader never sees a half-written file.
 */
export async function getVariant(store: ImageStore, key: string, width: ImageWidth): Promise<Buffer> {
  const storeKey = variantKey(key, width);
  const cached = await store.get(storeKey);
  if (cached) return cached;
  let pending = rendering.get(storeKey);
  if (!pending) {
    pending = (async () => {
      const original = await store.get(originalKey(key));
      if (!original) throw notFound('No such image.');
      const variant = await renderVariant(original, width);
      await store.put(storeKey, variant, 'image/webp');
      return variant;
    })().finally(() => rendering.delete(storeKey));
    rendering.set(storeKey, pending);
  }
  return pending;
}
