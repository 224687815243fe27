import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  // CSS modules through Lightning CSS (Vite's own), not PostCSS: postcss-modules copies a
  // `composes … from` file's rules in without a file name, which made every build warn that "a
  // PostCSS plugin did not pass the `from` option" (decision 096). The shop has no PostCSS plugins.
  css: { transformer: 'lightningcss' },
  resolve: { alias: { '@shared': new URL('./src/shared', import.meta.url).pathname } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/robots.txt': 'http://localhost:3000', '/sitemap.xml': 'http://localhost:3000' },
  },
});
