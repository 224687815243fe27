/** The product grid (the router gives it to the wishlist page), the admin's product list (the discounts page's types) and the header's search box. */
export { useAdminProducts } from './admin/api';
export { ProductGrid } from './ProductGrid';
export { HeaderSearch } from './search/HeaderSearch';
