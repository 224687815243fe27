/**
 * The dashboard's delivery by zone (decision 150): per zone, the delivery customers paid and, for
 * the orders the printer answered a delivery cost for, what was charged on those against what the
 * printer charged, so the owner sees which rates lose money.
 */
import type { Dashboard } from '@shared/contracts/dashboard';
import { formatPounds } from '../../../lib/format';
import page from '../../../styles/admin.module.css';
import styles from './Dashboard.module.css';

export function DeliveryByZone({ rows }: { rows: Dashboard['delivery_by_zone'] }) {
  return (
    <section className={`${page.panel} ${styles.widePanel}`} aria-labelledby="dashboard-delivery">
      <h3 id="dashboard-delivery">Delivery by zone</h3>
      {rows.length === 0 ? (
        <p className={page.muted}>No orders in this period.</p>
      ) : (
        // On a phone the table scrolls within its panel: the region can be reached and scrolled by keyboard.
        <div className={styles.tableWrap} role="region" aria-label="Delivery by zone, as a table" tabIndex={0}>
          <table className={styles.table}>
            <caption>
              What customers paid for delivery, and where the printer answered its delivery cost, what it charged.
            </caption>
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">Orders</th>
                <th scope="col">Delivery charged</th>
                <th scope="col">Orders with printer&apos;s cost</th>
                <th scope="col">Charged on those</th>
                <th scope="col">Printer charged</th>
                <th scope="col">Difference</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const difference = Math.round((row.charged_on_those - row.printer_charged) * 100) / 100;
                return (
                  <tr key={row.zone}>
                    <th scope="row">{row.zone}</th>
                    <td>{row.orders}</td>
                    <td>{formatPounds(row.charged)}</td>
                    <td>{row.orders_with_printer_cost}</td>
                    <td>{row.orders_with_printer_cost ? formatPounds(row.charged_on_those) : '—'}</td>
                    <td>{row.orders_with_printer_cost ? formatPounds(row.printer_charged) : '—'}</td>
                    <td>
                      {row.orders_with_printer_cost
                        ? `${difference < 0 ? '−' : ''}${formatPounds(Math.abs(difference))}`
                        : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
