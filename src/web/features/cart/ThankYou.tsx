/** The thank-you view on /cart?order_success=true&token=…: clears the local basket; guests are offered an account. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
// Through the feature's entry, as every other importer: a direct import makes the bundler put the
// basket in a chunk of its own, 0.7 kB more on the home page (decision 094).
import { useBasket } from '.';
import { forgetLeftCheckout } from '../../lib/left-checkout';
import { useSession } from '../../lib/session';
import { useAppliedDiscount } from './applied-discount';
import styles from './Cart.module.css';

export function ThankYou({ token }: { token: string }) {
  const { session } = useSession();
  const { clear } = useBasket();
  const [, setApplied] = useAppliedDiscount();
  const cleared = useRef<string | null>(null);

  useEffect(() => {
    if (cleared.current === token) return;
    cleared.current = token;
    clear();
    setApplied(null);
    forgetLeftCheckout(token);
  }, [token, clear, setApplied]);

  return (
    <main className={`page ${styles.page}`}>
      <section className={styles.thanks} aria-labelledby="thanks-heading">
        <h1 id="thanks-heading">Thank you for your order!</h1>
        <p>Your payment went through and your books are on their way to the printer. A confirmation is in your inbox.</p>
        {session ? (
          <p>
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
        <Link className={styles.continue} to="/">
          Continue shopping
        </Link>
      </section>
    </main>
  );
}
