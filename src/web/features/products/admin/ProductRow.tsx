/** One product of the admin's lists: cover, name, id · type · age · price, Edit and the list's own actions. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shared/contracts/products';
import { imageKeyFrom, imagePath } from '@shared/images';
import * as MSG from '@shared/messages';
import { buttonClass } from '../../../components/Button';
import { formatPounds } from '../../../lib/format';
import styles from './AdminHome.module.css';

const thumbnail = (url: string) => {
  const key = imageKeyFrom(url);
  return key ? imagePath(key, 320) : url;
};

export function ProductRow({ product, children }: { product: Product; children: ReactNode }) {
  return (
    <li className={styles.row}>
      {product.imageUrls[0] ? (
        <img
          className={styles.thumb}
          src={thumbnail(product.imageUrls[0])}
          alt=""
          loading="lazy"
          width={56}
          height={72}
        />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <div className={styles.info}>
        <div className={styles.name}>{product.name}</div>
        <div className={styles.meta}>
          {product.id} · {product.type || 'No type'} · {product.age || MSG.allAges} · {formatPounds(product.price)}
        </div>
      </div>
      <div className={styles.rowActions}>
        <Link
          className={buttonClass('secondary')}
          to={`/admin/edit_product/${encodeURIComponent(product.id)}`}
          aria-label={`Edit ${product.name}`}
        >
          Edit
        </Link>
        {children}
      </div>
    </li>
  );
}
