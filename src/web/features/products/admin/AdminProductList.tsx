/**
 * The admin home's catalogue (issue #18, decision 122): the shop's books newest first, a page at a
 * time ("Show more books": the server pages by keyset), with a search by name, ID or type that
 * asks the server once typing pauses and keeps its text in the address (?q=), so a search survives
 * a visit to Edit and Back. Each book has Edit and Delete.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@shared/messages';
import { Button, buttonClass } from '../../../components/Button';
import { ShowMore } from '../../../components/ShowMore';
import { Spinner } from '../../../components/Spinner';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProductPages } from './api';
import { ProductRow } from './ProductRow';
import page from '../../../styles/admin.module.css';
import styles from './AdminHome.module.css';

/** The server's ADMIN_PRODUCT_QUERY_MAX (contracts/catalogue.ts; a value from a contract would bring zod into this page's load). */
const SEARCH_MAX = 200;
/** How long the search waits after the last key before it asks the server. */
const TYPING_PAUSE_MS = 300;

/** `text` once it has stopped changing for `ms`. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

const countText = (shown: number, total: number) =>
  total === 0 ? '' : shown >= total ? `${total === 1 ? '1 book' : `${total} books`}, newest first` : `${shown} of ${total} books shown, newest first`;

export function AdminProductList() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const [typed, setTyped] = useState(q);
  const [addressQ, setAddressQ] = useState(q);
  if (q !== addressQ) {
    // the address changed by other means (Back, a link): show its search
    setAddressQ(q);
    setTyped(q);
  }
  const settled = useSettled(typed.trim(), TYPING_PAUSE_MS);
  useEffect(() => {
    if (settled === q) return;
    // One history entry for a search, not one per key.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Only a settled text moves the address; the address moving by itself is handled above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const books = useAdminProductPages(q);
  const remove = useDeleteProduct();
  const shown = books.data?.pages.flatMap((result) => result.products) ?? [];
  const total = books.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="admin-products">
      <div className={styles.productsHeader}>
        <h2 id="admin-products">Products{books.data && !q ? ` (${total})` : ''}</h2>
        <Link className={buttonClass('secondary')} to="/admin/add_product">
          Add Item
        </Link>
      </div>
      <div role="search" aria-label="Find products" className={styles.search}>
        <div className={page.field}>
          <label className={page.label} htmlFor="products-search">
            Search products
          </label>
          <input
            id="products-search"
            className={page.input}
            type="search"
            value={typed}
            maxLength={SEARCH_MAX}
            placeholder="Name, ID or type"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
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
            <Button variant="secondary" onClick={() => setTyped('')}>
              Clear search
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className={styles.list} aria-busy={books.isPlaceholderData}>
            {shown.map((product) => (
              <ProductRow key={product.id} product={product}>
                <Button variant="ghost" onClick={() => remove.confirmAndDelete(product)} disabled={remove.isPending} aria-label={`Delete ${product.name}`}>
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
