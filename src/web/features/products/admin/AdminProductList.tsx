/**
 * The admin home's catalogue (issue #18, decision 122): the shop's books newest first, a page at a
 * time ("Show more books": the server pages by keyset), with a search by name, ID or type that
 * asks the server once typing pauses and keeps its text in the address (?q=), so a search survives
 * a visit to Edit and Back. Each book has Edit and Delete.
 */
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as MSG from '@shared/messages';
import { Button, buttonClass } from '../../../components/Button';
import { SearchField } from '../../../components/SearchField';
import { ShowMore } from '../../../components/ShowMore';
import { Spinner } from '../../../components/Spinner';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProductPages } from './api';
import { ProductRow } from './ProductRow';
import page from '../../../styles/admin.module.css';
import styles from './AdminHome.module.css';

/** The server's ADMIN_PRODUCT_QUERY_MAX (contracts/products.ts; a value from a contract would bring zod into this page's load). */
const SEARCH_MAX = 200;

const countText = (shown: number, total: number) =>
  total === 0
    ? ''
    : shown >= total
      ? `${total === 1 ? '1 book' : `${total} books`}, newest first`
      : `${shown} of ${total} books shown, newest first`;

export function AdminProductList() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  // One history entry for a search, not one per key.
  const search = useCallback(
    (wanted: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('q', wanted);
          else next.delete('q');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const books = useAdminProductPages(q);
  const remove = useDeleteProduct();
  const shown = books.data?.pages.flatMap((result) => result.products) ?? [];
  const total = books.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="admin-products">
      <div className={styles.productsHeader}>
        <h2 id="admin-products">Products{books.data && !q ? ` (${total})` : ''}</h2>
        <span className={styles.productsActions}>
          <Link className={buttonClass('secondary')} to="/admin/products/spreadsheet">
            Import / export
          </Link>
          <Link className={buttonClass('secondary')} to="/admin/add_product">
            Add Item
          </Link>
        </span>
      </div>
      <div role="search" aria-label="Find products" className={styles.search}>
        <SearchField
          q={q}
          onSearch={search}
          id="products-search"
          label="Search products"
          placeholder="Name, ID or type"
          maxLength={SEARCH_MAX}
        />
      </div>
      <p className={`${page.muted} ${styles.count}`} role="status">
        {books.data && (q && total === 0 ? '' : countText(shown.length, total))}
      </p>
      {books.isPending ? (
        <Spinner label="Loading products" />
      ) : books.isError ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {MSG.errorLoadingProducts}
        </p>
      ) : shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={page.muted}>{q ? `No books match “${q}”.` : MSG.noProductsFound}</p>
          {q && (
            <Button variant="secondary" onClick={() => search('')}>
              Clear search
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className={styles.list} aria-busy={books.isPlaceholderData}>
            {shown.map((product) => (
              <ProductRow key={product.id} product={product}>
                <Button
                  variant="dangerOutline"
                  onClick={() => remove.confirmAndDelete(product)}
                  disabled={remove.isPending}
                  aria-label={`Delete ${product.name}`}
                >
                  Delete
                </Button>
              </ProductRow>
            ))}
          </ul>
          <ShowMore pages={books} label="Show more books" loading="Loading more books…" />
          {books.isFetchNextPageError && (
            <p className={`${page.alert} ${page.danger}`} role="alert">
              {MSG.errorLoadingProducts}
            </p>
          )}
        </>
      )}
    </section>
  );
}
