import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { setUnauthorizedHandler } from '../lib/api';
import { BannerProvider } from '../lib/banner';
import { HydrationMark } from '../lib/hydration';
import { SessionProvider, useSession } from '../lib/session';

function UnauthorizedBridge() {
  const { signOut } = useSession();
  useEffect(() => setUnauthorizedHandler(signOut), [signOut]);
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
        <UnauthorizedBridge />
        <HydrationMark />
        <BannerProvider>{children}</BannerProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
