/**
 * The web app's pages (src/web/routes.ts, where the spec's table of section 2 lives), for the
 * server when the web app is not built: 503 "not built" for these, 404 for anything else.
 * scripts/page-routes.test.ts keeps the two lists equal.
 */
export const PAGE_ROUTES = [
  '/',
  '/home',
  '/index',
  '/search',
  '/login',
  '/createAccount',
  '/change_password',
  '/choose_password',
  '/item/:name',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/cancel_order',
  '/cart',
  '/checkout/demo/:sessionId',
  '/review/order/:orderId',
  '/orders/:orderId/problem',
  '/wishlist',
  '/profile',
  '/profile/change_password/:id',
  '/admin',
  '/admin/orders',
  '/admin/orders/:orderId',
  '/admin/discounts',
  '/admin/reviews',
  '/admin/privacy',
  '/admin/delivery',
  '/admin/add_product',
  '/admin/products/spreadsheet',
  '/admin/edit_product/:id',
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
