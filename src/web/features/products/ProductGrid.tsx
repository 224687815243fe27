/**
 * A list of product cards in responsive columns: the catalogue, the wishlist, and a product
 * page's Similar Items and Other Items (`layout="row"`: four across from 760px). Something shown
 * across the grid under the first row (`afterFirstRow`) takes the second row by CSS grid placement,
 * and the cards flow around it, so it never covers or pushes down the first books.
 */
import type { ReactNode } from 'react';
import type { CardBook } from '@shared/contracts/products';
import { ProductCard, type ProductCardProps } from './ProductCard';
import styles from './ProductGrid.module.css';

interface ProductGridProps extends Pick<ProductCardProps, 'headingLevel' | 'onDelete'> {
  products: readonly CardBook[];
  /** How many cards, from the first, load their cover at once (the first row). */
  eagerCount?: number;
  layout?: 'grid' | 'row';
  /** Shown across the grid under its first row, whatever the number of columns (the home page's cookie notice). */
  afterFirstRow?: ReactNode;
}

export function ProductGrid({
  products,
  eagerCount = 0,
  layout = 'grid',
  headingLevel,
  onDelete,
  afterFirstRow,
}: ProductGridProps) {
  return (
    <ul className={layout === 'row' ? `${styles.grid} ${styles.row}` : styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} headingLevel={headingLevel} onDelete={onDelete} />
        </li>
      ))}
      {afterFirstRow && <li className={styles.afterFirstRow}>{afterFirstRow}</li>}
    </ul>
  );
}
