/**
 * Every template rendered with awkward data: the HTML parses (parse5, the browsers' parsing
 * algorithm), links and images only point at PUBLIC_URL, images have alt text, what people wrote
 * stays text, and the plain-text twin holds every link and amount of the HTML.
 */
import { readFileSync } from 'node:fs';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { renderMail, type RenderedMail } from './render';
import { templates } from './templates/catalog';
import { ForeignLinkError, mailCover, shopLink } from './templates/shop';
import { colour } from './templates/theme';
import { awkwardMails, HEBREW, LONG, RTL, SCRIPT, twentyLines } from './test-fixtures';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/** A sub-path PUBLIC_URL: a link built by string concatenation, or resolved from the host root, fails. */
const PUBLIC_URL = 'https://shop.example.com/books';
const config = testConfig({
  PUBLIC_URL,
  SHOP_POSTAL_ADDRESS: 'Inkwell & Puzzle, 12 Quill Lane, Bath BA1 1AA, United Kingdom',
});

interface Parsed {
  errors: string[];
  elements: Element[];
}

function parseHtml(html: string): Parsed {
  const errors: string[] = [];
  const document = parse(html, {
    onParseError: (error) => errors.push(`${error.code} at ${error.startLine}:${error.startCol}`),
  });
  const elements: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if ('tagName' in node) {
        elements.push(node);
        walk(node.tagName === 'template' ? [] : node.childNodes);
      }
    }
  };
  walk(document.childNodes);
  return { errors, elements };
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (node: ChildNode | Element): string =>
  node.nodeName === '#text'
    ? (node as DefaultTreeAdapterTypes.TextNode).value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';

const cases = awkwardMails(PUBLIC_URL);
const rendered = new Map<string, RenderedMail>();

beforeAll(async () => {
  for (const mail of cases) rendered.set(mail.label, await renderMail(mail.name, mail.data as never, config));
});

describe('mail templates with awkward data', () => {
  it('cover every template the shop has', () => {
    expect(new Set(cases.map((mail) => mail.name))).toEqual(new Set(Object.keys(templates)));
  });

  describe.each(cases.map((mail) => [mail.label, mail] as const))('%s', (label) => {
    const mail = () => rendered.get(label)!;

    it('is HTML that parses without errors (beyond the XHTML doctype mail apps expect)', () => {
      const { errors, elements } = parseHtml(mail().html);
      expect(errors.filter((error) => !error.startsWith('non-conforming-doctype'))).toEqual([]);
      expect(elements.map((element) => element.tagName)).toEqual(
        expect.arrayContaining(['html', 'head', 'body', 'table', 'a']),
      );
    });

    it('links only to PUBLIC_URL, with absolute addresses', () => {
      const links = parseHtml(mail().html).elements.filter((element) => element.tagName === 'a');
      expect(links.length).toBeGreaterThanOrEqual(4); // logo, name, footer links, the action
      for (const link of links) expect(attr(link, 'href')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
    });

    it('gives every image an absolute PUBLIC_URL address and alt text', () => {
      const images = parseHtml(mail().html).elements.filter((element) => element.tagName === 'img');
      expect(images.length).toBeGreaterThanOrEqual(1);
      for (const image of images) {
        expect(attr(image, 'src')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
        expect(attr(image, 'alt')?.trim()).toBeTruthy();
      }
    });

    it('keeps what people wrote as text: no script, no event handler, the markup shown as written', () => {
      const { elements } = parseHtml(mail().html);
      expect(elements.filter((element) => element.tagName === 'script')).toEqual([]);
      expect(elements.flatMap((element) => element.attrs.filter((a) => /^on/i.test(a.name)))).toEqual([]);
      if (JSON.stringify(cases.find((c) => c.label === label)!.data).includes('<script>')) {
        expect(mail().html).toContain('&lt;script&gt;alert(&quot;mail&quot;)&lt;/script&gt;');
        expect(mail().text).toContain(SCRIPT);
      }
    });

    it('has a text twin with every link and every amount of the HTML', () => {
      const { elements } = parseHtml(mail().html);
      const links = new Set(elements.filter((element) => element.tagName === 'a').map((link) => attr(link, 'href')!));
      for (const link of links) expect(mail().text, link).toContain(link);
      const body = elements.find((element) => element.tagName === 'body')!;
      const amounts = new Set(textOf(body).match(/−?£[\d,]+\.\d\d|\d+%/g) ?? []);
      for (const amount of amounts) expect(mail().text, amount).toContain(amount);
    });

    it('has a one-line subject', () => {
      expect(mail().subject).toMatch(/^[^\r\n]{5,200}$/);
    });
  });

  it('sets right-to-left text in its own direction, and lets long words wrap', () => {
    const { elements } = parseHtml(rendered.get('order confirmation, 20 lines, 99 % off, guest')!.html);
    const auto = elements.filter((element) => attr(element, 'dir') === 'auto').map((element) => textOf(element));
    expect(auto.some((text) => text.includes(RTL))).toBe(true);
    expect(auto.some((text) => text.includes(HEBREW))).toBe(true);
    const long = elements.find((element) => attr(element, 'dir') === 'auto' && textOf(element).includes(LONG))!;
    expect(attr(long, 'class')).toContain('m-break');
  });

  it('lists all 20 lines of an order with their quantities and amounts, in the HTML and the text', () => {
    const mail = rendered.get('order confirmation, 20 lines, 99 % off, guest')!;
    for (const line of twentyLines()) {
      const amount = `£${((line.qty * line.unitPence) / 100).toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      expect(mail.text).toContain(`${line.qty} × ${line.name}`);
      expect(mail.text).toContain(amount);
    }
    // The rows in the order the sum is made (decision 136): books, shipping, the discount on both, the total.
    expect(mail.text).toMatch(
      /Subtotal: £[\d,]+\.\d\d\s+Shipping: (?:Free|£\d+\.\d\d)\s+Discount on books and shipping \(BOOK-K7P2-QX9M-H4TD\): −£[\d,]+\.\d\d\s+Total paid: £\d+\.\d\d/,
    );
  });

  it('shows the discount code large, what it applies to and when it ends, with a List-Unsubscribe address', () => {
    const mail = rendered.get('discount code 99 %')!;
    expect(mail.subject).toBe('Your 99% discount code from Inkwell & Puzzle');
    expect(mail.text).toContain('Your code: BOOK-K7P2-QX9M-H4TD');
    expect(mail.text).toContain('valid until 28 February 2031');
    expect(mail.text).toMatch(/applies to .+ books for kids or all ages/);
    expect(mail.html).toMatch(/class="m-code[^"]*"[^>]*font-size:32px/);
    expect(mail.listUnsubscribe).toBe(`mailto:${config.SHOP_EMAIL}?subject=unsubscribe`);
    expect([...rendered.values()].filter((m) => m.listUnsubscribe).length).toBe(1);
  });

  it('puts the shop name, logo, postal address and the site footer links in every mail', () => {
    for (const mail of rendered.values()) {
      expect(mail.html).toContain(`src="${PUBLIC_URL}/mail-logo.png"`);
      expect(mail.html).toContain('Inkwell &amp; Puzzle, 12 Quill Lane, Bath BA1 1AA, United Kingdom');
      for (const path of ['/about', '/contact', '/privacy']) expect(mail.text).toContain(`${PUBLIC_URL}${path}`);
    }
  });

  it('puts the review link first in a Delivered mail, the tracking reference and a Track button in a Shipped one', () => {
    const delivered = rendered.get('order status: Delivered')!;
    expect(delivered.subject).toBe('Your order 5b4c3d2e1f has been delivered');
    expect(delivered.text.match(/https?:\/\/\S+/)![0]).toMatch(new RegExp(`^${PUBLIC_URL}/review/order/`));
    const shipped = rendered.get('order status: Shipped')!;
    expect(shipped.text).toContain(`Tracking reference: ${SCRIPT}`);
    expect(shipped.text).toContain(`Track your order ${PUBLIC_URL}/profile`);
  });
});

describe('links in mail', () => {
  it('makes shop paths absolute under PUBLIC_URL, keeping its path', () => {
    expect(shopLink(PUBLIC_URL, '/profile')).toBe(`${PUBLIC_URL}/profile`);
    expect(shopLink(`${PUBLIC_URL}/`, '/?verify_admin=true&token=a%2Bb')).toBe(
      `${PUBLIC_URL}/?verify_admin=true&token=a%2Bb`,
    );
    expect(shopLink(PUBLIC_URL, `${PUBLIC_URL}/review/order/1?review_token=x`)).toBe(
      `${PUBLIC_URL}/review/order/1?review_token=x`,
    );
  });

  it.each([
    'https://evil.example/profile',
    '//evil.example/profile',
    '/\\evil.example',
    'javascript:alert(1)',
    'mailto:someone@example.com',
    'http://shop.example.com/books/profile',
    'https://shop.example.com/other/profile',
    'https://shop.example.com/books/../admin',
    'https://user:pass@shop.example.com/books/profile',
    'https://shop.example.com.evil.example/books/',
    'profile',
  ])('refuses %s', (href) => {
    expect(() => shopLink(PUBLIC_URL, href)).toThrow(ForeignLinkError);
  });

  it('refuses to render a mail whose data carries a foreign link', async () => {
    await expect(
      renderMail(
        'orderStatus',
        {
          orderId: 'x'.repeat(36),
          status: 'Delivered',
          statusChanged: true,
          trackingRef: null,
          bookVaultRef: null,
          trackUrl: null,
          reviewUrl: 'https://evil.example/review',
        },
        config,
      ),
    ).rejects.toThrow(ForeignLinkError);
  });

  it('shows covers as the small image variant', () => {
    const key = 'c'.repeat(64);
    expect(mailCover(`/images/${key}/640.webp`)).toBe(`/images/${key}/320.webp`);
    expect(mailCover(undefined)).toBeNull();
  });
});

describe('mail theme', () => {
  it('uses the site design tokens for its colours', () => {
    const tokens = readFileSync(new URL('../../../web/styles/tokens.css', import.meta.url), 'utf8');
    const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    for (const [name, value] of Object.entries(colour)) {
      expect(tokens, name).toMatch(new RegExp(`--color-${kebab(name)}:\\s*${value};`, 'i'));
    }
  });
});
