/**
 * The welcome banner (everyone but admins): a click anywhere on it scrolls smoothly to 750 px. On a
 * phone it is short (heading, one line of welcome, the button) so that the first books show in the
 * first screen; the picture and the kicker come from 560 px.
 */
import { WELCOME_SCROLL_PX } from '@shared/constants';
import { Button } from '../../components/Button';
import { clientConfig } from '../../lib/config';
import styles from './HomePage.module.css';

export function WelcomeBanner() {
  const scroll = () => window.scrollTo({ top: WELCOME_SCROLL_PX, behavior: 'smooth' });
  return (
    // The section takes mouse clicks anywhere; keyboard users have the real button inside.
    <section className={styles.welcome} aria-labelledby="welcome-heading" onClick={scroll}>
      <div className={styles.welcomeText}>
        <p className={styles.kicker}>Printed on demand, posted across the UK</p>
        <h1 id="welcome-heading" className={styles.welcomeHeading}>
          Books to fill, colour and puzzle over
        </h1>
        <p className={`${styles.welcomeLead} ${styles.wideOnly}`}>
          Welcome to {clientConfig.shopName}: activity, puzzle, colouring and journal books for curious kids and
          grown-ups, each one printed for you when you order.
        </p>
        {/* A phone's first screen is for the books: the same welcome in fewer words. */}
        <p className={`${styles.welcomeLead} ${styles.phoneOnly}`}>
          Activity, puzzle, colouring and journal books, printed for you when you order.
        </p>
        <Button className={styles.welcomeButton}>Browse the books</Button>
      </div>
      {/* The picture is the CSS's (welcome-art.svg, written into the page's CSS): it paints in the first frame and costs the app's code nothing. */}
      <div className={styles.welcomeImage} aria-hidden="true" />
    </section>
  );
}
