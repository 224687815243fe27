/**
 * Server-rendered pages (decision 090) are rendered for a guest with nothing in local storage.
 * While React hydrates them, the browser must render exactly that; what only the browser knows
 * (the session, the guest basket, the cookie choice) shows from the render right after.
 */
import { useEffect, useSyncExternalStore } from 'react';

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
