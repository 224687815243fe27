/**
 * Uploaded files (ASVS V12): an upload is judged by its bytes, never by its name or declared type;
 * what the shop serves back is always a WebP it rendered itself (or, to an admin, the checked
 * original with its sniffed image type), never HTML or SVG; and no address under /images/ reaches
 * a file outside the image store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, svgWithScript } from '../images';
import { multipartBody, type FilePart } from '../multipart';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let admin: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const SCRIPT = '<html><body><script>alert(document.domain)</script></body></html>';

async function addProduct(files: FilePart[]) {
  n += 1;
  const { payload, headers } = multipartBody(
    {
      id: `BV-SEC-${n}`,
      name: `Security Test Book ${n}`,
      type: 'Puzzle',
      description: 'For the upload tests.',
      age: '',
      price: '4.99',
    },
    files,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/add_product',
    payload,
    headers: { ...headers, ...bearer(admin.token) },
  });
}

/** Every address the product answer gives, fetched: the content type and the first bytes. */
async function served(imageUrls: string[]) {
  return Promise.all(
    imageUrls.map(async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      return {
        url,
        status: res.statusCode,
        type: res.headers['content-type'],
        nosniff: res.headers['x-content-type-options'],
        bytes: res.rawPayload,
      };
    }),
  );
}

describe('uploaded images are never served as HTML or SVG', () => {
  it('an SVG carrying a script is refused whatever name and type it is sent with (400), and nothing is stored', async () => {
    for (const [filename, contentType] of [
      ['cover.svg', 'image/svg+xml'],
      ['cover.png', 'image/png'],
      ['cover.jpg', 'image/jpeg'],
    ] as const) {
      const res = await addProduct([{ filename, contentType, bytes: svgWithScript }]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().message).toMatch(/not a supported image/i);
    }
    const products = (await t.app.inject({ method: 'GET', url: '/api/server/get_products' })).json() as {
      name: string;
    }[];
    expect(products.filter((p) => p.name.startsWith('Security Test Book'))).toHaveLength(0);
  });

  it('an HTML page sent as image/png is refused (400)', async () => {
    const res = await addProduct([{ filename: 'cover.png', contentType: 'image/png', bytes: Buffer.from(SCRIPT) }]);
    expect(res.statusCode).toBe(400);
  });

  it('an HTML page behind a PNG signature is refused (400): the bytes are decoded, not just sniffed', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SCRIPT)]);
    const res = await addProduct([{ filename: 'cover.png', contentType: 'image/png', bytes: fake }]);
    expect(res.statusCode).toBe(400);
  });

  it('a real picture uploaded as text/html named .html is served only as a WebP the shop rendered', async () => {
    const picture = await pngImage('#a33', 48);
    const res = await addProduct([{ filename: 'index.html', contentType: 'text/html', bytes: picture }]);
    expect(res.statusCode, res.body).toBe(200);
    const answers = await served(res.json().imageUrls as string[]);
    expect(answers.length).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.type).toBe('image/webp');
      expect(answer.nosniff).toBe('nosniff');
      expect(answer.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(answer.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('a picture with an HTML page appended after its end is refused, or served only re-encoded with the script gone', async () => {
    const polyglot = Buffer.concat([await pngImage('#3a3', 48), Buffer.from(SCRIPT)]);
    const res = await addProduct([{ filename: 'cover.png', contentType: 'image/png', bytes: polyglot }]);
    if (res.statusCode === 400) return; // refused outright: nothing is ever served
    expect(res.statusCode, res.body).toBe(200);
    const [url] = res.json().imageUrls as string[];
    const [public_] = await served([url!]);
    expect(public_!.type).toBe('image/webp');
    expect(public_!.bytes.includes(Buffer.from('<script'))).toBe(false);
    // The admin form's copy of the original carries the sniffed image type and nosniff, never text/html.
    const key = /\/images\/([a-f0-9]{64})\//.exec(url!)![1];
    const original = await t.app.inject({
      method: 'GET',
      url: `/api/admin/images/${key}`,
      headers: bearer(admin.token),
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('no address under /images/ leaves the image store', () => {
  it.each([
    '/images/..%2F..%2F..%2Fpackage.json/640.webp',
    '/images/../../package.json',
    '/images/%2e%2e/%2e%2e/package.json',
    '/images/..%252F..%252Fpackage.json/640.webp',
    '/images/....//....//package.json/640.webp',
    `/images/${'a'.repeat(64)}/..%2F..%2F..%2Fpackage.json`,
    '/images/%2Fetc%2Fpasswd/640.webp',
    '/images/..\\..\\package.json/640.webp',
    '/images/originals%2F' + 'a'.repeat(64) + '/640.webp',
  ])('%s answers 404 and nothing from the disk', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/"name"\s*:\s*"book-shop"|root:x:0:0/);
    expect(res.headers['content-type'] ?? '').not.toMatch(/image/);
  });

  it('a NUL-terminated name (640.webp%00.html) answers 400 and nothing from the disk', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${'a'.repeat(64)}/640.webp%00.html` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid file: must not contain a NUL character.' });
  });

  it('an unknown but well-formed image key answers 404, not a render error', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${'b'.repeat(64)}/640.webp` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such image.' });
  });
});
