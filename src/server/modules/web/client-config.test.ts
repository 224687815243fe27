/** The footer's links in the page's public config: the shop's own, the demo's placeholders, or none (hidden). */
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { AppContext } from '../../context';
import { publicClientConfig } from './client-config';

const clientConfigOf = (env: Record<string, string>) => {
  const ctx = {
    config: testConfig(env),
    payments: { checkout: { name: 'demo' } },
    social: { enabled: () => false },
  } as unknown as AppContext;
  return publicClientConfig(ctx).links;
};

describe('the footer links', () => {
  it("are the demo's placeholder profiles when nothing is set, never a bare home page, and no credit", () => {
    const links = clientConfigOf({});
    for (const key of ['facebook', 'instagram', 'tiktok'] as const) {
      const url = new URL(links[key]!.url);
      expect(url.pathname.replace(/\/$/, '')).not.toBe('');
    }
    expect(links.instagram).toEqual({ url: 'https://www.instagram.com/inkwellandpuzzle/', name: '@inkwellandpuzzle' });
    expect(links.developer).toBeNull();
  });

  it("are the shop's own when set, and 'none' hides one", () => {
    const links = clientConfigOf({
      SHOP_SOCIAL_TIKTOK_URL: 'https://www.tiktok.com/@mybooks',
      SHOP_SOCIAL_TIKTOK_NAME: '@mybooks',
      SHOP_SOCIAL_FACEBOOK_URL: 'none',
      SHOP_CREDIT_URL: 'https://studio.example/',
      SHOP_CREDIT_NAME: 'Studio Example',
    });
    expect(links.tiktok).toEqual({ url: 'https://www.tiktok.com/@mybooks', name: '@mybooks' });
    expect(links.facebook).toBeNull();
    expect(links.developer).toEqual({ url: 'https://studio.example/', name: 'Studio Example' });
  });

  it('refuses at start an address that is not http(s)', () => {
    expect(() => testConfig({ SHOP_CREDIT_URL: 'javascript:alert(1)' })).toThrow(
      /SHOP_CREDIT_URL: must be an http\(s\) address/,
    );
    expect(() => testConfig({ SHOP_SOCIAL_INSTAGRAM_URL: 'instagram' })).toThrow(/SHOP_SOCIAL_INSTAGRAM_URL/);
  });
});
