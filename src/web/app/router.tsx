/**
 * Every route of the spec's table. The app layer composes the features: /login, /createAccount and
 * /change_password are the home page with a form over it. Admin screens are loaded on demand, so
 * a shopper's page never downloads admin code.
 */
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { ProfilePasswordPanel, VerificationStatus } from '../features/auth/ProfileAccount';
import { CartPage } from '../features/cart/CartPage';
import { HomePage } from '../features/catalogue/HomePage';
import { DemoCheckoutPage } from '../features/checkout/DemoCheckoutPage';
import { OrderHistory } from '../features/orders/OrderHistory';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ReviewPage } from '../features/reviews/ReviewPage';
import { WishlistPage } from '../features/wishlist/WishlistPage';
import { ErrorScreen } from './ErrorScreen';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

const adminRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/admin/AdminHomePage')).AdminHomePage }) },
  { path: 'orders', lazy: async () => ({ Component: (await import('../features/admin/OrdersPage')).OrdersPage }) },
  { path: 'discounts', lazy: async () => ({ Component: (await import('../features/admin/DiscountsPage')).DiscountsPage }) },
  { path: 'add_product', lazy: async () => ({ Component: (await import('../features/admin/ProductFormPage')).ProductFormPage }) },
  { path: 'edit_product/:id', lazy: async () => ({ Component: (await import('../features/admin/ProductFormPage')).ProductFormPage }) },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/index', element: <HomePage /> },
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
        lazy: async () => {
          const [{ ProductPage }, { ProductReviews }] = await Promise.all([
            import('../features/catalogue/ProductPage'),
            import('../features/reviews/ProductReviews'),
          ]);
          return { element: <ProductPage renderReviews={(product) => <ProductReviews productId={product.id} />} /> };
        },
      },
      // Static pages are loaded on demand: they are not part of the home page's JavaScript.
      { path: '/about', lazy: async () => ({ Component: (await import('../features/pages/AboutPage')).AboutPage }) },
      { path: '/contact', lazy: async () => ({ Component: (await import('../features/pages/ContactPage')).ContactPage }) },
      { path: '/privacy', lazy: async () => ({ Component: (await import('../features/pages/PrivacyPage')).PrivacyPage }) },
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout/demo/:sessionId', element: <DemoCheckoutPage /> },
      { path: '/review/order/:orderId', element: <ReviewPage /> },
      { path: '/wishlist', element: <RequireUser><WishlistPage /></RequireUser> },
      { path: '/profile', element: <RequireUser><ProfilePage verification={<VerificationStatus />} changePassword={<ProfilePasswordPanel />} orderHistory={<OrderHistory />} /></RequireUser> },
      { path: '/profile/change_password/:id', element: <RequireUser><ProfilePage verification={<VerificationStatus />} changePassword={<ProfilePasswordPanel />} orderHistory={<OrderHistory />} /></RequireUser> },
      { path: '/admin', element: <RequireAdmin><Outlet /></RequireAdmin>, children: adminRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
