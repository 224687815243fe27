/** The wishlist's hearts, for the product cards and page. */
export { useWishlist } from './wishlist';
