/**
 * The basket, shared by product cards, the product page, the header and the cart page.
 *
 * Guests: a local list (local storage key `cart`). Signed-in users: the server's cart, cached by
 * TanStack Query under the per-user key ['cart', userId]; every change is applied at once
 * (optimistically) and rolled back with the spec's error banner when the server refuses it.
 * On sign-in the guest list is merged into the account's cart (docs/spec/decisions.md: quantities summed,
 * capped at 99) and then cleared, so nothing a guest chose is lost.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { CART_QTY_MAX, CART_QTY_MIN } from '@shared/constants';
import * as MSG from '@shared/messages-every-page';
import { answer, api, serverMessage } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession, type Session } from '../../lib/session';
import { STORAGE_KEYS, readText, writeJson } from '../../lib/storage';
import { focusedControl, showAddedToBasket } from './basket-panel-store';

export interface BasketLine {
  product_id: string;
  qty: number;
}

const cartKey = (userId: string) => ['cart', userId] as const;

const clampQty = (qty: number) => Math.min(CART_QTY_MAX, Math.max(CART_QTY_MIN, Math.trunc(qty)));

/** Sums `extra` into `base`, one line per product, quantities capped at 99 (the merge rule). */
export function mergeLines(base: readonly BasketLine[], extra: readonly BasketLine[]): BasketLine[] {
  const merged = base.map((line) => ({ ...line }));
  for (const line of extra) {
    const existing = merged.find((m) => m.product_id === line.product_id);
    if (existing) existing.qty = clampQty(existing.qty + line.qty);
    else merged.push({ product_id: line.product_id, qty: clampQty(line.qty) });
  }
  return merged;
}

/**
 * A list with one product's quantity set (0 removes the line). A new line goes at the end, or at
 * `at` (a removed line put back where it was).
 */
export function withQty(lines: readonly BasketLine[], productId: string, qty: number, at = lines.length): BasketLine[] {
  if (qty <= 0) return lines.filter((line) => line.product_id !== productId);
  const exists = lines.some((line) => line.product_id === productId);
  if (exists) return lines.map((line) => (line.product_id === productId ? { ...line, qty: clampQty(qty) } : line));
  const index = Math.min(Math.max(0, at), lines.length);
  return [...lines.slice(0, index), { product_id: productId, qty: clampQty(qty) }, ...lines.slice(index)];
}

// ---- the guest's local list -------------------------------------------------------------------

/**
 * The basket kept in local storage, as far as it can be read: `damaged` when what was stored is
 * not a list of lines (or some of its lines are not), which the shopper is told once
 * ('Failed to load cached cart data') while the readable lines are kept.
 */
export function parseStoredLines(text: string | null): { lines: BasketLine[]; damaged: boolean } {
  let stored: unknown = [];
  try {
    if (text !== null) stored = JSON.parse(text);
  } catch {
    stored = null;
  }
  const list = (Array.isArray(stored) ? stored : []) as Partial<BasketLine>[];
  const lines = list
    .filter((line) => typeof line?.product_id === 'string' && Number.isInteger(line.qty) && line.qty! >= 1)
    .map((line) => ({ product_id: line.product_id!, qty: clampQty(line.qty!) }));
  return { lines, damaged: lines.length !== list.length || !Array.isArray(stored) };
}

function readGuestLines(): { lines: BasketLine[]; damaged: boolean } {
  if (typeof localStorage === 'undefined') return { lines: [], damaged: false };
  const read = parseStoredLines(readText(STORAGE_KEYS.guestCart));
  // Keep what could be read, so the message is not shown again on the next page.
  if (read.damaged) writeJson(STORAGE_KEYS.guestCart, read.lines);
  return read;
}

const firstRead = readGuestLines();
let guestLines: BasketLine[] = firstRead.lines;
/** The stored basket could not be read whole when the app started; shown once by the first basket mounted. */
let unreadCachedCart = firstRead.damaged;
/** What a server-rendered page shows while hydrating (lib/hydration.ts). */
const NO_LINES: BasketLine[] = [];
const listeners = new Set<() => void>();

function setGuestLines(next: BasketLine[]) {
  guestLines = next;
  writeJson(STORAGE_KEYS.guestCart, guestLines);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab changed the guest basket: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.guestCart) {
      guestLines = parseStoredLines(event.newValue).lines;
      for (const listener of listeners) listener();
    }
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

// ---- server calls -----------------------------------------------------------------------------

const cartLines = answer('cart', 'cartLinesSchema');
const ok = answer('cart', 'okSchema');

const fetchCart = (userId: string) => api.get(`/api/server/get_cart/${encodeURIComponent(userId)}`, cartLines);
const updateCartLine = (userId: string, productId: string, qty: number) =>
  api.post('/api/server/update_cart', ok, { user_id: userId, product_id: productId, qty });
const removeCartLine = (userId: string, productId: string) =>
  api.post('/api/server/remove_cart_product', ok, { user_id: userId, product_id: productId });
const mergeCart = (userId: string, items: BasketLine[], token: string) =>
  api.post('/api/server/merge_cart', cartLines, { user_id: userId, items }, { token });

const merging = new Map<string, Promise<void>>();

/**
 * Adds the guest's local basket to the signed-in account's cart and clears the local list.
 * Call it right after a sign-in (the basket also does it by itself when it sees a session and a
 * non-empty guest list). Safe to call more than once: concurrent calls share one request.
 */
export function mergeGuestBasketAfterSignIn(
  session: Pick<Session, 'id' | 'token'> & { role?: string },
  queryClient?: QueryClient,
): Promise<void> {
  if (session.role === 'admin') return Promise.resolve(); // admins have no basket; the guest list waits
  const pending = merging.get(session.id);
  if (pending) return pending;
  const items = guestLines;
  if (items.length === 0) return Promise.resolve();
  const run = mergeCart(session.id, items, session.token)
    .then((merged) => {
      // Only forget what was sent: a line added meanwhile stays for the next merge.
      setGuestLines(guestLines.filter((line) => !items.includes(line)));
      queryClient?.setQueryData(cartKey(session.id), merged);
    })
    .finally(() => merging.delete(session.id));
  merging.set(session.id, run);
  return run;
}

// ---- the hook ---------------------------------------------------------------------------------

/**
 * Where a change was made, for its words (decision 096): the cart page speaks of its items
 * ('Item removed from cart', 'Updated quantity'); everywhere else of the basket ('Added to
 * basket', 'Removed from basket').
 */
export type BasketPlace = 'cartPage' | 'elsewhere';

export interface CartChange {
  productId: string;
  /** The line's quantity after the change (0 for a removal). */
  qty: number;
  /** `restore`: a line removed on the cart page put back (its Undo), with its quantity and place. */
  kind: 'add' | 'set' | 'remove' | 'restore';
  place: BasketPlace;
  /** The product already had a line: an add then changes that line's quantity. */
  hadLine?: boolean;
  name?: string;
  /** An add: how many were added, and the control that added them (the basket panel's). */
  added?: number;
  opener?: HTMLElement | null;
  /** A restore: where the line stood. */
  index?: number;
}

/** After a change was kept: the banner, and for an add the basket panel (decision 098). */
function announce(change: CartChange, showBanner: ReturnType<typeof useBanner>['show']) {
  const action = change.kind === 'add' ? 'cart' : 'success';
  showBanner({ content: basketSuccessText(change), action, product: change.name });
  if (change.kind === 'add') showAddedToBasket(change.productId, change.added ?? 1, change.opener ?? null);
}

const nextLines = (lines: readonly BasketLine[], change: CartChange) =>
  withQty(lines, change.productId, change.kind === 'remove' ? 0 : change.qty, change.index);

/** The banner after a change the shop (or, for a guest, the browser) kept. */
export function basketSuccessText({ kind, place }: Pick<CartChange, 'kind' | 'place'>): string {
  if (kind === 'remove') return place === 'cartPage' ? MSG.itemRemovedFromCart : MSG.removedFromBasket;
  return kind === 'add' || kind === 'restore' ? MSG.addedToBasket : MSG.updatedQuantity;
}

/**
 * The banner after a change that failed and was rolled back. On the cart page a removal the shop
 * refused is 'Failed to remove item', one that never got an answer (the shop could not be
 * reached, or its answer was unreadable) 'Error removing item'.
 */
export function basketFailureText(
  { kind, place, hadLine }: Pick<CartChange, 'kind' | 'place' | 'hadLine'>,
  error: unknown,
): string {
  if (kind === 'add') return hadLine ? MSG.failedUpdateQuantityInBasket : MSG.errorSavingBasket;
  if (kind === 'restore') return MSG.errorSavingBasket;
  if (place !== 'cartPage') return kind === 'set' ? MSG.failedUpdateQuantityInBasket : MSG.failedRemoveFromBasket;
  if (kind === 'set') return MSG.failedUpdateQuantity;
  return serverMessage(error) === null ? MSG.errorRemovingItem : MSG.failedRemoveItem;
}

export function useBasket() {
  const { session } = useSession();
  const userId = session && session.role !== 'admin' ? session.id : null;
  const queryClient = useQueryClient();
  const banner = useBanner();
  const showBanner = banner.show;
  const local = useSyncExternalStore(
    subscribe,
    () => guestLines,
    () => NO_LINES,
  );

  const cart = useQuery({
    queryKey: cartKey(userId ?? ''),
    queryFn: () => fetchCart(userId!),
    enabled: userId !== null,
  });

  useEffect(() => {
    if (!unreadCachedCart) return;
    unreadCachedCart = false;
    showBanner({ content: MSG.failedLoadCachedCart, action: 'error' });
  }, [showBanner]);

  useEffect(() => {
    if (session && userId && local.length > 0) {
      mergeGuestBasketAfterSignIn(session, queryClient).catch(() =>
        showBanner({ content: MSG.errorSavingBasket, action: 'error' }),
      );
    }
  }, [session, userId, local, queryClient, showBanner]);

  const mutation = useMutation({
    mutationKey: ['cart', userId, 'change'],
    mutationFn: (change: CartChange) =>
      change.kind === 'remove'
        ? removeCartLine(userId!, change.productId)
        : updateCartLine(userId!, change.productId, change.qty),
    onMutate: async (change) => {
      const key = cartKey(userId!);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BasketLine[]>(key);
      queryClient.setQueryData<BasketLine[]>(key, nextLines(previous ?? [], change));
      return { previous };
    },
    onError: (error, change, context) => {
      queryClient.setQueryData(cartKey(userId!), context?.previous);
      showBanner({ content: basketFailureText(change, error), action: 'error', product: change.name });
    },
    onSuccess: (_data, change) => announce(change, showBanner),
    onSettled: () => {
      // Re-read the server's cart once the last change of a burst has landed.
      if (queryClient.isMutating({ mutationKey: ['cart', userId, 'change'] }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: cartKey(userId!) });
      }
    },
  });

  const items = useMemo(() => (userId ? (cart.data ?? []) : local), [userId, cart.data, local]);
  const { mutate } = mutation;

  const change = useCallback(
    (next: CartChange) => {
      if (userId) {
        mutate(next);
        return;
      }
      setGuestLines(nextLines(guestLines, next));
      announce(next, showBanner);
    },
    [userId, mutate, showBanner],
  );

  const current = useCallback(
    (productId: string) => {
      const lines = userId ? (queryClient.getQueryData<BasketLine[]>(cartKey(userId)) ?? []) : guestLines;
      return lines.find((line) => line.product_id === productId)?.qty ?? 0;
    },
    [userId, queryClient],
  );

  return useMemo(
    () => ({
      items,
      count: items.reduce((sum, line) => sum + line.qty, 0),
      /** True while a signed-in user's cart is first loading. */
      isLoading: userId !== null && cart.isPending,
      isError: userId !== null && cart.isError,
      /** Adds `qty` (default 1) of a product; the line's quantity is capped at 99. */
      add(productId: string, qty = 1, name?: string) {
        const had = current(productId);
        const next = clampQty(had + qty);
        change({
          kind: 'add',
          productId,
          qty: next,
          place: 'elsewhere',
          hadLine: had > 0,
          name,
          added: next - had,
          opener: focusedControl(),
        });
      },
      /** Sets a line's quantity (1 to 99): the cart page's quantity controls. */
      setQty(productId: string, qty: number, name?: string) {
        if (!Number.isFinite(qty) || qty < CART_QTY_MIN) return;
        change({ kind: 'set', productId, qty: clampQty(qty), place: 'cartPage', name });
      },
      /** Takes a product's line out; `place` chooses the words (the cart page's own, by default). */
      remove(productId: string, name?: string, place: BasketPlace = 'cartPage') {
        change({ kind: 'remove', productId, qty: 0, place, name });
      },
      /** Puts back a line removed on the cart page (its Undo), with its quantity, at `index`. */
      restore(productId: string, qty: number, index: number, name?: string) {
        change({ kind: 'restore', productId, qty: clampQty(qty), place: 'cartPage', name, index });
      },
      /** Empties the local basket after a paid order (the server cleared the account's cart itself). */
      clear() {
        setGuestLines([]);
        if (userId) {
          queryClient.setQueryData<BasketLine[]>(cartKey(userId), []);
          void queryClient.invalidateQueries({ queryKey: cartKey(userId) });
        }
      },
    }),
    [items, userId, cart.isPending, cart.isError, change, current, queryClient],
  );
}
