/**
 * The cookie notice, shown until accepted; the acceptance is kept in local storage.
 *
 * It floats over the bottom of the page, so while it shows it reserves its own height below the
 * footer (`--cookie-notice-space`, read by the footer's stylesheet): the footer's last links can
 * be scrolled above it and stay reachable without accepting.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useIsClient } from '../../lib/hydration';
import { STORAGE_KEYS, readText, writeText } from '../../lib/storage';
import styles from './HomePage.module.css';

const SPACE_VARIABLE = '--cookie-notice-space';

export function CookieNotice() {
  const [accepted, setAccepted] = useState(() => readText(STORAGE_KEYS.cookiesAccepted) === 'true');
  // Only the browser knows the choice: a server-rendered page gets the notice after hydration.
  const isClient = useIsClient();
  const shown = isClient && !accepted;
  const notice = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const element = notice.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const reserve = () => {
      const gap = parseFloat(getComputedStyle(element).bottom) || 0;
      root.style.setProperty(SPACE_VARIABLE, `${Math.ceil(element.offsetHeight + 2 * gap)}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SPACE_VARIABLE);
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <section ref={notice} className={styles.cookie} aria-label="Cookie notice">
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
