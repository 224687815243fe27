import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { BannerProvider } from '../lib/banner';
import { SessionProvider, useSession } from '../lib/session';
import { router } from './router';

function UnauthorizedBridge() {
  const { signOut } = useSession();
  useEffect(() => setUnauthorizedHandler(signOut), [signOut]);
  return null;
}

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <UnauthorizedBridge />
        <BannerProvider>
          <RouterProvider router={router} />
        </BannerProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
