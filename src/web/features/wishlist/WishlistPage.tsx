/** Placeholder: built by its feature's issue. */
export function WishlistPage() {
  return (
    <main className="page">
      <h1>Wishlist</h1>
    </main>
  );
}
