/** The product page's images: the chosen one large, the others as thumbnails to choose from. */
import { useState } from 'react';
import { PRODUCT_IMAGE_SIZES } from '@shared/images';
import { ProductImage } from '../../components/ProductImage';
import styles from './ProductPage.module.css';

export function Gallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  const [index, setIndex] = useState(0);
  const current = Math.min(index, Math.max(0, imageUrls.length - 1));
  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage}>
        <ProductImage
          src={imageUrls[current]}
          alt={imageUrls.length > 1 ? `${name}, image ${current + 1} of ${imageUrls.length}` : `Cover of ${name}`}
          sizes={PRODUCT_IMAGE_SIZES}
          priority
        />
      </div>
      {imageUrls.length > 1 && (
        <ul className={styles.thumbs} aria-label="Choose an image">
          {imageUrls.map((url, i) => (
            <li key={`${url}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show image ${i + 1} of ${imageUrls.length}`}
                aria-current={i === current}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={url} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
