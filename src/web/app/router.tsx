/**
 * Every route of the spec's table. The app layer composes the features: /login, /createAccount and
 * /change_password are the home page with a form over it. Admin screens are loaded on demand, so
 * a shopper's page never downloads admin code.
 */
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { ChangePasswordForm } from '../features/auth/ChangePasswordForm';
import { CreateAccountForm } from '../features/auth/CreateAccountForm';
import { LoginForm } from '../features/auth/LoginForm';
import { CartPage } from '../features/cart/CartPage';
import { HomePage } from '../features/catalogue/HomePage';
import { ProductPage } from '../features/catalogue/ProductPage';
import { DemoCheckoutPage } from '../features/checkout/DemoCheckoutPage';
import { AboutPage } from '../features/pages/AboutPage';
import { ContactPage } from '../features/pages/ContactPage';
import { PrivacyPage } from '../features/pages/PrivacyPage';
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
      { path: '/login', element: <GuestOnly><HomePage overlay={<LoginForm />} /></GuestOnly> },
      { path: '/createAccount', element: <GuestOnly><HomePage overlay={<CreateAccountForm />} /></GuestOnly> },
      { path: '/change_password', element: <HomePage overlay={<ChangePasswordForm />} /> },
      { path: '/item/:name', element: <ProductPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout/demo/:sessionId', element: <DemoCheckoutPage /> },
      { path: '/review/order/:orderId', element: <ReviewPage /> },
      { path: '/wishlist', element: <RequireUser><WishlistPage /></RequireUser> },
      { path: '/profile', element: <RequireUser><ProfilePage /></RequireUser> },
      { path: '/profile/change_password/:id', element: <RequireUser><ProfilePage /></RequireUser> },
      { path: '/admin', element: <RequireAdmin><Outlet /></RequireAdmin>, children: adminRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
