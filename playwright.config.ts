import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT, E2E_PRINTER_PORT } from './e2e/support/env';

/**
 * Browser tests drive Debian's Chromium against the built shop, started on a fresh embedded
 * database with the demo catalogue. One journey per file in e2e/.
 */
const PORT = E2E_PORT;

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  // Two shops on fresh embedded databases: the spec's journeys run where the owner types the print
  // references (PRINT_PARTNER=manual, as they are written); the print and cancel journeys run on a
  // second one whose simulated printer prints and dispatches within seconds once an order is sent
  // (e2e/orders-printing.spec.ts, e2e/orders-cancel.spec.ts). On both, a paid order waits an hour
  // for the customer's free cancel (decision 141): the print journey sends its orders at once with
  // "Send to printer now"; the guest's cancel shows the printer never gets the order.
  webServer: [
    shop(PORT, { PRINT_PARTNER: 'manual', PRINT_HOLD_MINUTES: '60' }),
    shop(E2E_PRINTER_PORT, {
      PRINT_PARTNER: 'simulated',
      PRINT_HOLD_MINUTES: '60',
      SIMULATED_PRINTER_STEP_SECONDS: '2',
      PRINT_PARTNER_POLL_SECONDS: '1',
    }),
  ],
});

function shop(port: number, env: Record<string, string>) {
  return {
    command: `rm -rf .data-e2e-${port} && tsx src/server/main.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.data-e2e-${port}`,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://localhost:${port}`,
      E2E_RELAXED_RATE_LIMITS: 'true',
      // Every journey's browser is one client address (127.0.0.1), with a live-update stream per page.
      SSE_MAX_STREAMS_PER_CLIENT: '1000',
      // Backups on demand only (the dashboard's "Back up now" journey), into the shop's own folder.
      BACKUP_DIR: `.data-e2e-${port}/backups`,
      BACKUP_EVERY_HOURS: '0',
      // Pages rendered on a thread of their own, as in production (decision 173).
      PAGE_RENDER_THREADS: '1',
      ...env,
    },
  };
}
