/** The cookie notice, shown until accepted; the acceptance is kept in local storage. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useIsClient } from '../../lib/hydration';
import { STORAGE_KEYS, readText, writeText } from '../../lib/storage';
import styles from './HomePage.module.css';

export function CookieNotice() {
  const [accepted, setAccepted] = useState(() => readText(STORAGE_KEYS.cookiesAccepted) === 'true');
  // Only the browser knows the choice: a server-rendered page gets the notice after hydration.
  const isClient = useIsClient();
  if (accepted || !isClient) return null;
  return (
    <section className={styles.cookie} aria-label="Cookie notice">
      <p>
        We keep a few things in your browser (your basket, your sign-in and this choice) so the shop works. No advertising
        trackers. <Link to="/privacy">Read our privacy policy</Link>.
      </p>
      <button
        type="button"
        className={styles.cookieButton}
        onClick={() => {
          writeText(STORAGE_KEYS.cookiesAccepted, 'true');
          setAccepted(true);
        }}
      >
        Accept
      </button>
    </section>
  );
}
