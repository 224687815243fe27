/**
 * Search results (/search?q=…, decision 114): every match of the header's ranked search, as cards
 * with cover, price, wishlist and basket controls, paged like the home grid (Show more is a link
 * to one more page). No match says so and offers to clear the search or browse the shop.
 */
import { Link } from 'react-router';
import type { CardBook } from '@shared/contracts/products';
import type { SearchPage } from '@shared/contracts/web';
import { buttonClass } from '../../../components/Button';
import { ProductGrid } from '..';
import { MAX_SEARCH_PAGES, searchPath, type SearchView } from './search-address';
import styles from './SearchResultsPage.module.css';

/** What the search route's loader gives the page: the view in the address and the cards of its books. */
export interface SearchData extends Omit<SearchPage, 'products'> {
  view: SearchView;
  products: CardBook[];
}

export function SearchResultsPage({ data }: { data: SearchData }) {
  const { view, products, more } = data;
  const count = `${products.length}${more ? '+' : ''} ${products.length === 1 ? 'book' : 'books'}`;
  return (
    <main className={`page ${styles.page}`}>
      <div className={styles.head}>
        <h1 className={styles.title}>{view.query ? <>Search results for “{view.query}”</> : 'Search'}</h1>
        {products.length > 0 && (
          <p className={styles.count} aria-live="polite">
            {count}
          </p>
        )}
      </div>
      <form className={styles.form} action="/search" method="get" role="search">
        <label htmlFor="search-page-input" className="visually-hidden">
          Search books
        </label>
        <input
          id="search-page-input"
          className={styles.input}
          type="text"
          role="searchbox"
          name="q"
          defaultValue={view.query}
          placeholder="Search books…"
          enterKeyHint="search"
          autoComplete="off"
          key={view.query}
        />
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </form>
      {products.length === 0 ? (
        <div className={styles.empty}>
          <p>
            {view.query
              ? `No books match “${view.query}”.`
              : 'Type what you are looking for: a title, a type of book or a word from its description.'}
          </p>
          {view.query && <p>Check the spelling, try fewer words, or browse every book.</p>}
          <p className={styles.actions}>
            {view.query && (
              <Link className={buttonClass('secondary')} to="/search">
                Clear search
              </Link>
            )}
            <Link className={buttonClass()} to="/">
              Browse all books
            </Link>
          </p>
        </div>
      ) : (
        <>
          {/* The cards' names are the headings under the page's h1. */}
          <ProductGrid products={products} eagerCount={4} headingLevel={2} />
          {more && view.pages < MAX_SEARCH_PAGES && (
            <p className={styles.more}>
              <Link
                className={buttonClass('secondary')}
                to={searchPath(view.query, view.pages + 1)}
                replace
                preventScrollReset
              >
                Show more
              </Link>
            </p>
          )}
        </>
      )}
    </main>
  );
}
