import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyProductUpdate, connectLiveUpdates, isProductQuery } from './live-updates';

class FakeSource {
  static made: FakeSource[] = [];
  listeners = new Map<string, () => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}
const createSource = (url: string) => new FakeSource(url) as unknown as EventSource;

afterEach(() => {
  FakeSource.made = [];
  vi.useRealTimers();
});

describe('connectLiveUpdates', () => {
  it('calls back on each productUpdate event', () => {
    const onUpdate = vi.fn();
    const stop = connectLiveUpdates(onUpdate, { createSource });
    expect(FakeSource.made[0]!.url).toBe('/api/sse/notifications');
    FakeSource.made[0]!.listeners.get('productUpdate')!();
    FakeSource.made[0]!.listeners.get('productUpdate')!();
    expect(onUpdate).toHaveBeenCalledTimes(2);
    stop();
    expect(FakeSource.made[0]!.closed).toBe(true);
  });

  it('on error closes the stream and reconnects only after 300000 ms', () => {
    vi.useFakeTimers();
    const stop = connectLiveUpdates(() => {}, { createSource });
    FakeSource.made[0]!.onerror!();
    expect(FakeSource.made[0]!.closed).toBe(true);
    vi.advanceTimersByTime(299_999);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    stop();
    FakeSource.made[1]!.onerror?.();
    vi.advanceTimersByTime(300_000);
    expect(FakeSource.made).toHaveLength(2);
  });
});

describe('applyProductUpdate', () => {
  it('re-fetches product queries and leaves cart and wishlist queries alone', async () => {
    const client = new QueryClient();
    for (const key of [
      ['products'],
      ['products', 'all'],
      ['product', 'BV-1'],
      ['search', 'cat'],
      ['cart', 'u1'],
      ['wishlist', 'u1'],
    ]) {
      client.setQueryData(key, 'cached');
    }
    await applyProductUpdate(client);
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
    expect(stale.sort()).toEqual(['product', 'products', 'products', 'search']);
    expect(isProductQuery({ queryKey: ['cart', 'u1'] })).toBe(false);
  });
});
