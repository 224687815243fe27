/** Placeholder: built by its feature's issue. */
export function ReviewPage() {
  return (
    <main className="page">
      <h1>Review your order</h1>
    </main>
  );
}
