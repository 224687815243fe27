/**
 * Every route of the spec's table. The app layer composes the features: /login, /createAccount and
 * /change_password are the home page with a form over it. Admin screens are loaded on demand, so
 * a shopper's page never downloads admin code.
 */
import { Outlet, matchRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/products/HomePage';
import { ErrorScreen } from './ErrorScreen';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

/**
 * Marks a route the server renders (decision 090) and names the modules its lazy load brings
 * (paths as in the Vite manifest), so the server can link their CSS and preload their code.
 */
export interface ServerRenderedHandle {
  serverRendered: true;
  modules: string[];
}
const serverRendered = (...modules: string[]): ServerRenderedHandle => ({ serverRendered: true, modules });

const adminRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/products/admin/AdminHomePage')).AdminHomePage }) },
  { path: 'orders', lazy: async () => ({ Component: (await import('../features/orders/admin/OrdersPage')).OrdersPage }) },
  { path: 'orders/:orderId', lazy: async () => ({ Component: (await import('../features/orders/admin/OrderDetailPage')).OrderDetailPage }) },
  { path: 'discounts', lazy: async () => ({ Component: (await import('../features/discounts/admin/DiscountsPage')).DiscountsPage }) },
  { path: 'add_product', lazy: async () => ({ Component: (await import('../features/products/admin/ProductFormPage')).ProductFormPage }) },
  { path: 'edit_product/:id', lazy: async () => ({ Component: (await import('../features/products/admin/ProductFormPage')).ProductFormPage }) },
];

async function profileRoute() {
  const [{ ProfilePage }, { ProfilePasswordPanel, VerificationStatus }, { OrderHistory }] = await Promise.all([
    import('../features/profile/ProfilePage'),
    import('../features/auth/ProfileAccount'),
    import('../features/orders/OrderHistory'),
  ]);
  return {
    element: (
      <RequireUser>
        <ProfilePage verification={<VerificationStatus />} changePassword={<ProfilePasswordPanel />} orderHistory={<OrderHistory />} />
      </RequireUser>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', handle: serverRendered(), element: <HomePage /> },
      { path: '/home', handle: serverRendered(), element: <HomePage /> },
      { path: '/index', handle: serverRendered(), element: <HomePage /> },
      // The account forms load on demand: most visits to the home page never open them.
      {
        path: '/login',
        lazy: async () => {
          const { LoginForm } = await import('../features/auth/LoginForm');
          return { element: <GuestOnly><HomePage overlay={<LoginForm />} /></GuestOnly> };
        },
      },
      {
        path: '/createAccount',
        lazy: async () => {
          const { CreateAccountForm } = await import('../features/auth/CreateAccountForm');
          return { element: <GuestOnly><HomePage overlay={<CreateAccountForm />} /></GuestOnly> };
        },
      },
      {
        path: '/change_password',
        lazy: async () => {
          const { ChangePasswordForm } = await import('../features/auth/ChangePasswordForm');
          return { element: <HomePage overlay={<ChangePasswordForm />} /> };
        },
      },
      {
        // The product page and its reviews load on demand, keeping them out of the home page's JavaScript.
        path: '/item/:name',
        handle: serverRendered('features/products/ProductPage.tsx', 'features/reviews/ProductReviews.tsx'),
        lazy: async () => {
          const [{ ProductPage }, { ProductReviews }] = await Promise.all([
            import('../features/products/ProductPage'),
            import('../features/reviews/ProductReviews'),
          ]);
          return { element: <ProductPage renderReviews={(product) => <ProductReviews productId={product.id} />} /> };
        },
      },
      // Static pages are loaded on demand: they are not part of the home page's JavaScript.
      { path: '/about', handle: serverRendered('features/pages/AboutPage.tsx'), lazy: async () => ({ Component: (await import('../features/pages/AboutPage')).AboutPage }) },
      { path: '/contact', handle: serverRendered('features/pages/ContactPage.tsx'), lazy: async () => ({ Component: (await import('../features/pages/ContactPage')).ContactPage }) },
      { path: '/privacy', handle: serverRendered('features/pages/PrivacyPage.tsx'), lazy: async () => ({ Component: (await import('../features/pages/PrivacyPage')).PrivacyPage }) },
      // Every page but the home page loads on demand, so the home page's JavaScript stays small.
      { path: '/cart', lazy: async () => ({ Component: (await import('../features/cart/CartPage')).CartPage }) },
      { path: '/checkout/demo/:sessionId', lazy: async () => ({ Component: (await import('../features/checkout/DemoCheckoutPage')).DemoCheckoutPage }) },
      { path: '/review/order/:orderId', lazy: async () => ({ Component: (await import('../features/reviews/ReviewPage')).ReviewPage }) },
      {
        path: '/wishlist',
        lazy: async () => {
          const { WishlistPage } = await import('../features/wishlist/WishlistPage');
          return { element: <RequireUser><WishlistPage /></RequireUser> };
        },
      },
      { path: '/profile', lazy: profileRoute },
      { path: '/profile/change_password/:id', lazy: profileRoute },
      { path: '/admin', element: <RequireAdmin><Outlet /></RequireAdmin>, children: adminRoutes },
      { path: '*', handle: serverRendered(), element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the lazy routes that match a page before the first render, as hydrating a
 * server-rendered page needs (its components must be there, not a pending load).
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
