/**
 * React Router in framework mode (decision 114): the storefront's routes are route modules
 * (src/web/routes.ts) with loaders and meta, rendered by the server (src/server/modules/web) and
 * hydrated by the browser. The build goes to WEB_DIST_DIR (dist/web by default): client/ is served,
 * server/ is imported by the server and never served.
 */
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: process.env.WEB_DIST_DIR ?? 'dist/web',
  serverBuildFile: 'index.js',
  ssr: true,
  // React Router 8's behaviours, chosen now so that the build says nothing a newcomer must act on.
  // Middleware stays off: loaders take the server's plain load context (context.shop).
  future: {
    v8_middleware: false,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
