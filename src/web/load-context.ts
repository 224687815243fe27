/**
 * What React Router's load context holds while the server renders a page (decision 114): the
 * storefront's data. The web declares it, since its loaders and
 * entry.server.tsx read it; the server fills it (src/server/modules/web/pages.ts).
 */
import type { PageLoadContext } from '@shared/contracts/web';

declare module 'react-router' {
  interface AppLoadContext {
    shop: PageLoadContext['shop'];
  }
}
