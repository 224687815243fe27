/** The signed-in shopper's wishlist. */
export { wishlistRoutes } from './routes';
export { addWishlistEntry, wishlist } from './service';
export { deleteWishlist, wishlistForExport } from './privacy';
