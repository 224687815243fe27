/**
 * The browser half of the security proof: the shop's own browser-test server and settings
 * (../../playwright.config.ts), with the journeys of this folder.
 *
 *   npx vite build --outDir ../../dist/web-3401 && \
 *     E2E_PORT=3401 WEB_DIST_DIR=dist/web-3401 npx playwright test -c bench/security/playwright.config.ts
 */
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  // The server runs from the repository root, like the main suite's.
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? { ...base.webServer, cwd: new URL('../..', import.meta.url).pathname }
      : base.webServer,
});
