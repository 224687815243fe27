/** Placeholder: built by its feature's issue. */
export function PrivacyPage() {
  return (
    <main className="page">
      <h1>Privacy Policy</h1>
    </main>
  );
}
