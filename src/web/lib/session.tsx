/**
 * The signed-in session, restored from the token kept in local storage under `token`.
 * An expired or malformed token is dropped and the visitor is a guest.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Role, SocialProvider } from '@shared/constants';
import { useIsClient } from './hydration';
import { STORAGE_KEYS, readText, writeText } from './storage';

export interface Session {
  id: string;
  email: string;
  role: Role;
  method: SocialProvider | null;
  token: string;
}

/** Reads a session token's payload (the server checks the signature; the client only reads it). */
function sessionFromToken(token: string | null, now = Date.now()): Session | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = JSON.parse(json) as Record<string, unknown>;
    if (payload.typ !== 'session' || typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
    if (typeof payload.id !== 'string' || typeof payload.email !== 'string') return null;
    const role = payload.role;
    if (role !== 'customer' && role !== 'user' && role !== 'admin') return null;
    const method = payload.method === 'google' || payload.method === 'facebook' ? payload.method : null;
    return { id: payload.id, email: payload.email, role, method, token };
  } catch {
    return null;
  }
}

function storedSession(): Session | null {
  const token = readText(STORAGE_KEYS.token);
  const session = sessionFromToken(token);
  if (token && !session) writeText(STORAGE_KEYS.token, null);
  return session;
}

interface SessionContextValue {
  session: Session | null;
  isAdmin: boolean;
  signIn(token: string): Session | null;
  /**
   * Ends the session here. `to` names where a deliberate sign-out is going (Log out, a deleted
   * account): until the visitor arrives there, a signed-in page's guard sends them on to it rather
   * than to /login, however the sign-out and the navigation are ordered (decision 168).
   */
  signOut(to?: string): void;
  /** Where a deliberate sign-out is going, until the visitor arrives there; else null. */
  leavingTo: string | null;
  /** Called on arrival at `leavingTo` (app/App.tsx): from then on a guard sends guests to /login again. */
  arrived(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(storedSession);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  const signIn = useCallback((token: string) => {
    const next = sessionFromToken(token);
    writeText(STORAGE_KEYS.token, next ? token : null);
    setSession(next);
    setLeavingTo(null);
    return next;
  }, []);

  const signOut = useCallback((to?: string) => {
    writeText(STORAGE_KEYS.token, null);
    writeText(STORAGE_KEYS.adminVerificationToken, null);
    writeText(STORAGE_KEYS.wishlist, null); // the next person at this browser does not see it
    setSession(null);
    setLeavingTo(to ?? null);
  }, []);
  const arrived = useCallback(() => setLeavingTo(null), []);

  // A server-rendered page is a guest's page until hydration is over (lib/hydration.ts).
  const shown = useIsClient() ? session : null;
  const value = useMemo(
    () => ({ session: shown, isAdmin: shown?.role === 'admin', signIn, signOut, leavingTo, arrived }),
    [shown, signIn, signOut, leavingTo, arrived],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs <SessionProvider>');
  return value;
}
