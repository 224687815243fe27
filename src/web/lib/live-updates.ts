/**
 * Live catalogue: listens to `/api/sse/notifications` and, on every `productUpdate`, marks the
 * cached products stale so whatever is on screen re-fetches in place. Only product data is
 * touched: a guest's basket and wishlist live elsewhere and are never cleared (docs/spec/decisions.md).
 * On a stream error the connection is closed and re-opened after SSE_RECONNECT_MS (the spec's
 * 300000 ms), instead of the browser's own fast retry loop hammering a struggling server.
 */
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { SSE_RECONNECT_MS } from '@shared/constants';
import { STORAGE_KEYS, writeText } from './storage';

const PRODUCT_EVENTS_URL = '/api/sse/notifications';

/** Query keys that hold product data: ['products', …], ['product', …], ['search', …]. */
export function isProductQuery(query: Pick<Query, 'queryKey'>): boolean {
  const head = query.queryKey[0];
  return typeof head === 'string' && (head.startsWith('product') || head === 'search');
}

/** What a productUpdate does to the client's caches. */
export function applyProductUpdate(queryClient: QueryClient): Promise<void> {
  writeText(STORAGE_KEYS.products, null);
  return queryClient.invalidateQueries({ predicate: isProductQuery });
}

interface LiveUpdateOptions {
  url?: string;
  reconnectMs?: number;
  createSource?: (url: string) => EventSource;
}

/** Opens the stream and keeps it open; returns the function that closes it for good. */
export function connectLiveUpdates(onUpdate: () => void, options: LiveUpdateOptions = {}): () => void {
  const {
    url = PRODUCT_EVENTS_URL,
    reconnectMs = SSE_RECONNECT_MS,
    createSource = (address) => new EventSource(address),
  } = options;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const open = () => {
    timer = null;
    if (stopped) return;
    source = createSource(url);
    source.addEventListener('productUpdate', onUpdate);
    source.onerror = () => {
      source?.close();
      source = null;
      if (!stopped && timer === null) timer = setTimeout(open, reconnectMs);
    };
  };
  open();

  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    source?.close();
    source = null;
  };
}

/**
 * Mounted once in the layout: every page gets live product data, both what the queries hold and
 * what the page's loader gave it (the home grid, a book's page, search results: decision 114).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return connectLiveUpdates(() => {
      void applyProductUpdate(queryClient);
      void revalidate();
    });
  }, [queryClient, revalidate]);
}
