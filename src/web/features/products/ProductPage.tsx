/**
 * Product detail /item/{name}: also accepts an id (the header search's reading) and replaces the
 * address with the canonical one; an unknown product goes to /. Gallery, description with Show
 * More / Show Less, type, age, price, quantity, total, wishlist heart, Add to Cart, the reviews
 * (composed by the router through `renderReviews`), Similar Items and Other Items.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { Product } from '@shared/contracts/product';
import { formatPence } from '@shared/money';
import { productPath } from '@shared/routes';
import { HeartIcon } from '../../components/icons';
import { ageLabel } from './ProductCard';
import { ProductGrid } from './ProductGrid';
import { Spinner } from '../../components/Spinner';
import { useBasket } from '../cart';
import { clientConfig } from '../../lib/config';
import { formatPounds } from '../../lib/format';
import { useProducts } from '../../lib/products';
import { useSession } from '../../lib/session';
import { useWishlist } from '../wishlist';
import { otherItems, seededRandom, similarItems } from './catalogue-rules';
import { Gallery } from './Gallery';
import { QuantityStepper } from './QuantityStepper';
import styles from './ProductPage.module.css';

/** Descriptions longer than this start folded, with Show More. */
export const DESCRIPTION_FOLD = 320;
const RELATED_COUNT = 4;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > DESCRIPTION_FOLD;
  const shown = long && !open ? `${text.slice(0, DESCRIPTION_FOLD).trimEnd()}…` : text;
  return (
    <div className={styles.description}>
      <p id="product-description">{shown}</p>
      {long && (
        <button type="button" className={styles.more} aria-expanded={open} aria-controls="product-description" onClick={() => setOpen((value) => !value)}>
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

function ProductDetail({ product, all, renderReviews }: { product: Product; all: Product[]; renderReviews?: (product: Product) => ReactNode }) {
  const [qty, setQty] = useState(1);
  const { isAdmin } = useSession();
  const basket = useBasket();
  const wishlist = useWishlist();
  const loved = wishlist.has(product.id);
  const inBasket = basket.items.find((line) => line.product_id === product.id)?.qty ?? 0;
  const pricePence = Math.round(product.price * 100);

  const similar = useMemo(() => similarItems(product, all, RELATED_COUNT), [product, all]);
  // Random but the same for a product everywhere (server render, hydration, later visits).
  const others = useMemo(
    () => otherItems(new Set([product.id, ...similar.map((p) => p.id)]), all, RELATED_COUNT, seededRandom(product.id)),
    // Keyed on the catalogue's size, not its identity: a refetch of the same catalogue must not
    // reshuffle 'Other Items' under the shopper (and the server-rendered page must hydrate alike).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [product.id, all.length],
  );

  useEffect(() => {
    setQty(1);
    document.title = `${product.name} | ${clientConfig.shopName}`;
  }, [product.id, product.name]);

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
            <div>
              <dt>Price</dt>
              <dd>{formatPounds(product.price)}</dd>
            </div>
          </dl>
          {!isAdmin && (
            <div className={styles.buy}>
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
                  <button type="button" className={styles.removeFromBasket} onClick={() => basket.remove(product.id, product.name, 'elsewhere')}>
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

export function ProductPage({ renderReviews }: { renderReviews?: (product: Product) => ReactNode }) {
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const products = useProducts();
  const all = products.data;
  const product = useMemo(() => all?.find((p) => p.name === name) ?? all?.find((p) => p.id === name), [all, name]);
  // Only a fresh answer from the server may send the shopper away (the stored copy may be old).
  const settled = products.isFetched && !products.isFetching;

  useEffect(() => {
    if (product && product.name !== name) navigate(productPath(product.name), { replace: true });
  }, [product, name, navigate]);

  if (!product) {
    if (settled || products.isError) return <Navigate to="/" replace />;
    return (
      <main className="page">
        <Spinner label="Loading the book" />
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <ProductDetail product={product} all={all ?? []} renderReviews={renderReviews} />
    </main>
  );
}
