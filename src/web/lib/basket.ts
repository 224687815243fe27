/**
 * The basket, shared by product cards, the product page, the header and the cart page.
 * Guests: a local list; signed-in users: the server's cart (optimistic, rolled back on error).
 * (A local-only stand-in until the cart issue wires the server.)
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

export interface BasketLine {
  product_id: string;
  qty: number;
}

let lines: BasketLine[] = typeof localStorage === 'undefined' ? [] : readJson<BasketLine[]>(STORAGE_KEYS.guestCart, []);
const listeners = new Set<() => void>();

function set(next: BasketLine[]) {
  lines = next;
  writeJson(STORAGE_KEYS.guestCart, lines);
  for (const listener of listeners) listener();
}

export function useBasket() {
  const items = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => lines,
    () => lines,
  );
  return {
    items,
    count: items.reduce((sum, line) => sum + line.qty, 0),
    add(productId: string, qty = 1) {
      const existing = lines.find((line) => line.product_id === productId);
      set(
        existing
          ? lines.map((line) => (line.product_id === productId ? { ...line, qty: Math.min(99, line.qty + qty) } : line))
          : [...lines, { product_id: productId, qty }],
      );
    },
  };
}
