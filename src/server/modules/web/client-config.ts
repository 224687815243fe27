/** What the browser needs to know of the configuration: nothing secret. */
import type { ClientConfig, FooterLink } from '@shared/contracts/web';
import { UNVERIFIED_ACCOUNT_DAYS } from '@shared/privacy';
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
    retention: {
      orderYears: c.ORDER_RETENTION_YEARS,
      contactMonths: c.CONTACT_RETENTION_MONTHS,
      mailDays: c.MAIL_RETENTION_DAYS,
      unverifiedAccountDays: UNVERIFIED_ACCOUNT_DAYS,
    },
    links: {
      facebook: footerLink(c.SHOP_SOCIAL_FACEBOOK_URL, c.SHOP_SOCIAL_FACEBOOK_NAME || 'Facebook'),
      instagram: footerLink(c.SHOP_SOCIAL_INSTAGRAM_URL, c.SHOP_SOCIAL_INSTAGRAM_NAME || 'Instagram'),
      tiktok: footerLink(c.SHOP_SOCIAL_TIKTOK_URL, c.SHOP_SOCIAL_TIKTOK_NAME || 'TikTok'),
      developer: footerLink(c.SHOP_CREDIT_URL, c.SHOP_CREDIT_NAME || 'the web developer'),
    },
  };
}

/** A link the shop has set (its address), or null: the footer hides it. */
const footerLink = (url: string | undefined, name: string): FooterLink | null => (url ? { url, name } : null);
