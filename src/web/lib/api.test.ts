import { afterEach, describe, expect, it, vi } from 'vitest';
import { globalConfig } from 'zod/v4/core';
import * as MSG from '@shared/messages';
import { ApiError, answer, api, setUnauthorizedHandler } from './api';

const cartLines = answer('cart', 'cartLinesSchema');

function answering(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
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

  it("keeps the server's reason for a refused request (error answers are not contract answers)", async () => {
    answering(400, { message: 'qty must be a whole number from 1 to 99.' });
    await expect(api.post('/api/server/update_cart', answer('cart', 'okSchema'), { qty: 0 })).rejects.toMatchObject({
      status: 400,
      message: 'qty must be a whole number from 1 to 99.',
    });
  });

  it("keeps the error answer's kind, so that a screen decides on it rather than on the sentence", async () => {
    answering(503, { message: MSG.refundUnanswered, kind: 'refund_unanswered' });
    const unanswered = await api
      .post('/api/admin/orders/o1/refunds', answer('orders', 'refundSchema'), {})
      .catch((error: unknown) => error);
    expect(unanswered).toBeInstanceOf(ApiError);
    expect(unanswered).toMatchObject({ status: 503, message: MSG.refundUnanswered, kind: 'refund_unanswered' });

    answering(409, { message: 'The printer could not be reached to cancel it.', kind: 'printer_unreachable' });
    await expect(api.post('/api/admin/orders/o1/cancel', answer('orders', 'cancelResultSchema'))).rejects.toMatchObject(
      { status: 409, kind: 'printer_unreachable' },
    );
  });

  it('leaves kind undefined when the error answer has none, or not as text', async () => {
    for (const body of [{ message: 'Not found.' }, { message: 'Odd.', kind: 7 }, null]) {
      answering(404, body);
      const failure = await api.get('/api/server/get_cart/u1', cartLines).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).kind).toBeUndefined();
    }
  });

  it('reports a shop it cannot reach with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/server/get_cart/u1', cartLines)).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/Could not reach the shop/),
    });
  });

  it("builds the contracts without eval (the shop's CSP forbids it)", async () => {
    answering(200, []);
    await api.get('/api/server/get_cart/u1', cartLines);
    expect(globalConfig.jitless).toBe(true);
  });

  it('names only schemas of a contract module', () => {
    // @ts-expect-error MAX_PRODUCT_IDS is a number, not a schema
    expect(answer('products', 'MAX_PRODUCT_IDS')).toEqual({ contract: 'products', name: 'MAX_PRODUCT_IDS' });
  });
});

describe('api: a session the server refuses (401) is reported once (decision 130)', () => {
  /** A local storage holding `token`, as a signed-in browser's. */
  function signedIn(token: string) {
    const items = new Map<string, string>([['token', token]]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
    return items;
  }

  afterEach(() => setUnauthorizedHandler(() => {}));

  it('signs out once when the calls under way together are refused', async () => {
    const storage = signedIn('ended-session');
    const fetch = answering(401, { message: MSG.sessionEnded });
    const refused = vi.fn();
    setUnauthorizedHandler(refused);
    const failures = await Promise.all(
      [api.get('/api/server/get_cart/u1', cartLines), api.get('/api/server/get_wishlist/u1', cartLines)].map((call) =>
        call.catch((error: unknown) => error),
      ),
    );
    expect(failures).toEqual([expect.objectContaining({ status: 401 }), expect.objectContaining({ status: 401 })]);
    expect((fetch.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => init.headers)).toEqual([
      expect.objectContaining({ authorization: 'Bearer ended-session' }),
      expect.objectContaining({ authorization: 'Bearer ended-session' }),
    ]);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith(MSG.sessionEnded); // the server's reason, shown as it comes
    expect(storage.has('token')).toBe(false);
  });

  it('a late refusal of an older token does not sign out the session that replaced it', async () => {
    const storage = signedIn('old-session');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        storage.set('token', 'new-session'); // signed in again while the old call was under way
        return new Response(JSON.stringify({ message: MSG.sessionEnded }), { status: 401 });
      }),
    );
    const refused = vi.fn();
    setUnauthorizedHandler(refused);
    await expect(api.get('/api/server/get_cart/u1', cartLines)).rejects.toMatchObject({ status: 401 });
    expect(refused).not.toHaveBeenCalled();
    expect(storage.get('token')).toBe('new-session');
  });

  it('a 401 to a call that sent its own credential (a mailed token, a cookie) signs no one out', async () => {
    const storage = signedIn('live-session');
    answering(401, {
      message: 'This password reset link is invalid, has already been used or has expired. Please ask for a new one.',
    });
    const refused = vi.fn();
    setUnauthorizedHandler(refused);
    await expect(
      api.post(
        '/api/change_password',
        answer('accounts', 'successAnswerSchema'),
        { token: 'x', password: 'y' },
        { token: null },
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(refused).not.toHaveBeenCalled();
    expect(storage.get('token')).toBe('live-session');
  });
});
