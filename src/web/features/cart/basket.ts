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
import { MSG } from '@shared/messages';
import { answer, api } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession, type Session } from '../../lib/session';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage';

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

/** A list with one product's quantity set (0 removes the line). */
export function withQty(lines: readonly BasketLine[], productId: string, qty: number): BasketLine[] {
  if (qty <= 0) return lines.filter((line) => line.product_id !== productId);
  const exists = lines.some((line) => line.product_id === productId);
  return exists
    ? lines.map((line) => (line.product_id === productId ? { ...line, qty: clampQty(qty) } : line))
    : [...lines, { product_id: productId, qty: clampQty(qty) }];
}

// ---- the guest's local list -------------------------------------------------------------------

function readGuestLines(): BasketLine[] {
  if (typeof localStorage === 'undefined') return [];
  const stored = readJson<unknown>(STORAGE_KEYS.guestCart, []);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (line): line is BasketLine =>
      typeof line === 'object' && line !== null && typeof line.product_id === 'string' && Number.isInteger(line.qty) && line.qty >= 1,
  );
}

let guestLines: BasketLine[] = readGuestLines();
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
      guestLines = readGuestLines();
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
export function mergeGuestBasketAfterSignIn(session: Pick<Session, 'id' | 'token'> & { role?: string }, queryClient?: QueryClient): Promise<void> {
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

type CartChange = { productId: string; qty: number; kind: 'add' | 'set' | 'remove'; name?: string };

const errorText: Record<CartChange['kind'], string> = {
  add: MSG.errorSavingBasket,
  set: MSG.failedUpdateQuantityInBasket,
  remove: MSG.failedRemoveFromBasket,
};
const successText: Record<CartChange['kind'], string> = {
  add: MSG.addedToBasket,
  set: MSG.updatedQuantity,
  remove: MSG.itemRemovedFromCart,
};

export function useBasket() {
  const { session } = useSession();
  const userId = session && session.role !== 'admin' ? session.id : null;
  const queryClient = useQueryClient();
  const banner = useBanner();
  const showBanner = banner.show;
  const local = useSyncExternalStore(subscribe, () => guestLines, () => NO_LINES);

  const cart = useQuery({
    queryKey: cartKey(userId ?? ''),
    queryFn: () => fetchCart(userId!),
    enabled: userId !== null,
  });

  useEffect(() => {
    if (session && userId && local.length > 0) {
      mergeGuestBasketAfterSignIn(session, queryClient).catch(() => showBanner({ content: MSG.errorSavingBasket, action: 'error' }));
    }
  }, [session, userId, local, queryClient, showBanner]);

  const mutation = useMutation({
    mutationKey: ['cart', userId, 'change'],
    mutationFn: (change: CartChange) =>
      change.kind === 'remove' ? removeCartLine(userId!, change.productId) : updateCartLine(userId!, change.productId, change.qty),
    onMutate: async (change) => {
      const key = cartKey(userId!);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BasketLine[]>(key);
      queryClient.setQueryData<BasketLine[]>(key, withQty(previous ?? [], change.productId, change.kind === 'remove' ? 0 : change.qty));
      return { previous };
    },
    onError: (_error, change, context) => {
      queryClient.setQueryData(cartKey(userId!), context?.previous);
      showBanner({ content: errorText[change.kind], action: 'error', product: change.name });
    },
    onSuccess: (_data, change) => {
      showBanner({ content: successText[change.kind], action: change.kind === 'add' ? 'cart' : 'success', product: change.name });
    },
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
      setGuestLines(withQty(guestLines, next.productId, next.kind === 'remove' ? 0 : next.qty));
      showBanner({ content: successText[next.kind], action: next.kind === 'add' ? 'cart' : 'success', product: next.name });
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
        change({ kind: 'add', productId, qty: clampQty(current(productId) + qty), name });
      },
      /** Sets a line's quantity (1 to 99). */
      setQty(productId: string, qty: number, name?: string) {
        if (!Number.isFinite(qty) || qty < CART_QTY_MIN) return;
        change({ kind: 'set', productId, qty: clampQty(qty), name });
      },
      remove(productId: string, name?: string) {
        change({ kind: 'remove', productId, qty: 0, name });
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
