/**
 * The wishlist, shared by product cards, the product page and the wishlist page. Signed-in users
 * only: a guest's heart goes to /login. Cached under the per-user key ['wishlist', userId] and kept
 * in local storage like the products and the basket (spec section 9): a returning shopper's hearts
 * show at once, and the list is always refreshed from the server on first use (decision 096).
 * A toggle shows at once and is rolled back with the spec's error banner when it fails.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import * as MSG from '@shared/messages-every-page';
import { answer, api, serverMessage } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage';

export interface WishlistEntry {
  product_id: string;
}

export const wishlistKey = (userId: string) => ['wishlist', userId] as const;

const wishlistEntries = answer('wishlist', 'wishlistEntriesSchema');
const ok = answer('cart', 'okSchema');

/** The banner when the wishlist could not be fetched: refused ('Failed …') or unreachable ('Error …'). */
export function wishlistFetchFailureText(error: unknown): string {
  return serverMessage(error) === null ? MSG.errorFetchingWishlist : MSG.failedFetchWishlist;
}

/** The banner when a heart could not be changed: the shop refused it, or no answer came back. */
export function wishlistToggleFailureText(add: boolean, error: unknown): string {
  if (serverMessage(error) === null) return MSG.errorUpdatingWishlist;
  return add ? MSG.errorAddingToWishlist : MSG.errorRemovingFromWishlist;
}

/** The kept copy of `userId`'s wishlist, if the one kept is theirs. */
export function storedWishlist(stored: unknown, userId: string): WishlistEntry[] | undefined {
  const kept = stored as { userId?: unknown; entries?: unknown } | null;
  return kept?.userId === userId && Array.isArray(kept.entries) ? (kept.entries as WishlistEntry[]) : undefined;
}

async function fetchWishlist(userId: string): Promise<WishlistEntry[]> {
  const entries = await api.get(`/api/server/get_wishlist/${encodeURIComponent(userId)}`, wishlistEntries);
  // Kept from every answer; a toggle is followed by a fetch (onSettled), which keeps its outcome.
  writeJson(STORAGE_KEYS.wishlist, { userId, entries });
  return entries;
}

/** The time of the last fetch failure a banner was shown for: every mounted heart shares one query. */
let reportedFailureAt = 0;

type Toggle = { productId: string; add: boolean; name?: string };

export function useWishlist() {
  const { session } = useSession();
  const userId = session && session.role !== 'admin' ? session.id : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { show: showBanner } = useBanner();

  const entries = useQuery({
    queryKey: wishlistKey(userId ?? ''),
    queryFn: () => fetchWishlist(userId!),
    enabled: userId !== null,
    initialData: () => (userId ? storedWishlist(readJson<unknown>(STORAGE_KEYS.wishlist, null), userId) : undefined),
    // The kept copy is shown at once but always refreshed on first use.
    initialDataUpdatedAt: 0,
  });

  const { isError, error, errorUpdatedAt } = entries;
  useEffect(() => {
    if (!isError || errorUpdatedAt <= reportedFailureAt) return;
    reportedFailureAt = errorUpdatedAt;
    showBanner({ content: wishlistFetchFailureText(error), action: 'error' });
  }, [isError, error, errorUpdatedAt, showBanner]);

  const mutation = useMutation({
    mutationKey: ['wishlist', userId, 'toggle'],
    mutationFn: ({ productId, add }: Toggle) =>
      api.post(add ? '/api/server/add_wishlist' : '/api/server/remove_wishlist', ok, {
        user_id: userId,
        product_id: productId,
      }),
    onMutate: async ({ productId, add }) => {
      const key = wishlistKey(userId!);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<WishlistEntry[]>(key);
      const without = (previous ?? []).filter((entry) => entry.product_id !== productId);
      queryClient.setQueryData<WishlistEntry[]>(key, add ? [...without, { product_id: productId }] : without);
      return { previous };
    },
    onError: (failure, { add, name }, context) => {
      queryClient.setQueryData(wishlistKey(userId!), context?.previous);
      showBanner({ content: wishlistToggleFailureText(add, failure), action: 'error', product: name });
    },
    onSuccess: (_data, { add, name }) => {
      showBanner({
        content: add ? MSG.addedToWishlist : MSG.removedFromWishlist,
        action: add ? 'love' : 'success',
        product: name,
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: ['wishlist', userId, 'toggle'] }) <= 1) {
        // Prefix: also refreshes the wishlist page's product list.
        void queryClient.invalidateQueries({ queryKey: wishlistKey(userId!) });
      }
    },
  });

  const ids = useMemo(() => new Set((entries.data ?? []).map((entry) => entry.product_id)), [entries.data]);
  const { mutate } = mutation;

  const has = useCallback((productId: string) => ids.has(productId), [ids]);
  const toggle = useCallback(
    (productId: string, name?: string) => {
      if (!userId) {
        navigate('/login');
        return;
      }
      mutate({ productId, add: !ids.has(productId), name });
    },
    [userId, ids, mutate, navigate],
  );

  return useMemo(
    () => ({
      has,
      toggle,
      ids,
      count: ids.size,
      /** The hearts are known (from the server, or the kept copy while it answers). */
      isKnown: userId !== null && entries.data !== undefined,
      isLoading: userId !== null && entries.isPending,
      isError: userId !== null && entries.isError,
    }),
    [has, toggle, ids, userId, entries.data, entries.isPending, entries.isError],
  );
}
