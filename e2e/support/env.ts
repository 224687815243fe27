/** Settings the browser-test server is started with (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The second shop, whose simulated printer takes seconds (the print journey's). */
export const E2E_PRINTER_PORT = E2E_PORT + 50;
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'adminpass1' };
