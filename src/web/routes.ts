/**
 * Every route of the spec's table (section 2), as React Router route modules (decision 114). Each
 * module is its own code chunk: a shopper's page never downloads admin code. /login,
 * /createAccount, /change_password and /choose_password are the home page with a form over it.
 */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/shell.tsx', [
    index('routes/home.tsx'),
    route('home', 'routes/home.tsx', { id: 'routes/home-alias' }),
    route('index', 'routes/home.tsx', { id: 'routes/index-alias' }),
    route('search', 'routes/search.tsx'),
    route('login', 'routes/login.tsx'),
    route('createAccount', 'routes/create-account.tsx'),
    route('change_password', 'routes/change-password.tsx'),
    route('choose_password', 'routes/choose-password.tsx'),
    route('item/:name', 'routes/product.tsx'),
    route('about', 'routes/about.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('cancel_order', 'routes/cancel-order.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('checkout/demo/:sessionId', 'routes/demo-checkout.tsx'),
    route('review/order/:orderId', 'routes/review.tsx'),
    route('orders/:orderId/problem', 'routes/report-problem.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('profile/change_password/:id', 'routes/profile.tsx', { id: 'routes/profile-change-password' }),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/home.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderId', 'routes/admin/order.tsx'),
      route('discounts', 'routes/admin/discounts.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('privacy', 'routes/admin/privacy.tsx'),
      route('delivery', 'routes/admin/delivery.tsx'),
      route('add_product', 'routes/admin/product-form.tsx'),
      route('products/spreadsheet', 'routes/admin/product-spreadsheet.tsx'),
      route('edit_product/:id', 'routes/admin/product-form.tsx', { id: 'routes/admin/edit-product' }),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
