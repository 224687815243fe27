/** Placeholder: built by its feature's issue. */
export function ContactPage() {
  return (
    <main className="page">
      <h1>Contact Us</h1>
    </main>
  );
}
