/** Placeholder: built by its feature's issue. */
export function AboutPage() {
  return (
    <main className="page">
      <h1>About us</h1>
    </main>
  );
}
