/** Placeholder: built by its feature's issue. */
export function DiscountsPage() {
  return (
    <main className="page">
      <h1>Manage Discounts</h1>
    </main>
  );
}
