/**
 * The header's search: its icon expands and collapses the box; every change searches; results
 * link to the product page; a click outside clears the query and the results (spec section 4).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { searchPath } from './search-address';
import { productPath } from '@shared/routes';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { ProductImage } from '../../components/ProductImage';
import { useProductSearch } from './api/search-products';
import styles from './HeaderSearch.module.css';

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const search = useProductSearch(query);
  const results = query.trim() && search.data && !search.isError ? search.data : [];

  const clear = () => setQuery('');
  const collapse = () => {
    setQuery('');
    setOpen(false);
  };

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(collapse, [location.pathname]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) clear();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  return (
    <div
      ref={root}
      className={`${styles.search} ${open ? styles.open : ''}`}
      role="search"
      onKeyDown={(event) => {
        if (event.key === 'Escape') collapse();
      }}
    >
      {open && (
        // Enter opens the results page (/search?q=…) with every match.
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
                      <span className={styles.meta}>{[product.type, product.age || 'All ages'].filter(Boolean).join(' · ')}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {query.trim() && search.isSuccess && results.length === 0 && <p className={styles.empty}>No results</p>}
        </form>
      )}
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-label={open ? 'Close search' : 'Search'}
        onClick={() => (open ? collapse() : setOpen(true))}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
    </div>
  );
}
