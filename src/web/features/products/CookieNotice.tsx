/**
 * The cookie notice, shown until accepted; the acceptance is kept in local storage.
 *
 * It is part of the home page's flow (decision 136): across the grid under the first row of books
 * (ProductGrid's `afterFirstRow`), or under the empty-result message and its Clear filters link.
 * Nothing floats over them, whatever the width. The server
 * renders it for everyone; a shopper who accepted it earlier never sees it, because an inline
 * script marks <html> before the first paint (lib/cookie-choice.ts) and the CSS hides it, and once
 * the app runs it leaves the page.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cookiesAcceptedBeforePaint, markCookiesAccepted } from '../../lib/cookie-choice';
import { STORAGE_KEYS, readText, writeText } from '../../lib/storage';
import styles from './HomePage.module.css';

export function CookieNotice() {
  // The first render matches the server's page (the notice is there, hidden by CSS if accepted).
  const [accepted, setAccepted] = useState(false);
  useEffect(() => {
    if (cookiesAcceptedBeforePaint() || readText(STORAGE_KEYS.cookiesAccepted) === 'true') setAccepted(true);
  }, []);

  if (accepted) return null;
  return (
    <section className={styles.cookie} aria-label="Cookie notice">
      <p>
        We keep a few things in your browser (your basket, your sign-in and this choice) so the shop works. No
        advertising trackers. <Link to="/privacy">Read our privacy policy</Link>.
      </p>
      <button
        type="button"
        className={styles.cookieButton}
        data-never-cover
        onClick={() => {
          writeText(STORAGE_KEYS.cookiesAccepted, 'true');
          markCookiesAccepted();
          setAccepted(true);
        }}
      >
        Accept
      </button>
    </section>
  );
}
