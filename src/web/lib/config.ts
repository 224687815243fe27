/** The public configuration the server writes into the page (its shape: @shared/contracts/web). */
import type { ClientConfig } from '@shared/contracts/web';

/** Only a page without the server's config (a unit test's document) sees this: plain, and no link rather than a made-up one. */
const FALLBACK: ClientConfig = {
  shopName: 'Book shop',
  salesDashboardUrl: '',
  payments: 'demo',
  social: { googleClientId: null, facebookAppId: null },
  links: { facebook: null, instagram: null, tiktok: null, developer: null },
  retention: { orderYears: 6, contactMonths: 24, mailDays: 90, unverifiedAccountDays: 30 },
};

function read(): ClientConfig {
  if (typeof document === 'undefined') return FALLBACK;
  const text = document.getElementById('app-config')?.textContent ?? '';
  try {
    return { ...FALLBACK, ...(JSON.parse(text) as Partial<ClientConfig>) };
  } catch {
    return FALLBACK; // no config in the page
  }
}

export const clientConfig: ClientConfig = read();

/** The server's renderer (entry-server.tsx) has no page to read: it passes its own config. */
export function setClientConfig(config: ClientConfig): void {
  Object.assign(clientConfig, config);
}
