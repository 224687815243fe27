/** Placeholder: built by its feature's issue. */
export function ProductPage() {
  return (
    <main className="page">
      <h1>Product</h1>
    </main>
  );
}
