/** Sort and filters (spec section 9): type, age (All, Kids, Adults), price slider step 1, sort order. */
import { useId } from 'react';
import { formatPounds } from '../../lib/format';
import type { AgeFilter, Filters, SortOrder } from './catalogue-rules';
import styles from './HomePage.module.css';

interface ToolbarProps {
  types: string[];
  bounds: { min: number; max: number };
  filters: Filters;
  sort: SortOrder;
  showFilters: boolean;
  onFilters(filters: Filters): void;
  onSort(sort: SortOrder): void;
}

export function CatalogueToolbar({ types, bounds, filters, sort, showFilters, onFilters, onSort }: ToolbarProps) {
  const id = useId();
  return (
    <div className={styles.toolbar} role="group" aria-label="Sort and filter books">
      {showFilters && (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-type`}>Type</label>
            <select id={`${id}-type`} value={filters.type} onChange={(event) => onFilters({ ...filters, type: event.target.value })}>
              <option value="">All types</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-age`}>Age</label>
            <select id={`${id}-age`} value={filters.age} onChange={(event) => onFilters({ ...filters, age: event.target.value as AgeFilter })}>
              <option value="All">All</option>
              <option value="Kids">Kids</option>
              <option value="Adults">Adults</option>
            </select>
          </div>
          <div className={`${styles.field} ${styles.priceField}`}>
            <label htmlFor={`${id}-price`}>
              Max price: <strong>{formatPounds(filters.maxPrice)}</strong>
            </label>
            <input
              id={`${id}-price`}
              type="range"
              min={bounds.min}
              max={bounds.max}
              step={1}
              value={filters.maxPrice}
              aria-valuetext={formatPounds(filters.maxPrice)}
              onChange={(event) => onFilters({ ...filters, maxPrice: Number(event.target.value) })}
            />
          </div>
        </>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={sort} onChange={(event) => onSort(event.target.value as SortOrder)}>
          <option value="default">Featured</option>
          <option value="price-asc">Price: low to high</option>
          <option value="price-desc">Price: high to low</option>
        </select>
      </div>
    </div>
  );
}
