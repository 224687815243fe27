import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLeftCheckout, releaseLeftCheckout, rememberLeftCheckout } from './left-checkout';

/** A tab's session storage and the network, as the browser gives them. */
let stored: Map<string, string>;
let answer: () => Promise<Response>;
const fetchMock = vi.fn((..._args: unknown[]) => answer());

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  answer = async () => new Response(JSON.stringify({ status: 'expired' }), { status: 200 });
});
afterEach(() => vi.unstubAllGlobals());

const left = () => stored.get('leftCheckout') ?? null;

describe('releaseLeftCheckout', () => {
  it('does nothing when this tab left no checkout', async () => {
    await releaseLeftCheckout();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cancels the checkout this tab left, once for callers that ask at the same time, then forgets it', async () => {
    rememberLeftCheckout('demo_1');
    await Promise.all([releaseLeftCheckout(), releaseLeftCheckout(), releaseLeftCheckout()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/checkout/sessions/demo_1/cancel');
    expect(left()).toBeNull();
    await releaseLeftCheckout();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the checkout to try again when the shop can not be reached or is busy', async () => {
    rememberLeftCheckout('cs_test_2');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await releaseLeftCheckout();
    expect(left()).toBe('cs_test_2');
    answer = async () => new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429 });
    await releaseLeftCheckout();
    expect(left()).toBe('cs_test_2');
    answer = async () => new Response(JSON.stringify({ status: 'expired' }), { status: 200 });
    await releaseLeftCheckout();
    expect(left()).toBeNull();
  });

  it('forgets a checkout the shop does not know', async () => {
    rememberLeftCheckout('demo_gone');
    answer = async () => new Response(JSON.stringify({ message: 'This checkout does not exist.' }), { status: 404 });
    await releaseLeftCheckout();
    expect(left()).toBeNull();
  });
});

describe('forgetLeftCheckout', () => {
  it('forgets only the checkout named (a paid one), not a newer one', () => {
    rememberLeftCheckout('demo_new');
    forgetLeftCheckout('demo_old');
    expect(left()).toBe('demo_new');
    forgetLeftCheckout('demo_new');
    expect(left()).toBeNull();
  });
});
