import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePath } from '@shared/images';
import { testConfig } from '../../config';
import { ingestImage, originalKey, variantKey } from '../../modules/images/service';
import { picture } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { s3ImageStore, S3Error } from './s3';
import { imageStore as imageStoreFor } from '../../deps';

let s3: FakeS3;
const storeFor = (fake: FakeS3, overrides: { secretAccessKey?: string; bucket?: string } = {}) =>
  s3ImageStore({
    endpoint: fake.url,
    bucket: overrides.bucket ?? fake.bucket,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: overrides.secretAccessKey ?? fake.secretAccessKey,
    timeoutMs: 2000,
  });

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

describe('s3ImageStore against an S3-compatible server', () => {
  it('puts an object with its content type and gets the same bytes back', async () => {
    const store = storeFor(s3);
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await store.put('originals/abc', bytes, 'image/png');
    expect(s3.objects.get('originals/abc')).toEqual({ body: bytes, contentType: 'image/png' });
    expect(await store.get('originals/abc')).toEqual(bytes);
  });

  it('answers null for a key the bucket does not hold', async () => {
    expect(await storeFor(s3).get('originals/nothing-here')).toBeNull();
  });

  it('is refused by the server when signed with the wrong secret', async () => {
    const wrong = storeFor(s3, { secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('originals/x', Buffer.from('x'), 'image/png')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(s3.objects.has('originals/x')).toBe(false);
    await expect(wrong.get('originals/abc')).rejects.toBeInstanceOf(S3Error);
  });

  it('reports a server failure as an error, not as a missing object', async () => {
    s3.failWith = 500;
    try {
      await expect(storeFor(s3).get('originals/abc')).rejects.toThrow(/500 InternalError/);
    } finally {
      s3.failWith = null;
    }
  });

  it('is the store chosen when S3_* is configured, local files otherwise', () => {
    const env = {
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    expect(imageStoreFor(testConfig(env)).kind).toBe('s3');
    expect(imageStoreFor(testConfig()).kind).toBe('local');
  });
});

describe('the shop with its images in S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { images: storeFor(s3) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores uploaded originals and served variants in the bucket', async () => {
    const bytes = await picture('jpeg', { colour: '#335577' });
    const { key } = await ingestImage(t.app.ctx, bytes);
    expect(s3.objects.get(originalKey(key))?.body).toEqual(bytes);

    const res = await t.app.inject({ method: 'GET', url: imagePath(key, 320) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(s3.objects.get(variantKey(key, 320))?.body).toEqual(res.rawPayload);
  });

  it('answers 404 for an image the bucket does not hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: imagePath('0'.repeat(64), 320) });
    expect(res.statusCode).toBe(404);
  });
});
