/**
 * Every template with awkward data, opened in Chromium (Debian's /usr/bin/chromium, as the browser
 * tests use) with images off: it fits a 320 px screen without sideways scrolling, and every piece
 * of text has AA contrast (4.5:1) against what is behind it, in light and in dark mode; a discount
 * code stays on one line.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../../bench/lib/browser';
import { testConfig } from '../../config';
import { renderMail, type RenderedMail } from './render';
import { awkwardMails } from './test-fixtures';

const config = testConfig({ PUBLIC_URL: 'https://shop.example.com' });
const cases = awkwardMails(config.PUBLIC_URL);
let browser: Browser;
const rendered = new Map<string, RenderedMail>();

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  for (const mail of cases) rendered.set(mail.label, await renderMail(mail.name, mail.data as never, config));
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Opens the mail as a mail app with images off would; answers its width and its lowest text contrast. */
async function inspect(html: string, width: number, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: { width, height: 700 }, colorScheme });
  try {
    const page = await context.newPage();
    await page.route('**/*', (route) => route.abort());
    await page.setContent(html);
    return await page.evaluate(() => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      };
      const background = (element: Element | null): number[] => {
        for (let e = element; e; e = e.parentElement) {
          const colour = rgb(getComputedStyle(e).backgroundColor);
          if (colour.length === 3 || (colour.length === 4 && colour[3]! > 0)) return colour.slice(0, 3);
        }
        return [255, 255, 255];
      };
      let lowest = { ratio: Infinity, text: '' };
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const ownText = Array.from(element.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
        );
        if (!ownText || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < lowest.ratio) lowest = { ratio, text: element.textContent!.trim().slice(0, 60) };
      }
      const code = document.querySelector('.m-code');
      const codeLines = code
        ? Math.round(code.getBoundingClientRect().height / parseFloat(getComputedStyle(code).lineHeight))
        : null;
      return { scrollWidth: document.documentElement.scrollWidth, lowest, codeLines };
    });
  } finally {
    await context.close();
  }
}

describe('mail in a mail app window', () => {
  describe.each(cases.map((mail) => [mail.label] as const))('%s', (label) => {
    it('fits a 320 px screen with images off, and its text is readable in light and dark mode', async () => {
      const html = rendered.get(label)!.html;
      const light = await inspect(html, 320, 'light');
      expect(light.scrollWidth).toBeLessThanOrEqual(320);
      if (light.codeLines !== null) expect(light.codeLines, 'the discount code on one line').toBe(1);
      expect(light.lowest.ratio, `light: "${light.lowest.text}"`).toBeGreaterThanOrEqual(4.5);
      const dark = await inspect(html, 320, 'dark');
      expect(dark.lowest.ratio, `dark: "${dark.lowest.text}"`).toBeGreaterThanOrEqual(4.5);
    });
  });
});
