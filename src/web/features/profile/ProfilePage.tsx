/** Placeholder: built by its feature's issue. */
export function ProfilePage() {
  return (
    <main className="page">
      <h1>Profile</h1>
    </main>
  );
}
