/**
 * Server-rendered pages (decision 090) are rendered for a guest with nothing in local storage.
 * While React hydrates them, the browser must render exactly that; what only the browser knows
 * (the session, the guest basket, the cookie choice) shows from the render right after.
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while hydrating server-rendered HTML; true in every other browser
 * render (React re-renders with `true` as soon as hydration is done).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Marks <html data-hydrated="true"> once the app has taken over the page (hydrated or rendered):
 * from then on every control answers. Browser tests wait for it before clicking.
 */
export function HydrationMark(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * Keeps where the shopper has scrolled to while a server-rendered page was loading. React
 * Router's <ScrollRestoration> scrolls a page it has no saved position for to the top when it
 * first renders, which on a hydrated page moves the page under the shopper's finger. Render this
 * right after <ScrollRestoration>: it reads the position before that reset and puts it back in
 * the same commit, so nothing is painted in between.
 */
export function KeepScrollOnHydration(): null {
  const hydrating = !useIsClient();
  // Read while rendering, i.e. before any layout effect of this first commit has run.
  const [scrollY] = useState(() => (hydrating && typeof window !== 'undefined' ? window.scrollY : 0));
  useLayoutEffect(() => {
    if (scrollY > 0 && !window.location.hash) window.scrollTo(0, scrollY);
    // Only the first commit (scrollY never changes): later navigations are <ScrollRestoration>'s.
  }, [scrollY]);
  return null;
}
