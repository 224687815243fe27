/**
 * A product image: responsive (`srcset` for the shop's own images), lazy unless told otherwise,
 * and a drawn placeholder when there is no image or it fails to load.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { srcSetFor } from '@shared/images';

/** A plain book-cover placeholder (inline, so it cannot fail itself). */
const PLACEHOLDER_IMAGE =
  "data:image/svg+xml;charset=utf-8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect width="300" height="400" fill="#f3e9da"/><rect x="70" y="90" width="160" height="220" rx="8" fill="#e3d5c1"/><path d="M100 140h100M100 170h100M100 200h70" stroke="#b9a58c" stroke-width="10" stroke-linecap="round"/></svg>',
  );

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> {
  src: string | undefined;
  alt: string;
  /** Layout width hint for the browser's choice from srcset. */
  sizes?: string;
  eager?: boolean;
  /** The page's main image (its largest paint): fetched before other images. */
  priority?: boolean;
}

export function ProductImage({ src, alt, sizes = '(min-width: 1024px) 25vw, 50vw', eager = false, priority = false, ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <img
      {...rest}
      src={broken ? PLACEHOLDER_IMAGE : src}
      srcSet={broken ? undefined : srcSetFor(src)}
      sizes={broken ? undefined : sizes}
      alt={alt}
      width={300}
      height={400}
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(src ?? null)}
    />
  );
}
