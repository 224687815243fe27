import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The web app's build (decision 114): React Router's plugin builds the browser bundle and the
 * server's renderer from the route modules in src/web (react-router.config.ts says where).
 */
export default defineConfig({
  publicDir: 'src/web/public',
  plugins: [reactRouter()],
  // CSS modules through Lightning CSS (Vite's own), not PostCSS: postcss-modules copies a
  // `composes … from` file's rules in without a file name, which made every build warn that "a
  // PostCSS plugin did not pass the `from` option" (decision 096). The shop has no PostCSS plugins.
  css: { transformer: 'lightningcss' },
  resolve: { alias: { '@shared': new URL('./src/shared', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
  },
});
