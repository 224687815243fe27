/** The signed-in shopper's wishlist: rendered in the browser, which holds the session. */
import { RequireUser } from '../app/guards';
import { WishlistPage } from '../features/wishlist/WishlistPage';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Wishlist', { noindex: true });

export default function Wishlist() {
  return (
    <RequireUser>
      <WishlistPage />
    </RequireUser>
  );
}
