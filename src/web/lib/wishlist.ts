/**
 * The wishlist, shared by product cards and the product page. Guests' hearts go to /login.
 * (A stand-in until the cart issue wires the server.)
 */
export function useWishlist() {
  return {
    has: (_productId: string) => false,
    toggle: (_productId: string) => {},
  };
}
