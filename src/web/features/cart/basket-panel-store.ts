/**
 * What the basket panel shows: the book last added and the control that added it (where focus
 * goes back when the panel closes). The basket (basket.ts) opens it when an add is kept, wherever
 * the add was made; the panel (BasketPanel.tsx, mounted once by the layout) reads it. A store of
 * its own rather than a context, so that the basket can open the panel from its mutation's
 * callbacks without a provider of its own (decision 098).
 */
import { useSyncExternalStore } from 'react';

export interface AddedToBasket {
  productId: string;
  /** How many were just added (the line may hold more). */
  added: number;
  /** The control the shopper used; focus returns there when the panel closes. */
  opener: HTMLElement | null;
  /** Tells one add from the next of the same book, so the panel takes focus again. */
  serial: number;
}

let current: AddedToBasket | null = null;
let serial = 0;
const listeners = new Set<() => void>();

function set(next: AddedToBasket | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** The element that has focus now, as the opener to return to (none when it is the page itself). */
export function focusedControl(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

export function showAddedToBasket(productId: string, added: number, opener: HTMLElement | null): void {
  serial += 1;
  set({ productId, added, opener, serial });
}

export function closeBasketPanel(): void {
  if (current) set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useAddedToBasket(): AddedToBasket | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
