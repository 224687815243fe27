/** What the browser needs to know of the configuration: nothing secret. */
import type { ClientConfig } from '../../../shared/contracts/client-config';
import type { AppContext } from '../../context';

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
