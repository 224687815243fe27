/** Placeholder: built by its feature's issue. */
export function CartPage() {
  return (
    <main className="page">
      <h1>Your basket</h1>
    </main>
  );
}
