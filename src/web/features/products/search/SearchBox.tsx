/**
 * The header search's open box (spec section 4): every change searches, results link to the
 * product page, Enter opens the results page, a click outside clears the query and the results.
 * Loaded when the shopper first opens the search (HeaderSearch.tsx), not with the page.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { productPath } from '@shared/routes';
import { ProductImage } from '../../../components/ProductImage';
import { useProductSearch } from './api/search-products';
import { searchPath } from './search-address';
import styles from './SearchBox.module.css';

export default function SearchBox({
  root,
  collapse,
}: {
  root: RefObject<HTMLDivElement | null>;
  collapse: () => void;
}) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const navigate = useNavigate();
  const search = useProductSearch(query);
  const results = query.trim() && search.data && !search.isError ? search.data : [];

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setQuery('');
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [root]);

  return (
    <form
      className={styles.box}
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        if (!query.trim()) return;
        void navigate(searchPath(query));
        collapse();
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search books
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        name="q"
        className={styles.input}
        // A text box in the searchbox role: a type="search" box brings the browser's own clear
        // button, a second one beside the close button that already clears (issue 18).
        type="text"
        role="searchbox"
        inputMode="search"
        enterKeyHint="search"
        placeholder="Search books…"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={`${id}-results`}
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className="visually-hidden" aria-live="polite">
        {query.trim() && search.isSuccess ? `${results.length} ${results.length === 1 ? 'result' : 'results'}` : ''}
      </p>
      {results.length > 0 && (
        <ul id={`${id}-results`} className={styles.results} aria-label="Search results">
          {results.map((product) => (
            <li key={product.id}>
              <Link className={styles.result} to={productPath(product.name)} onClick={collapse}>
                <ProductImage className={styles.thumb} src={product.imageUrls[0]} alt="" sizes="48px" />
                <span className={styles.text}>
                  <span className={styles.name}>{product.name}</span>
                  <span className={styles.meta}>
                    {[product.type, product.age || 'All ages'].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {query.trim() && search.isSuccess && results.length === 0 && <p className={styles.empty}>No results</p>}
    </form>
  );
}
