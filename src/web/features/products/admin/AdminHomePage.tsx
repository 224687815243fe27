/**
 * /admin: where an admin lands after verification. The owner's dashboard (features/dashboard,
 * decision 123), tiles to every admin task (products, orders,
 * discounts, the Sales dashboard), then the catalogue, paged and searchable, with Edit and Delete
 * for each product (AdminProductList), then
 * the archived products (sold books that were deleted, decision 039) with Edit and Restore.
 */
import { Link } from 'react-router';
import * as MSG from '@shared/messages';
import { Button } from '../../../components/Button';
import { useBanner } from '../../../lib/banner';
import { clientConfig } from '../../../lib/config';
import { serverMessage } from '../../../lib/api';
import { Dashboard } from '../../dashboard';
import { AdminProductList } from './AdminProductList';
import { useArchivedProducts, useRestoreProduct } from './api';
import { ProductRow } from './ProductRow';
import page from '../../../styles/admin.module.css';
import styles from './AdminHome.module.css';

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
            <Button
              variant="secondary"
              onClick={() => onRestore(product.id)}
              disabled={restore.isPending}
              aria-label={`Restore ${product.name}`}
            >
              Restore
            </Button>
          </ProductRow>
        ))}
      </ul>
    </section>
  );
}

export function AdminHomePage() {
  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>{clientConfig.shopName}</span>
          Admin
        </h1>
      </div>

      <Dashboard />

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
            <Link className={styles.tile} to="/admin/delivery">
              <span className={styles.tileTitle}>Delivery</span>
              <span className={styles.tileText}>Zones, prices per book, free delivery</span>
            </Link>
          </li>
          <li>
            <a
              className={`${styles.tile} ${styles.accent}`}
              href={clientConfig.salesDashboardUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span className={styles.tileTitle}>Sales dashboard ↗</span>
              <span className={styles.tileText}>Payments at the card provider (opens a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>

      <AdminProductList />

      <ArchivedProducts />
    </main>
  );
}
