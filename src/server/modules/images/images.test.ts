import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/constants';
import { IMAGE_WIDTHS, imagePath, srcSetFor } from '@shared/images';
import { images } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { IMAGE_MESSAGES, ingestImage, originalKey, sniffFormat, variantKey } from './service';
import { countingStore, picture, pngBomb, svgWithScript, textFile } from '../../test/images';

let t: TestApp;
const counting = countingStore();

beforeAll(async () => {
  t = await createTestApp({ deps: { images: counting.store } });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  counting.fail(false);
  counting.puts.length = 0;
});

const rowsFor = (key: string) => t.deps.database.db.select().from(images).where(eq(images.key, key));
const expectRefused = async (bytes: Buffer, message: string) => {
  const before = await t.deps.database.db.select({ key: images.key }).from(images);
  await expect(ingestImage(t.app.ctx, bytes)).rejects.toMatchObject({ statusCode: 400, message });
  expect(counting.puts).toEqual([]);
  expect(await t.deps.database.db.select({ key: images.key }).from(images)).toHaveLength(before.length);
};

describe('ingestImage', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)(
    'accepts a %s picture, keyed by the SHA-256 of its bytes',
    async (format) => {
      const bytes = await picture(format, { width: 320, height: 200, colour: `#${format.length}${format.length}3366` });
      const { key } = await ingestImage(t.app.ctx, bytes);
      expect(key).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(await t.deps.images.get(originalKey(key))).toEqual(bytes);
      const [row] = await rowsFor(key);
      expect(row).toMatchObject({ key, contentType: `image/${format}`, width: 320, height: 200, bytes: bytes.length });
    },
  );

  it('stores the same bytes only once however often they are ingested', async () => {
    const bytes = await picture('png', { colour: '#123456' });
    const first = await ingestImage(t.app.ctx, bytes);
    expect(counting.puts).toEqual([originalKey(first.key)]);
    const again = await ingestImage(t.app.ctx, bytes);
    expect(again.key).toBe(first.key);
    expect(counting.puts).toEqual([originalKey(first.key)]);
    expect(await rowsFor(first.key)).toHaveLength(1);
  });

  it('keeps one row when the same image is uploaded twice at the same moment', async () => {
    const bytes = await picture('gif', { colour: '#654321' });
    const keys = await Promise.all([ingestImage(t.app.ctx, bytes), ingestImage(t.app.ctx, bytes)]);
    expect(keys[0]).toEqual(keys[1]);
    expect(await rowsFor(keys[0]!.key)).toHaveLength(1);
    expect(await t.deps.images.get(originalKey(keys[0]!.key))).toEqual(bytes);
  });

  it('refuses an empty file', () => expectRefused(Buffer.alloc(0), IMAGE_MESSAGES.empty));

  it('refuses a file over the size limit before looking at it', async () => {
    const big = Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES + 1, 0);
    (await picture('jpeg')).copy(big);
    await expectRefused(big, IMAGE_MESSAGES.tooLarge);
  });

  it('refuses a text file renamed to .jpg', () => expectRefused(textFile, IMAGE_MESSAGES.notImage));

  it('refuses an SVG, even one carrying a script', () => expectRefused(svgWithScript, IMAGE_MESSAGES.notImage));

  it('refuses an SVG hidden behind an image signature', async () => {
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), svgWithScript]);
    await expectRefused(disguised, IMAGE_MESSAGES.damaged);
  });

  it('refuses a truncated JPEG (found by decoding every pixel)', async () => {
    const full = await picture('jpeg', { width: 900, height: 700 });
    await expectRefused(full.subarray(0, Math.floor(full.length * 0.6)), IMAGE_MESSAGES.damaged);
  });

  it('refuses a decompression bomb of 20,000 x 20,000 pixels without decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const started = Date.now();
    await expectRefused(bomb, IMAGE_MESSAGES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a file whose signature says one format and whose body is another', async () => {
    const png = await picture('png');
    const lying = Buffer.concat([Buffer.from('GIF89a'), png.subarray(6)]);
    await expectRefused(lying, IMAGE_MESSAGES.damaged);
  });

  it('recognises formats by their bytes only', async () => {
    expect(sniffFormat(await picture('avif'))).toBe('avif');
    expect(sniffFormat(await picture('webp'))).toBe('webp');
    expect(sniffFormat(Buffer.from('<html>'))).toBeNull();
    expect(sniffFormat(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });
});

describe('GET /images/:key/:width.webp', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await ingestImage(t.app.ctx, await picture('jpeg', { width: 1000, height: 1333, colour: '#7a1f3d' })));
  });

  it.each(IMAGE_WIDTHS)('serves a %i px WebP variant cached for a year', async (width) => {
    const res = await t.app.inject({ method: 'GET', url: imagePath(key, width) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(Math.min(width, 1000)); // never enlarged
  });

  it('makes a variant once and serves it from the store afterwards', async () => {
    const fresh = (await ingestImage(t.app.ctx, await picture('png', { colour: '#0b6e4f' }))).key;
    counting.puts.length = 0;
    const first = await t.app.inject({ method: 'GET', url: imagePath(fresh, 320) });
    const second = await t.app.inject({ method: 'GET', url: imagePath(fresh, 320) });
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(counting.puts).toEqual([variantKey(fresh, 320)]);
  });

  it('answers concurrent first requests with identical bytes and renders once', async () => {
    const fresh = (await ingestImage(t.app.ctx, await picture('webp', { colour: '#c8553d' }))).key;
    counting.puts.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url: imagePath(fresh, 640) })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    for (const res of answers) expect(res.rawPayload).toEqual(answers[0]!.rawPayload);
    expect(counting.puts).toEqual([variantKey(fresh, 640)]);
    expect(await t.deps.images.get(variantKey(fresh, 640))).toEqual(answers[0]!.rawPayload);
  });

  it('answers 304 to a browser that has the variant already', async () => {
    const first = await t.app.inject({ method: 'GET', url: imagePath(key, 640) });
    const again = await t.app.inject({
      method: 'GET',
      url: imagePath(key, 640),
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it.each([
    ['an unknown key', () => imagePath('f'.repeat(64), 640)],
    ['a width not on the list', () => `/images/${key}/500.webp`],
    ['another extension', () => `/images/${key}/640.png`],
    ['a key that is not a hash', () => '/images/..%2F..%2Fetc%2Fpasswd/640.webp'],
    ['an upper-case key', () => `/images/${key.toUpperCase()}/640.webp`],
  ])('answers 404 with a plain message for %s', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers 503 without internals when the image store is unreachable', async () => {
    counting.fail(true);
    const res = await t.app.inject({ method: 'GET', url: imagePath(key, 960) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Images are temporarily unavailable. Please try again shortly.' });
  });

  it('gives srcset-ready addresses', () => {
    expect(srcSetFor(imagePath(key))).toBe(IMAGE_WIDTHS.map((w) => `/images/${key}/${w}.webp ${w}w`).join(', '));
  });
});
