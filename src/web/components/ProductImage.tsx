/**
 * A product image: responsive (`srcset` for the shop's own images), lazy unless told otherwise,
 * and a drawn placeholder when there is no image or it fails to load.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { srcSetFor } from '@shared/images';

/** A plain book-cover placeholder: a file of the web app's public folder (one small request, kept by the browser). */
const PLACEHOLDER_IMAGE = '/book-placeholder.svg';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> {
  src: string | undefined;
  alt: string;
  /** Layout width hint for the browser's choice from srcset. */
  sizes?: string;
  eager?: boolean;
  /** The page's main image (its largest paint): fetched before other images. */
  priority?: boolean;
}

export function ProductImage({
  src,
  alt,
  sizes = '(min-width: 1024px) 25vw, 50vw',
  eager = false,
  priority = false,
  ...rest
}: ProductImageProps) {
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
