/** Placeholder: built by the storefront issue. `overlay` is the login / sign-up / change-password form. */
import type { ReactNode } from 'react';

export function HomePage({ overlay }: { overlay?: ReactNode }) {
  return (
    <main className="page">
      <h1>Books</h1>
      {overlay}
    </main>
  );
}
