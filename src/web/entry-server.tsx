/**
 * The server's renderer (decision 090): a storefront page as a guest sees it before any
 * JavaScript runs. Built by `vite build --ssr` into the web build's ssr/ folder and loaded by the
 * server's web module; it renders the same components the browser hydrates.
 */
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { ClientConfig } from '@shared/contracts/client-config';
import type { Product } from '@shared/contracts/product';
import { App, makeQueryClient } from './app/App';
import { routes, type ServerRenderedHandle } from './app/router';
import { setClientConfig } from './lib/config';
import { productsKey } from './lib/products';

export interface RenderedPage {
  /** The markup for the root element. */
  html: string;
  /** The query data it was rendered with, for the browser to start from. */
  data: DehydratedState;
  /** Source modules the page's lazy routes load (Vite manifest keys): their CSS must be linked. */
  modules: string[];
}

const handler = createStaticHandler(routes);

export function configure(config: ClientConfig): void {
  setClientConfig(config);
}

const isServerRendered = (handle: unknown): handle is ServerRenderedHandle =>
  typeof handle === 'object' && handle !== null && (handle as ServerRenderedHandle).serverRendered === true;

/**
 * Renders the page at `url` (absolute) with the catalogue, or answers null when the page is
 * not one the server renders (its route has no serverRendered handle) or redirects.
 */
export async function renderPage(url: string, products: Product[]): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const handle = context.matches.at(-1)?.route.handle;
  if (!isServerRendered(handle)) return null;
  const queryClient = makeQueryClient();
  queryClient.setQueryData(productsKey, products);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
  const data = dehydrate(queryClient);
  queryClient.clear();
  return { html, data, modules: handle.modules };
}
