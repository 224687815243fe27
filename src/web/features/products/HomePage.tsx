/**
 * Home / catalogue: welcome banner (not for admins), sort and filters (no filter panel for
 * admins), the product grid, 'No products found', and the cookie notice. `overlay` is the
 * login / sign-up / change-password form the router puts over the page.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { ProductGrid } from './ProductGrid';
import { Spinner } from '../../components/Spinner';
import { useBanner } from '../../lib/banner';
import { useProducts } from '../../lib/products';
import { useSession } from '../../lib/session';
import { useDeleteProduct } from './api/delete-product';
import { CatalogueToolbar } from './CatalogueToolbar';
import { applyFilters, priceBounds, productTypes, sortProducts, type Filters, type SortOrder } from './catalogue-rules';
import { CookieNotice } from './CookieNotice';
import { WelcomeBanner } from './WelcomeBanner';
import styles from './HomePage.module.css';

/** Cards in the first row load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;
const NO_PRODUCTS: never[] = [];

export function HomePage({ overlay }: { overlay?: ReactNode }) {
  const { isAdmin } = useSession();
  const products = useProducts();
  const { show } = useBanner();
  const { confirmAndDelete } = useDeleteProduct();
  const all = products.data ?? NO_PRODUCTS;
  const Title = isAdmin ? 'h1' : 'h2';

  const bounds = useMemo(() => priceBounds(all), [all]);
  const types = useMemo(() => productTypes(all), [all]);
  const [sort, setSort] = useState<SortOrder>('default');
  const [chosen, setChosen] = useState<Omit<Filters, 'maxPrice'> & { maxPrice: number | null }>({ type: '', age: 'All', maxPrice: null });
  // The slider follows the catalogue's range until the shopper moves it.
  const filters: Filters = useMemo(() => ({ ...chosen, maxPrice: Math.min(chosen.maxPrice ?? bounds.max, bounds.max) }), [chosen, bounds.max]);
  const shown = useMemo(() => {
    const filtered = isAdmin ? all : applyFilters(all, filters);
    return sortProducts(filtered, sort);
  }, [all, isAdmin, sort, filters]);

  useEffect(() => {
    if (products.isError) show({ content: MSG.errorLoadingProducts, action: 'error' });
  }, [products.isError, show]);

  return (
    <main className={styles.page}>
      {!isAdmin && <WelcomeBanner />}
      <section className={styles.catalogue} aria-labelledby="catalogue-heading">
        <div className={styles.catalogueHead}>
          <Title id="catalogue-heading" className={styles.catalogueTitle}>
            {isAdmin ? 'All products' : 'Our books'}
          </Title>
          {products.isSuccess && (
            <p className={styles.count} aria-live="polite">
              {shown.length} {shown.length === 1 ? 'book' : 'books'}
            </p>
          )}
        </div>
        <CatalogueToolbar
          types={types}
          bounds={bounds}
          filters={filters}
          sort={sort}
          showFilters={!isAdmin}
          onFilters={setChosen}
          onSort={setSort}
        />
        {products.isPending ? (
          <Spinner label="Loading books" />
        ) : shown.length === 0 ? (
          <p className={styles.empty}>{products.isError ? MSG.errorLoadingProducts : MSG.noProductsFound}</p>
        ) : (
          <ProductGrid products={shown} eagerCount={EAGER_CARDS} onDelete={isAdmin ? confirmAndDelete : undefined} />
        )}
      </section>
      <CookieNotice />
      {overlay}
    </main>
  );
}
