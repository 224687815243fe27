/** What the browser needs to know of the configuration: nothing secret. */
import type { AppContext } from '../../context';

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

export function publicClientConfig(ctx: AppContext): ClientConfig {
  const c = ctx.config;
  return {
    shopName: c.SHOP_NAME,
    salesDashboardUrl: c.SALES_DASHBOARD_URL,
    payments: ctx.payments.checkout.name,
    social: {
      googleClientId: ctx.social.enabled('google') ? (c.GOOGLE_CLIENT_ID ?? null) : null,
      facebookAppId: ctx.social.enabled('facebook') ? (c.FACEBOOK_APP_ID ?? null) : null,
    },
    links: {
      facebook: { url: c.SOCIAL_FACEBOOK_URL, handle: c.SOCIAL_FACEBOOK_HANDLE },
      instagram: { url: c.SOCIAL_INSTAGRAM_URL, handle: c.SOCIAL_INSTAGRAM_HANDLE },
      tiktok: { url: c.SOCIAL_TIKTOK_URL, handle: c.SOCIAL_TIKTOK_HANDLE },
      developer: { url: c.DEVELOPER_CREDIT_URL, name: c.DEVELOPER_CREDIT_NAME },
    },
  };
}
