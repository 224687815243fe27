/**
 * Home / catalogue: welcome banner (not for admins), sort and filters (no filter panel for
 * admins), the product grid, 'No products found', and the cookie notice. `overlay` is the
 * login / sign-up / change-password form the route puts over the page.
 *
 * The books come from the route's loader (decision 114): the server's paged listing for the
 * filters and sort in the address, as many pages as the address asks for (`page=`). Changing a
 * filter changes the address; Show more is a link to one more page, so both work without
 * JavaScript and Back returns to the same grid. An address shows at most MAX_HOME_PAGES pages
 * (decision 131): past them the page says how to narrow the grid.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CardBook, CatalogueListing } from '@shared/contracts/products';
import * as MSG from '@shared/messages-every-page';
import { buttonClass } from '../../components/Button';
import { useSession } from '../../lib/session';
import { useConfirmAndDeleteLater } from './api/delete-product-later';
import { CatalogueToolbar } from './CatalogueToolbar';
import { CookieNotice } from './CookieNotice';
import { MAX_HOME_PAGES, hasFilters, homeQuery, type HomeView } from './home-address';
import { ProductGrid } from './ProductGrid';
import { WelcomeBanner } from './WelcomeBanner';
import styles from './HomePage.module.css';

/** Cards in the first row load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;

/** What the home route's loader gives the page: the view in the address and its books. */
export interface HomeData {
  view: HomeView;
  /** Every page asked for, in order, as one list of the cards' fields; next_cursor is the last page's. */
  listing: Omit<CatalogueListing, 'products'> & { products: CardBook[] };
}

export function HomePage({ data, overlay }: { data: HomeData; overlay?: ReactNode }) {
  const { isAdmin } = useSession();
  const confirmAndDelete = useConfirmAndDeleteLater();
  const { view, listing } = data;
  const Title = isAdmin ? 'h1' : 'h2';
  const shown = listing.products;
  const ceiling = listing.facets.price.highest === null ? null : Math.ceil(listing.facets.price.highest);

  return (
    <main className={styles.page}>
      {!isAdmin && <WelcomeBanner />}
      <section className={styles.catalogue} aria-labelledby="catalogue-heading">
        <div className={styles.catalogueHead}>
          <Title id="catalogue-heading" className={styles.catalogueTitle}>
            {isAdmin ? 'All products' : 'Our books'}
          </Title>
          <p className={styles.count} aria-live="polite">
            {listing.total} {listing.total === 1 ? 'book' : 'books'}
          </p>
        </div>
        <CatalogueToolbar view={view} facets={listing.facets} showFilters={!isAdmin} />
        {shown.length === 0 ? (
          <div className={styles.empty}>
            <p>{MSG.noProductsFound}</p>
            {hasFilters(view) && (
              <Link
                className={buttonClass('secondary')}
                to={{ search: homeQuery({ ...view, type: '', age: 'All', maxPrice: null, pages: 1 }) }}
                preventScrollReset
              >
                Clear filters
              </Link>
            )}
            <CookieNotice />
          </div>
        ) : (
          <>
            <ProductGrid
              products={shown}
              eagerCount={EAGER_CARDS}
              onDelete={isAdmin ? confirmAndDelete : undefined}
              afterFirstRow={<CookieNotice />}
            />
            {listing.next_cursor !== null && (
              <p className={styles.more}>
                <span className={styles.moreCount}>
                  Showing {shown.length} of {listing.total} books
                </span>
                {view.pages < MAX_HOME_PAGES ? (
                  <Link
                    className={buttonClass('secondary')}
                    to={{ search: homeQuery({ ...view, pages: view.pages + 1 }, ceiling) }}
                    replace
                    preventScrollReset
                    aria-label={`Show more books (${shown.length} of ${listing.total} shown)`}
                  >
                    Show more
                  </Link>
                ) : (
                  // The deepest page the server renders (decision 131).
                  <span>Choose a type, age or price, or search, to see the others.</span>
                )}
              </p>
            )}
          </>
        )}
      </section>
      {overlay}
    </main>
  );
}
