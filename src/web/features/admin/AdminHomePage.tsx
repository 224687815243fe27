/** Placeholder: built by its feature's issue. */
export function AdminHomePage() {
  return (
    <main className="page">
      <h1>Admin</h1>
    </main>
  );
}
