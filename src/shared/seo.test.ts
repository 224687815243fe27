import { describe, expect, it } from 'vitest';
import type { Product } from './contracts/products';
import { productHead } from './product-head';
import { pageHead } from './seo';

const site = { publicUrl: 'https://shop.example', shopName: 'Inkwell & Puzzle' };
const book: Product = {
  id: 'BV-MAZE',
  name: 'Marvellous Maze Adventures',
  type: 'Puzzle',
  age: 'Kids',
  price: 7.99,
  description: `${'Mazes for every age. '.repeat(12)}`,
  imageUrls: [
    '/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/640.webp',
    '/images/dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd/640.webp',
  ],
  image_URLs:
    '/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/640.webp,/images/dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd/640.webp',
} as Product;

const find = <T>(tags: unknown[], test: (tag: Record<string, unknown>) => boolean) =>
  tags.find((tag) => test(tag as Record<string, unknown>)) as T;

describe("a book's head", () => {
  const tags = productHead(book, site);

  it('has the title, the first 155 characters of the description, the canonical address and Open Graph', () => {
    expect(tags[0]).toEqual({ title: 'Marvellous Maze Adventures | Inkwell & Puzzle' });
    const description = find<{ content: string }>(tags, (tag) => tag.name === 'description').content;
    expect(description).toHaveLength(155);
    expect(book.description.replace(/\s+/g, ' ').startsWith(description)).toBe(true);
    expect(find(tags, (tag) => tag.rel === 'canonical')).toMatchObject({
      href: 'https://shop.example/item/Marvellous%20Maze%20Adventures',
    });
    expect(find(tags, (tag) => tag.property === 'og:type')).toMatchObject({ content: 'product' });
    expect(find(tags, (tag) => tag.property === 'og:image')).toMatchObject({
      content: 'https://shop.example/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/1280.webp',
    });
  });

  it('has the Product JSON-LD in GBP, and preloads the cover at the sizes the page shows it', () => {
    const jsonLd = find<{ 'script:ld+json': Record<string, unknown> }>(tags, (tag) => 'script:ld+json' in tag)[
      'script:ld+json'
    ];
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: book.name,
      sku: 'BV-MAZE',
      offers: { price: '7.99', priceCurrency: 'GBP' },
      audience: { audienceType: 'Kids' },
    });
    expect(find(tags, (tag) => tag.rel === 'preload')).toMatchObject({
      as: 'image',
      href: '/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/640.webp',
      fetchPriority: 'high',
    });
  });

  it('says what the book is when it has no description', () => {
    const plain = productHead({ ...book, description: '  ' }, site);
    expect(find(plain, (tag) => tag.name === 'description')).toMatchObject({
      content: 'Marvellous Maze Adventures, a Puzzle book from Inkwell & Puzzle.',
    });
  });
});

describe("a page's head", () => {
  it('has its canonical address, or noindex instead', () => {
    expect(pageHead(site, { title: 'About | Shop', path: '/about' })).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://shop.example/about',
    });
    const hidden = pageHead(site, { title: 'Basket | Shop', path: '/cart', noindex: true });
    expect(hidden).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(hidden.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false);
  });
});
