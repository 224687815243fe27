/** /wishlist (signed-in only; the route guard sends guests to /login): a grid of the wishlisted books. */
import { useQuery } from '@tanstack/react-query';
import * as MSG from '@shared/messages';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { productList } from '../../lib/products';
import { useSession } from '../../lib/session';
import { ProductGrid } from '../products';
import { useWishlist, wishlistKey } from './wishlist';
import styles from './Wishlist.module.css';

/** Under the wishlist's own key, so a heart toggled anywhere refreshes this list too. */
export const wishlistProductsKey = (userId: string) => [...wishlistKey(userId), 'products'] as const;
const fetchWishlistProducts = (userId: string) =>
  api.get(`/api/server/get_wishlist_products/${encodeURIComponent(userId)}`, productList);

export function WishlistPage() {
  const { session } = useSession();
  const userId = session?.id ?? '';
  const wishlist = useWishlist();
  const products = useQuery({
    queryKey: wishlistProductsKey(userId),
    queryFn: () => fetchWishlistProducts(userId),
    enabled: Boolean(userId),
  });
  // A heart just removed leaves at once (the list follows the optimistic wishlist, once it is known).
  const shown = (products.data ?? []).filter((product) => !wishlist.isKnown || wishlist.has(product.id));

  return (
    <main className={`page ${styles.page}`}>
      <h1>Your wishlist</h1>
      {products.isPending ? (
        <Spinner label="Loading your wishlist" />
      ) : products.isError ? (
        <p className={styles.error} role="alert">
          {MSG.errorLoadingWishlist}
        </p>
      ) : shown.length === 0 ? (
        <EmptyState message={MSG.wishlistEmpty} />
      ) : (
        <ProductGrid products={shown} eagerCount={4} headingLevel={2} />
      )}
    </main>
  );
}
