/**
 * Route guards, as the spec's route table says: guests on a protected page go to /login; anyone
 * but an admin on an admin page (guests included) goes to /; signed-in users skip /login.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

export function RequireUser({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <>{children}</> : <Navigate to="/login" replace />;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session?.role === 'admin' ? <>{children}</> : <Navigate to="/" replace />;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <Navigate to="/" replace /> : <>{children}</>;
}
