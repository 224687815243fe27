/** The public configuration the server writes into the page (its shape: @shared/contracts/client-config). */
import type { ClientConfig } from '@shared/contracts/client-config';

const FALLBACK: ClientConfig = {
  shopName: 'Inkwell & Puzzle',
  salesDashboardUrl: 'https://dashboard.stripe.com/payments',
  payments: 'demo',
  social: { googleClientId: null, facebookAppId: null },
  // Without the server's config (the Vite dev server's page) no link is shown rather than a made-up one.
  links: { facebook: null, instagram: null, tiktok: null, developer: null },
};

function read(): ClientConfig {
  if (typeof document === 'undefined') return FALLBACK;
  const text = document.getElementById('app-config')?.textContent ?? '';
  try {
    return { ...FALLBACK, ...(JSON.parse(text) as Partial<ClientConfig>) };
  } catch {
    return FALLBACK; // the Vite dev server serves the page without the server's config
  }
}

export const clientConfig: ClientConfig = read();

/** The server's renderer (entry-server.tsx) has no page to read: it passes its own config. */
export function setClientConfig(config: ClientConfig): void {
  Object.assign(clientConfig, config);
}
