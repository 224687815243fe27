/**
 * Product detail /item/{name} (an id, the header search's reading, is sent to the book's own
 * address by the route; an unknown product goes to /). Gallery, description with Show
 * More / Show Less, type, age, the price (once, under the name), quantity, total, wishlist heart, Add to Cart, the reviews
 * (composed by the router through `renderReviews`), Similar Items and Other Items.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Product } from '@shared/contracts/products';
import type { ProductPageData } from '@shared/contracts/web';
import { formatPence } from '@shared/money';
import { HeartIcon } from '../../components/icons';
import { ageLabel } from './ProductCard';
import { ProductGrid } from './ProductGrid';
import { useBasket } from '../cart';
import { formatPounds } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useWishlist } from '../wishlist';
import { Gallery } from './Gallery';
import { QuantityStepper } from './QuantityStepper';
import styles from './ProductPage.module.css';

/** Descriptions longer than this start folded, with Show More. */
export const DESCRIPTION_FOLD = 320;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > DESCRIPTION_FOLD;
  const shown = long && !open ? `${text.slice(0, DESCRIPTION_FOLD).trimEnd()}…` : text;
  return (
    <div className={styles.description}>
      <p id="product-description">{shown}</p>
      {long && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={open}
          aria-controls="product-description"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show Less' : 'Show More'}
        </button>
      )}
    </div>
  );
}

function Related({ title, products }: { title: string; products: Product[] }) {
  if (products.length === 0) return null;
  const id = `related-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.related} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ProductGrid products={products} layout="row" />
    </section>
  );
}

function ProductDetail({
  data,
  renderReviews,
}: {
  data: ProductPageData;
  renderReviews?: (product: Product) => ReactNode;
}) {
  const { product, similar, others } = data;
  const [qty, setQty] = useState(1);
  const { isAdmin } = useSession();
  const basket = useBasket();
  const wishlist = useWishlist();
  const loved = wishlist.has(product.id);
  const inBasket = basket.items.find((line) => line.product_id === product.id)?.qty ?? 0;
  const pricePence = Math.round(product.price * 100);

  // Another book's page (a Similar Item) starts again from one copy.
  useEffect(() => setQty(1), [product.id]);

  return (
    <>
      <article className={styles.product}>
        <Gallery key={product.id} name={product.name} imageUrls={product.imageUrls} />
        <div className={styles.info}>
          <p className={styles.meta}>
            {product.type && <span>{product.type}</span>}
            <span>{ageLabel(product.age)}</span>
          </p>
          <h1 className={styles.title}>{product.name}</h1>
          <p className={styles.price}>{formatPounds(product.price)}</p>
          <Description key={product.id} text={product.description} />
          <dl className={styles.facts}>
            <div>
              <dt>Type</dt>
              <dd>{product.type || '—'}</dd>
            </div>
            <div>
              <dt>Age</dt>
              <dd>{ageLabel(product.age)}</dd>
            </div>
          </dl>
          {!isAdmin && (
            <div className={styles.buy} data-keep-clear>
              <QuantityStepper value={qty} onChange={setQty} />
              <p className={styles.total} aria-live="polite">
                Total: <strong>{formatPence(pricePence * qty)}</strong>
              </p>
              <div className={styles.buyButtons}>
                <button type="button" className={styles.addToCart} onClick={() => basket.add(product.id, qty)}>
                  Add to Cart
                </button>
                <button
                  type="button"
                  className={`${styles.heart} ${loved ? styles.loved : ''}`}
                  aria-pressed={loved}
                  aria-label={loved ? 'Remove from wishlist' : 'Add to wishlist'}
                  onClick={() => wishlist.toggle(product.id)}
                >
                  <HeartIcon filled={loved} />
                </button>
              </div>
              {inBasket > 0 && (
                <p className={styles.inBasket}>
                  In your basket: {inBasket}
                  <button
                    type="button"
                    className={styles.removeFromBasket}
                    onClick={() => basket.remove(product.id, product.name, 'elsewhere')}
                  >
                    Remove from basket
                  </button>
                </p>
              )}
            </div>
          )}
        </div>
      </article>
      {renderReviews && <div className={styles.reviews}>{renderReviews(product)}</div>}
      <Related title="Similar Items" products={similar} />
      <Related title="Other Items" products={others} />
    </>
  );
}

/**
 * The book the route's loader found (decision 114): the server sends an unknown book's address
 * to / and a book asked for by its id to its own address.
 */
export function ProductPage({
  data,
  renderReviews,
}: {
  data: ProductPageData;
  renderReviews?: (product: Product) => ReactNode;
}) {
  return (
    <main className={styles.page}>
      <ProductDetail data={data} renderReviews={renderReviews} />
    </main>
  );
}
