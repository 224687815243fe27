/** The product grid (the router gives it to the wishlist page) and the admin's product list (the discounts page's types); the header's search box is products/search/index.ts. */
export { useAdminProducts } from './admin/api';
export { ProductGrid } from './ProductGrid';
