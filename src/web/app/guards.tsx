/**
 * Route guards, as the spec's route table says: guests on a protected page go to /login; anyone
 * but an admin on an admin page (guests included) goes to /; signed-in users skip /login.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

export function RequireUser({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <>{children}</> : <GuestAway />;
}

/**
 * Where a signed-in page sends a guest: to /login, unless the visitor has just signed out on
 * purpose and is on the way somewhere (Log out, a deleted account): then on to there, so a sign-out
 * that lands before its own navigation does not end on /login (decision 168).
 */
function GuestAway() {
  const { leavingTo } = useSession();
  return <Navigate to={leavingTo ?? '/login'} replace />;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session?.role === 'admin' ? <>{children}</> : <Navigate to="/" replace />;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <Navigate to="/" replace /> : <>{children}</>;
}
