/** The spec's route table (section 2), shared so the server can answer 404 for unknown pages. */
export const PAGE_ROUTES = [
  '/',
  '/home',
  '/index',
  '/login',
  '/createAccount',
  '/change_password',
  '/item/:name',
  '/about',
  '/contact',
  '/cart',
  '/privacy',
  '/review/order/:orderId',
  '/wishlist',
  '/profile',
  '/profile/change_password/:id',
  '/admin',
  '/admin/orders',
  '/admin/orders/:orderId',
  '/admin/discounts',
  '/admin/reviews',
  '/admin/delivery',
  '/admin/add_product',
  '/admin/edit_product/:id',
  '/checkout/demo/:sessionId',
] as const;

/** True when the path is one of the app's pages (so the server answers 200, else 404). */
export function isKnownPage(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  return PAGE_ROUTES.some((route) => {
    const pattern = route.split('/').filter(Boolean);
    return (
      pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])
    );
  });
}

export const productPath = (name: string) => `/item/${encodeURIComponent(name)}`;
export const reviewPath = (orderId: string) => `/review/order/${encodeURIComponent(orderId)}`;
/** The admin's page of one order (the owner's new-order mail links to it too). */
export const adminOrderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;
