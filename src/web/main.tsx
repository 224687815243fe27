/**
 * The browser entry. A page the server rendered (decision 090) is hydrated: same data (the
 * page's JSON), same routes loaded first, and hydration in a transition so it yields to input.
 * Any other page (the Vite dev server, pages that need a session) is rendered from scratch.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { App, makeQueryClient } from './app/App';
import { loadRoutesFor, routes } from './app/router';
import { readPageData } from './lib/page-data';
import './styles/global.css';

/** No top-level await here: the bundler would then split the entry into many small chunks. */
async function start(container: HTMLElement): Promise<void> {
  const queryClient = makeQueryClient();
  const pageData = readPageData();
  if (pageData) hydrate(queryClient, pageData);

  // The page's own lazy route first: hydration needs it, and a fresh render then has no empty frame.
  // If its code cannot load now, the router tries again and shows its error screen.
  await loadRoutesFor(window.location.pathname).catch(() => undefined);
  const router = createBrowserRouter(routes);

  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );

  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start(document.getElementById('root')!);
