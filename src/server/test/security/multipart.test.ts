/**
 * Malformed multipart bodies on every multipart route (the admin's add and edit product forms):
 * a truncated body, a missing or absurd boundary, garbage, a boundary that is not in the body,
 * text no database can hold in a field. Each answers 400 with a sentence of ours (never a 500 or
 * the parser's words) and writes nothing. Before this, the parser's own errors reached the
 * error handler as unknown errors: 500.
 */
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartRefusal } from '../../lib/form-parts';
import * as MSG from '@shared/messages';
import { pngImage } from '../images';
import { multipartBody, png } from '../multipart';
import { products, productImages } from '../../db/schema';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let admin: TestUser;
let cover: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  cover = await pngImage('#c00', 64);
  await createProduct(t.app.ctx.database.db, { id: 'BV-EDIT', name: 'Edit Me' });
});
afterAll(() => t.close());

const FIELDS = {
  id: 'BV-MP1',
  name: 'Multipart Mazes',
  type: 'Puzzle',
  description: 'Mazes.',
  age: 'Kids',
  price: '7.99',
};
const ROUTES = ['/api/admin/products/add_product', '/api/admin/products/edit_product/BV-EDIT'];

async function rows() {
  const db = t.deps.database.db;
  return JSON.stringify([await db.select().from(products), (await db.select().from(productImages)).length]);
}

/** A well-formed body with one image, to cut and bend. */
const good = () => multipartBody(FIELDS, [png(cover)]);
const boundaryOf = (contentType: string) => /boundary=(.+)$/.exec(contentType)![1]!;

const MALFORMED: [string, () => { payload: Buffer | string; contentType: string }][] = [
  [
    'a body cut off inside the image',
    () => {
      const b = good();
      return { payload: b.payload.subarray(0, b.payload.length - 200), contentType: b.headers['content-type'] };
    },
  ],
  [
    'a body cut off inside a text field',
    () => {
      const b = good();
      return { payload: b.payload.subarray(0, 120), contentType: b.headers['content-type'] };
    },
  ],
  [
    'a body without its closing boundary',
    () => {
      const b = good();
      const end = `--${boundaryOf(b.headers['content-type'])}--\r\n`;
      return { payload: b.payload.subarray(0, b.payload.length - end.length), contentType: b.headers['content-type'] };
    },
  ],
  ['no boundary in the content type', () => ({ payload: good().payload, contentType: 'multipart/form-data' })],
  [
    'a boundary over 256 characters',
    () => ({ payload: good().payload, contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` }),
  ],
  [
    'a boundary that is not in the body',
    () => ({ payload: good().payload, contentType: 'multipart/form-data; boundary=----not-the-one' }),
  ],
  [
    'garbage',
    () => ({
      payload: Buffer.from('\u0000\u00ff garbage \r\n\r\n--x\r\nno headers at all\r\n'),
      contentType: 'multipart/form-data; boundary=x',
    }),
  ],
  [
    'random bytes',
    () => ({
      payload: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      contentType: 'multipart/form-data; boundary=----z',
    }),
  ],
  [
    'a part header that never ends',
    () => ({
      payload: `------z\r\nContent-Disposition: form-data; name="name"${'x'.repeat(100_000)}`,
      contentType: 'multipart/form-data; boundary=----z',
    }),
  ],
];

/** Sends a body as the admin; the answer, and whether any row changed. */
async function send(url: string, { payload, contentType }: { payload: Buffer | string; contentType: string }) {
  const before = await rows();
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...bearer(admin.token) },
  });
  return { res, wrote: (await rows()) !== before };
}

describe.each(ROUTES)('%s', (url) => {
  it.each(MALFORMED)('answers 400 with our own sentence to %s, writing nothing', async (_name, make) => {
    const { res, wrote } = await send(url, make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: MSG.malformedForm });
    expect(wrote).toBe(false);
  });

  // Bodies the parser reads as a form without any field: refused as an incomplete form.
  it.each([
    ['an empty boundary', () => ({ payload: good().payload, contentType: 'multipart/form-data; boundary=' })],
    [
      'a part without headers',
      () => ({ payload: '------z\r\n\r\nvalue\r\n------z--\r\n', contentType: 'multipart/form-data; boundary=----z' }),
    ],
    ['an empty body', () => ({ payload: '', contentType: 'multipart/form-data; boundary=----z' })],
  ])('answers 400 naming the first missing field to %s, writing nothing', async (_name, make) => {
    const { res, wrote } = await send(url, make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'The book-vault ID is required.' });
    expect(wrote).toBe(false);
  });

  it('answers 400 naming the field for a NUL character in a text field, writing nothing', async () => {
    const { payload, headers } = multipartBody({ ...FIELDS, description: 'Mazes\u0000and more.' }, [png(cover)]);
    const { res, wrote } = await send(url, { payload, contentType: headers['content-type'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `Invalid description: ${MSG.textHasNul}` });
    expect(wrote).toBe(false);
  });
});

describe('the form reader', () => {
  it("and the error handler tell the parser's faults and the plugin's limits from any other error", () => {
    for (const message of [
      'Unexpected end of multipart data',
      'Part terminated early due to unexpected end of multipart data',
      'Multipart: Boundary not found',
      'The needle cannot have a length bigger than 256.',
    ]) {
      expect(multipartRefusal(new Error(message))?.message, message).toBe(MSG.malformedForm);
    }
    expect(multipartRefusal(Object.assign(new Error('reach parts limit'), { code: 'FST_PARTS_LIMIT' }))?.message).toBe(
      MSG.formTooManyParts,
    );
    expect(multipartRefusal(new Error('relation "products" does not exist'))).toBeNull();
    expect(
      multipartRefusal(Object.assign(new Error('Unexpected end of multipart data'), { code: '57P01' })),
    ).toBeNull();
  });

  it('answers 400, not 500, on a multipart route that reads the parts itself (the error handler)', async () => {
    const raw = await createTestApp({
      beforeReady: async (app) => {
        await app.register(async (scope) => {
          await scope.register(multipart);
          scope.post('/api/walk/upload', { config: { access: 'public' } }, async (request) => {
            let parts = 0;
            for await (const part of request.parts()) {
              if (part.type === 'file') await part.toBuffer();
              parts += 1;
            }
            return { parts };
          });
        });
      },
    });
    try {
      const b = good();
      for (const [payload, contentType] of [
        [b.payload.subarray(0, b.payload.length - 200), b.headers['content-type']],
        [b.payload, 'multipart/form-data'],
      ] as const) {
        const res = await raw.app.inject({
          method: 'POST',
          url: '/api/walk/upload',
          payload,
          headers: { 'content-type': contentType },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ message: MSG.malformedForm });
      }
    } finally {
      await raw.close();
    }
  });

  it('still takes a well-formed form (the cases above are refused for what they are)', async () => {
    const { payload, headers } = good();
    const res = await t.app.inject({
      method: 'POST',
      url: ROUTES[0]!,
      payload,
      headers: { ...headers, ...bearer(admin.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 'BV-MP1', name: 'Multipart Mazes' });
  });
});
