/**
 * /admin: where an admin lands after verification. Tiles to every admin task (products, orders,
 * discounts, the Sales dashboard), then the catalogue with Edit and Delete for each product, then
 * the archived products (sold books that were deleted, decision 039) with Edit and Restore.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shared/contracts/product';
import { imageKeyFrom, imagePath } from '@shared/images';
import { MSG } from '@shared/messages';
import { Button, buttonClass } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useBanner } from '../../../lib/banner';
import { clientConfig } from '../../../lib/config';
import { formatPounds } from '../../../lib/format';
import { serverMessage } from '../../../lib/api';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts, useArchivedProducts, useRestoreProduct } from './api';
import page from '../../../styles/admin.module.css';
import styles from './AdminHome.module.css';

const thumbnail = (url: string) => {
  const key = imageKeyFrom(url);
  return key ? imagePath(key, 320) : url;
};

/** One product of the admin's lists: cover, name, id · type · age · price, and its actions. */
function ProductRow({ product, children }: { product: Product; children: ReactNode }) {
  return (
    <li className={styles.row}>
      {product.imageUrls[0] ? (
        <img className={styles.thumb} src={thumbnail(product.imageUrls[0])} alt="" loading="lazy" width={56} height={72} />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <div className={styles.info}>
        <div className={styles.name}>{product.name}</div>
        <div className={styles.meta}>
          {product.id} · {product.type || 'No type'} · {product.age || MSG.allAges} · {formatPounds(product.price)}
        </div>
      </div>
      <div className={styles.rowActions}>
        <Link className={buttonClass('secondary')} to={`/admin/edit_product/${encodeURIComponent(product.id)}`} aria-label={`Edit ${product.name}`}>
          Edit
        </Link>
        {children}
      </div>
    </li>
  );
}

/** The archived products with Restore; nothing at all while there are none. */
function ArchivedProducts() {
  const archived = useArchivedProducts();
  const restore = useRestoreProduct();
  const banner = useBanner();
  if (!archived.data?.length) return null;

  const onRestore = (id: string) => {
    if (!window.confirm(MSG.confirmRestoreProduct)) return;
    restore.mutate(id, {
      onSuccess: (answer) => banner.show({ content: answer.message, action: 'success' }),
      onError: (error) => banner.show({ content: serverMessage(error) ?? MSG.errorRestoringProduct, action: 'error' }),
    });
  };

  return (
    <section aria-labelledby="admin-archived" className={styles.archived}>
      <h2 id="admin-archived">
        {MSG.archivedProducts} ({archived.data.length})
      </h2>
      <p className={page.muted}>{MSG.archivedProductsHelp}</p>
      <ul className={styles.list}>
        {archived.data.map((product) => (
          <ProductRow key={product.id} product={product}>
            <Button variant="ghost" onClick={() => onRestore(product.id)} disabled={restore.isPending} aria-label={`Restore ${product.name}`}>
              Restore
            </Button>
          </ProductRow>
        ))}
      </ul>
    </section>
  );
}

export function AdminHomePage() {
  const products = useAdminProducts();
  const remove = useDeleteProduct();

  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>{clientConfig.shopName}</span>
          Admin
        </h1>
      </div>

      <nav aria-label="Admin tasks">
        <ul className={styles.tiles}>
          <li>
            <Link className={styles.tile} to="/admin/add_product">
              <span className={styles.tileTitle}>Add a product</span>
              <span className={styles.tileText}>New book with up to six images</span>
            </Link>
          </li>
          <li>
            <Link className={styles.tile} to="/admin/orders">
              <span className={styles.tileTitle}>Orders</span>
              <span className={styles.tileText}>Fulfil orders and notify customers</span>
            </Link>
          </li>
          <li>
            <Link className={styles.tile} to="/admin/discounts">
              <span className={styles.tileTitle}>Discounts</span>
              <span className={styles.tileText}>E-mail a one-use discount code</span>
            </Link>
          </li>
          <li>
            <a className={`${styles.tile} ${styles.accent}`} href={clientConfig.salesDashboardUrl} target="_blank" rel="noopener noreferrer">
              <span className={styles.tileTitle}>Sales dashboard ↗</span>
              <span className={styles.tileText}>Payments at the card provider (opens a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="admin-products">
        <div className={styles.productsHeader}>
          <h2 id="admin-products">Products{products.data ? ` (${products.data.length})` : ''}</h2>
          <Link className={buttonClass('secondary')} to="/admin/add_product">
            Add Item
          </Link>
        </div>
        {products.isPending ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <p className={`${page.alert} ${page.danger}`} role="alert">
            {MSG.errorLoadingProducts}
          </p>
        ) : products.data.length === 0 ? (
          <p className={page.muted}>{MSG.noProductsFound}</p>
        ) : (
          <ul className={styles.list}>
            {products.data.map((product) => (
              <ProductRow key={product.id} product={product}>
                <Button variant="ghost" onClick={() => remove.confirmAndDelete(product)} disabled={remove.isPending} aria-label={`Delete ${product.name}`}>
                  Delete
                </Button>
              </ProductRow>
            ))}
          </ul>
        )}
      </section>

      <ArchivedProducts />
    </main>
  );
}
