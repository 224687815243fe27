/** Placeholder: built by its feature's issue. */
export function DemoCheckoutPage() {
  return (
    <main className="page">
      <h1>Demo payment</h1>
    </main>
  );
}
