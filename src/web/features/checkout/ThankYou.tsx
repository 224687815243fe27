/**
 * The thank-you view on /cart?order_success=true&token=…: shows the order the checkout made (read
 * through the checkout's token, asked again while the payment is being confirmed), and offers
 * guests an account. The route (routes/cart.tsx) empties the basket it bought (cart's useBasketBought).
 */
import { Link } from 'react-router';
import type { CheckoutOrder } from '@shared/contracts/orders';
import { addressLines } from '@shared/delivery-address';
import { buttonClass } from '../../components/Button';
import { PricedLines } from '../../components/PricedLines';
import { PriceRows } from '../../components/PriceRows';
import { formatPounds, shortOrderId } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useCheckoutOrder } from './api/checkout-order';
import totals from '../../styles/totals.module.css';
import styles from './ThankYou.module.css';

export function ThankYou({ token }: { token: string }) {
  const { session } = useSession();
  const order = useCheckoutOrder(token);

  return (
    <main className={`page ${styles.page}`}>
      <section className={styles.thanks} aria-labelledby="thanks-heading">
        <div className={styles.thanksHead}>
          <svg className={styles.tick} viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path
              d="M7 12.5l3.2 3.2L17.2 8.8"
              fill="none"
              stroke="#fff"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h1 id="thanks-heading">Thank you for your order!</h1>
        </div>

        {order.isPending ? (
          <div className={styles.confirming} role="status">
            <span className={styles.confirmingSpinner} aria-hidden="true" />
            <span>Confirming your payment…</span>
          </div>
        ) : order.isError ? (
          <div className={styles.confirmLater} role="status">
            <p>
              Your payment is taking a little longer than usual to reach us. There is nothing you need to do: we will
              e-mail your order confirmation as soon as it arrives
              {session ? ', and the order will appear in your profile' : ''}.
            </p>
          </div>
        ) : (
          <OrderSummary order={order.data} />
        )}

        {session ? (
          <p className={styles.followUp}>
            You can follow your order in <Link to="/profile">your profile</Link>.
          </p>
        ) : (
          <div className={styles.guestOffer}>
            <p>Create an account to follow your orders, keep a wishlist and review your books.</p>
            <Link className={buttonClass()} to="/createAccount">
              Create an Account
            </Link>
          </div>
        )}
        <p className={styles.thanksFoot}>
          <Link className={styles.continue} to="/">
            Continue shopping
          </Link>
        </p>
      </section>
    </main>
  );
}

function OrderSummary({ order }: { order: CheckoutOrder }) {
  return (
    <>
      <p className={styles.lead}>
        Your payment went through and your books are on their way to the printer. A confirmation is on its way to{' '}
        <strong className={styles.email}>{order.email}</strong>.
      </p>
      <p className={styles.orderNumber}>
        Order number <strong>#{shortOrderId(order.order_id)}</strong>
      </p>

      <div className={styles.orderGrid}>
        <section className={styles.orderPart} aria-labelledby="thanks-items">
          <h2 id="thanks-items" className={styles.partTitle}>
            Your books
          </h2>
          <PricedLines
            caption="Your books"
            lines={order.items.map((line) => ({
              key: line.product_id,
              name: line.item,
              qty: line.quantity,
              unitPrice: line.unit_price,
            }))}
          />
          <PriceRows
            subtotal={formatPounds(order.subtotal)}
            shippingLabel={order.delivery_zone ? `Delivery (${order.delivery_zone})` : 'Shipping'}
            shipping={order.shipping === 0 ? 'Free' : formatPounds(order.shipping)}
            discount={
              order.discount > 0
                ? {
                    label: (
                      <>
                        Discount on books and shipping
                        {order.discount_code && (
                          <>
                            {' '}
                            <span className={totals.codeTag}>{order.discount_code}</span>
                          </>
                        )}
                      </>
                    ),
                    amount: formatPounds(order.discount),
                  }
                : null
            }
            total={{ label: 'Total paid', amount: formatPounds(order.total), testId: 'order-total' }}
            classes={{ list: totals.basketTotals, discount: totals.discountRow, total: totals.totalRow }}
          />
        </section>

        <section className={styles.orderPart} aria-labelledby="thanks-address">
          <h2 id="thanks-address" className={styles.partTitle}>
            Delivering to
          </h2>
          {order.delivery_address ? (
            <p className={styles.address} data-testid="delivery-address">
              {addressLines(order.delivery_address).map((line, index) => (
                <span key={index}>{line}</span>
              ))}
            </p>
          ) : (
            <p>No delivery address came with your payment. We will e-mail you to ask where to send your books.</p>
          )}
          <p className={styles.shipsNote}>We will e-mail you when it ships.</p>
        </section>
      </div>
    </>
  );
}
