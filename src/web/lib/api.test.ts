import { afterEach, describe, expect, it, vi } from 'vitest';
import { globalConfig } from 'zod/v4/core';
import * as MSG from '@shared/messages';
import { ApiError, answer, api } from './api';

const cartLines = answer('cart', 'cartLinesSchema');

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api: answers are checked against the shared contracts', () => {
  it('gives the page an answer that matches its schema, as the schema reads it', async () => {
    answering(200, [{ product_id: 'BV-1', qty: 2, price: 7.99 }]);
    await expect(api.get('/api/server/get_cart/u1', cartLines)).resolves.toEqual([{ product_id: 'BV-1', qty: 2 }]);
  });

  it('turns an answer that does not match into an ApiError, like a failed request', async () => {
    answering(200, [{ product_id: 'BV-1', qty: 'two' }]);
    const failure = await api.get('/api/server/get_cart/u1', cartLines).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: MSG.somethingWentWrong });
    expect((failure as ApiError).cause).toEqual([expect.objectContaining({ path: [0, 'qty'] })]);
  });

  it('keeps the server\'s reason for a refused request (error answers are not contract answers)', async () => {
    answering(400, { message: 'qty must be a whole number from 1 to 99.' });
    await expect(api.post('/api/server/update_cart', answer('cart', 'okSchema'), { qty: 0 })).rejects.toMatchObject({
      status: 400,
      message: 'qty must be a whole number from 1 to 99.',
    });
  });

  it('reports a shop it cannot reach with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/server/get_cart/u1', cartLines)).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/Could not reach the shop/) });
  });

  it('builds the contracts without eval (the shop\'s CSP forbids it)', async () => {
    answering(200, []);
    await api.get('/api/server/get_cart/u1', cartLines);
    expect(globalConfig.jitless).toBe(true);
  });

  it('names only schemas of a contract module', () => {
    // @ts-expect-error MAX_PRODUCT_IDS is a number, not a schema
    expect(answer('products', 'MAX_PRODUCT_IDS')).toEqual({ contract: 'products', name: 'MAX_PRODUCT_IDS' });
  });
});
