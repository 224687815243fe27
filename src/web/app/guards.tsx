/** Route guards: guests go to /login; non-admins on admin routes go to /; signed-in users skip /login. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

export function RequireUser({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <>{children}</> : <Navigate to="/login" replace />;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return session.role === 'admin' ? <>{children}</> : <Navigate to="/" replace />;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <Navigate to="/" replace /> : <>{children}</>;
}
