/**
 * The document every page is rendered in (decision 114): <head> from the routes' `meta` and
 * `links`, the app's providers around the routes, the public configuration, React Router's
 * scroll restoration and scripts.
 */
import { useState, type ReactNode } from 'react';
import { Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import { jsonForScript } from '@shared/json-script';
import { SHOP_DESCRIPTION } from '@shared/seo';
import { App, makeQueryClient } from './app/App';
import { ErrorScreen } from './app/ErrorScreen';
import { holdTapsScript } from './app/hold-taps';
import { RouteStyles } from './app/RouteStyles';
import { setClientConfig } from './lib/config';
import { cookieChoiceScript } from './lib/cookie-choice';
import './styles/global.css';
import type { Route } from './+types/root';

export async function loader({ context }: Route.LoaderArgs) {
  // The server's own copy of the configuration, for the components that read it while rendering.
  setClientConfig(context.shop.clientConfig);
  return { config: context.shop.clientConfig, publicUrl: context.shop.publicUrl };
}
export type RootData = Awaited<ReturnType<typeof loader>>;

/** The configuration never changes while the page is open. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.config.shopName ?? 'Book shop'}: activity, puzzle, colouring and journal books` },
  { name: 'description', content: SHOP_DESCRIPTION },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a2e12" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The server writes the script; the browser keeps it as written (hydration leaves an element's inner HTML as it is), so its text is not in the app's code. */}
        <script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? holdTapsScript() + cookieChoiceScript() : '' }}
          suppressHydrationWarning
        />
        <Meta />
        <RouteStyles />
        {/* Read by src/web/lib/config.ts when the app's code starts; written by the server only, kept as written by hydration. */}
        {data && (
          <script
            id="app-config"
            type="application/json"
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? jsonForScript(data.config) : '' }}
            suppressHydrationWarning
          />
        )}
      </head>
      <body>
        {children}
        {/* A page loaded fresh gets a key of its own and opens at its top; Back and reload return to where the shopper was. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <App queryClient={queryClient}>
      <Outlet />
    </App>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
