/** Placeholder: built by its feature's issue. */
export function ProductFormPage() {
  return (
    <main className="page">
      <h1>Add Product</h1>
    </main>
  );
}
