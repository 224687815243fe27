/**
 * The wishlist, shared by product cards, the product page and the wishlist page. Signed-in users
 * only: a guest's heart goes to /login. Cached under the per-user key ['wishlist', userId];
 * a toggle shows at once and is rolled back with the spec's error banner when the server refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@shared/messages';
import { answer, api } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';

interface WishlistEntry {
  product_id: string;
}

export const wishlistKey = (userId: string) => ['wishlist', userId] as const;

const wishlistEntries = answer('cart', 'wishlistEntriesSchema');
const ok = answer('cart', 'okSchema');

const fetchWishlist = (userId: string) => api.get(`/api/server/get_wishlist/${encodeURIComponent(userId)}`, wishlistEntries);

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
  });

  const mutation = useMutation({
    mutationKey: ['wishlist', userId, 'toggle'],
    mutationFn: ({ productId, add }: Toggle) =>
      api.post(add ? '/api/server/add_wishlist' : '/api/server/remove_wishlist', ok, { user_id: userId, product_id: productId }),
    onMutate: async ({ productId, add }) => {
      const key = wishlistKey(userId!);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<WishlistEntry[]>(key);
      const without = (previous ?? []).filter((entry) => entry.product_id !== productId);
      queryClient.setQueryData<WishlistEntry[]>(key, add ? [...without, { product_id: productId }] : without);
      return { previous };
    },
    onError: (_error, { add, name }, context) => {
      queryClient.setQueryData(wishlistKey(userId!), context?.previous);
      showBanner({ content: add ? MSG.errorAddingToWishlist : MSG.errorRemovingFromWishlist, action: 'error', product: name });
    },
    onSuccess: (_data, { add, name }) => {
      showBanner({ content: add ? MSG.addedToWishlist : MSG.removedFromWishlist, action: add ? 'love' : 'success', product: name });
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
      isLoading: userId !== null && entries.isPending,
      isError: userId !== null && entries.isError,
    }),
    [has, toggle, ids, userId, entries.isPending, entries.isError],
  );
}
