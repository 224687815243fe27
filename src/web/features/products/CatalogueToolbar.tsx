/**
 * Sort and filters (spec section 9): type, age (All, Kids, Adults), price slider step 1, sort
 * order, each with the number of books it would show (the listing's facets).
 *
 * A GET form over the home address (decision 114): without JavaScript its Apply button sends it;
 * with JavaScript every change goes to the address at once (replacing the entry, keeping the
 * scroll), which loads the matching books. The slider shows its value while it moves.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate, useNavigation } from 'react-router';
import type { CatalogueFacets, ListingAge, ListingSort } from '@shared/contracts/products';
import { Button } from '../../components/Button';
import { formatPounds } from '../../lib/format';
import { useIsClient } from '../../lib/hydration';
import { homeQuery, readHomeView, type HomeView } from './home-address';
import styles from './HomePage.module.css';

interface ToolbarProps {
  view: HomeView;
  facets: CatalogueFacets;
  showFilters: boolean;
}

/** Slider bounds: the floor of the lowest price to the ceiling of the highest; 0 to 100 with no books. */
export function sliderBounds(facets: CatalogueFacets): { min: number; max: number } {
  const { lowest, highest } = facets.price;
  return lowest === null || highest === null
    ? { min: 0, max: 100 }
    : { min: Math.floor(lowest), max: Math.ceil(highest) };
}

/** A slider move waits this long for the next before the books are asked for. */
const SLIDER_SETTLE_MS = 150;

export function CatalogueToolbar({ view: shown, facets, showFilters }: ToolbarProps) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useNavigation().location;
  // While the books for a choice load, the controls show it, and a next choice adds to it.
  const view =
    pending && pending.pathname === location.pathname ? readHomeView(new URLSearchParams(pending.search)) : shown;
  const isClient = useIsClient();
  const bounds = sliderBounds(facets);
  const maxPrice = Math.min(view.maxPrice ?? bounds.max, bounds.max);
  const [sliding, setSliding] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  // A new address (Back, Clear filters) shows its own price.
  useEffect(() => setSliding(null), [view.maxPrice]);

  const go = (next: Partial<HomeView>) => {
    const query = homeQuery({ ...view, ...next, pages: 1 }, bounds.max);
    void navigate({ search: query }, { replace: true, preventScrollReset: true });
  };
  const shownPrice = sliding ?? maxPrice;

  return (
    <Form method="get" action="/" className={styles.toolbar} aria-label="Sort and filter books">
      {showFilters && (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-type`}>Type</label>
            <select
              id={`${id}-type`}
              name="type"
              value={view.type}
              onChange={(event) => go({ type: event.target.value })}
            >
              <option value="">All types</option>
              {facets.types.map(({ type, count }) => (
                <option key={type} value={type}>
                  {type} ({count})
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-age`}>Age</label>
            <select
              id={`${id}-age`}
              name="age"
              value={view.age}
              onChange={(event) => go({ age: event.target.value as ListingAge })}
            >
              {facets.ages.map(({ age, count }) => (
                <option key={age} value={age}>
                  {age} ({count})
                </option>
              ))}
            </select>
          </div>
          <div className={`${styles.field} ${styles.priceField}`}>
            <label htmlFor={`${id}-price`}>
              Max price: <strong>{formatPounds(shownPrice)}</strong>
            </label>
            <input
              id={`${id}-price`}
              name="max_price"
              type="range"
              min={bounds.min}
              max={bounds.max}
              step={1}
              value={shownPrice}
              aria-valuetext={formatPounds(shownPrice)}
              onChange={(event) => {
                const value = Number(event.target.value);
                setSliding(value);
                clearTimeout(settle.current);
                settle.current = setTimeout(() => go({ maxPrice: value }), SLIDER_SETTLE_MS);
              }}
            />
          </div>
        </>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          name="sort"
          value={view.sort}
          onChange={(event) => go({ sort: event.target.value as ListingSort })}
        >
          <option value="default">Featured</option>
          <option value="price-asc">Price: low to high</option>
          <option value="price-desc">Price: high to low</option>
        </select>
      </div>
      {/* Without JavaScript the choices are sent with this; with it, each change is applied at once. */}
      {!isClient && (
        <Button type="submit" variant="secondary" className={styles.apply}>
          Apply
        </Button>
      )}
    </Form>
  );
}
