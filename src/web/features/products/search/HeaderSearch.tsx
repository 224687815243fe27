/**
 * The header's search (spec section 4): its icon expands and collapses the box (SearchBox.tsx,
 * loaded when first opened, or as soon as the pointer or focus reaches the icon); a navigation or
 * Escape collapses it.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CloseIcon, SearchIcon } from '../../../components/icons';
import styles from './HeaderSearch.module.css';

const loadSearchBox = () => import('./SearchBox');
const SearchBox = lazy(loadSearchBox);

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const collapse = () => setOpen(false);

  useEffect(collapse, [location.pathname]);

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
        <Suspense fallback={<div className={styles.placeholder} />}>
          <SearchBox root={root} collapse={collapse} />
        </Suspense>
      )}
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-label={open ? 'Close search' : 'Search'}
        onPointerEnter={loadSearchBox}
        onFocus={loadSearchBox}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
    </div>
  );
}
