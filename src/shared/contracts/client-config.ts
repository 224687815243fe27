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
  /** The footer's links; null when the shop has not set one (it is hidden). */
  links: {
    facebook: FooterLink | null;
    instagram: FooterLink | null;
    tiktok: FooterLink | null;
    developer: FooterLink | null;
  };
}

/** A footer link: where it goes and the name it shows (a profile's display name or handle). */
export interface FooterLink {
  url: string;
  name: string;
}
