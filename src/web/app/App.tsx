import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { BannerProvider, useBanner } from '../lib/banner';
import { HydrationMark } from '../lib/hydration';
import { SessionProvider, useSession } from '../lib/session';

/** A session the server refused (ended elsewhere, or expired): signed out here, with the server's reason on screen. */
function UnauthorizedBridge() {
  const { signOut } = useSession();
  const { show } = useBanner();
  useEffect(
    () =>
      setUnauthorizedHandler((reason) => {
        signOut();
        show({ content: reason, action: 'error' });
      }),
    [signOut, show],
  );
  return null;
}

/** A deliberate sign-out's destination is forgotten once the visitor is there (lib/session.tsx, decision 168). */
function ArrivalMark() {
  const { pathname } = useLocation();
  const { leavingTo, arrived } = useSession();
  useEffect(() => {
    if (leavingTo !== null && pathname === leavingTo) arrived();
  }, [pathname, leavingTo, arrived]);
  return null;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * The providers every page needs around the router: the browser passes its RouterProvider,
 * the server renderer (entry-server.tsx) its StaticRouterProvider.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <HydrationMark />
        <BannerProvider>
          <UnauthorizedBridge />
          <ArrivalMark />
          {children}
        </BannerProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
