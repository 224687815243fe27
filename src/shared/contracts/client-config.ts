/**
 * The public configuration the server writes into every page (`<script id="app-config">`) and
 * the web app reads (src/web/lib/config.ts): nothing secret. The server builds it from its
 * environment (src/server/modules/web/client-config.ts).
 */
export interface ClientConfig {
  shopName: string;
  salesDashboardUrl: string;
  /** The payment provider new checkouts use ('stripe', 'demo', ...). */
  payments: string;
  social: {
    googleClientId: string | null;
    facebookAppId: string | null;
  };
  links: {
    facebook: { url: string; handle: string };
    instagram: { url: string; handle: string };
    tiktok: { url: string; handle: string };
    developer: { url: string; name: string };
  };
}
