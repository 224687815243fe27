/** Placeholder: built by its feature's issue. */
export function OrdersPage() {
  return (
    <main className="page">
      <h1>Orders Overview</h1>
    </main>
  );
}
