/**
 * Product image addresses. Images are stored content-addressed (key = SHA-256 of the bytes) and
 * served as resized WebP variants: `/images/<key>/<width>.webp`, cached for a year.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;
/**
 * The product page's main image: its `sizes`, shared by the page and the server's preload of it
 * (the same srcset and sizes make one request; different ones would fetch two variants).
 */
export const PRODUCT_IMAGE_SIZES = '(min-width: 900px) 520px, 340px';

export function imagePath(key: string, width: ImageWidth = DEFAULT_IMAGE_WIDTH): string {
  return `/images/${key}/${width}.webp`;
}

/** `srcset` for an image address made by imagePath; other addresses get none. */
export function srcSetFor(url: string): string | undefined {
  const match = /^(\/images\/[a-f0-9]{64})\/\d+\.webp$/.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `${match[1]}/${width}.webp ${width}w`).join(', ');
}

/** The image key in an address made by imagePath, or null. */
export function imageKeyFrom(url: string): string | null {
  return /\/images\/([a-f0-9]{64})\//.exec(url)?.[1] ?? null;
}
