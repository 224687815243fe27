/**
 * /checkout/demo/:sessionId: the embedded stand-in for the card provider's hosted page, used when
 * the shop has no Stripe keys. It is clearly a demo: no card details are asked for and nothing is
 * charged. Pay completes the order through the same server function as a paid Stripe session;
 * Cancel closes the checkout (its discount code is free again at once) and goes back to the
 * basket with nothing lost.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@shared/messages';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { formatPounds } from '../../lib/format';
import { useCancelDemoCheckout, useDemoCheckout, usePayDemoCheckout } from './api/demo-checkout';
import styles from './DemoCheckout.module.css';

export const DEMO_LABEL = 'Demo payment: no card is charged';

export function DemoCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useDemoCheckout(sessionId);
  const pay = usePayDemoCheckout(sessionId);
  const cancel = useCancelDemoCheckout(sessionId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    pay.mutate(checkout.data?.needsEmail ? email.trim() : undefined, {
      onSuccess: ({ redirect }) => navigate(redirect, { replace: true }),
      onError: (err) => setError(err instanceof ApiError && err.status < 500 ? err.message : MSG.errorCheckingOut),
    });
  };

  // Back to the basket whatever the answer: if the cancel did not reach the server, the basket tries again.
  const leave = () => cancel.mutate(undefined, { onSettled: () => navigate('/cart') });

  return (
    <main className={`page ${styles.page}`}>
      <div className={styles.card}>
        <p className={styles.demoLabel} role="note">
          {DEMO_LABEL}
        </p>
        <h1 className={styles.title}>Checkout</h1>
        {checkout.isPending ? (
          <Spinner label="Loading your checkout" />
        ) : checkout.isError || !checkout.data ? (
          <div className={styles.state}>
            <p role="alert">{checkout.error instanceof ApiError && checkout.error.status === 404 ? 'This checkout does not exist.' : MSG.somethingWentWrong}</p>
            <Link to="/cart">Back to your basket</Link>
          </div>
        ) : checkout.data.status === 'completed' ? (
          <div className={styles.state}>
            <p>This checkout has already been paid.</p>
            <Link to={`/cart?order_success=true&token=${encodeURIComponent(sessionId)}`}>See your order confirmation</Link>
          </div>
        ) : checkout.data.status === 'expired' ? (
          <div className={styles.state}>
            <p role="alert">This checkout has expired. Your basket is still there.</p>
            <Link to="/cart">Back to your basket</Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <table className={styles.lines}>
              <caption className="visually-hidden">Your order</caption>
              <thead>
                <tr>
                  <th scope="col">Book</th>
                  <th scope="col" className={styles.num}>
                    Qty
                  </th>
                  <th scope="col" className={styles.num}>
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {checkout.data.lines.map((line) => (
                  <tr key={line.product_id}>
                    <td>{line.name}</td>
                    <td className={styles.num}>{line.qty}</td>
                    <td className={styles.num}>{formatPounds(line.unit_price * line.qty)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className={styles.totals}>
              <div>
                <dt>Subtotal</dt>
                <dd>{formatPounds(checkout.data.subtotal)}</dd>
              </div>
              {checkout.data.discount > 0 && (
                <div>
                  <dt>Discount ({checkout.data.discount_code})</dt>
                  <dd>−{formatPounds(checkout.data.discount)}</dd>
                </div>
              )}
              <div>
                <dt>Shipping</dt>
                <dd>{formatPounds(checkout.data.shipping)}</dd>
              </div>
              <div className={styles.total}>
                <dt>Total</dt>
                <dd>{formatPounds(checkout.data.total)}</dd>
              </div>
            </dl>
            {checkout.data.needsEmail && (
              <div className={styles.field}>
                <label htmlFor="receipt-email" className={styles.label}>Email for your receipt</label>
                <input
                  id="receipt-email"
                  className={styles.input}
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-describedby={error ? 'pay-error' : undefined}
                />
              </div>
            )}
            {error && (
              <p id="pay-error" className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.actions}>
              <Button type="submit" block disabled={pay.isPending || cancel.isPending}>
                {pay.isPending ? 'Paying…' : `Pay ${formatPounds(checkout.data.total)}`}
              </Button>
              <Button variant="secondary" onClick={leave} disabled={pay.isPending || cancel.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
