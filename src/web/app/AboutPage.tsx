/** About us. */
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import { clientConfig } from '../lib/config';
import styles from '../styles/pages.module.css';

export function AboutPage() {
  const shop = clientConfig.shopName;
  return (
    <main className={styles.page}>
      <h1>About us</h1>
      <p className={styles.lead}>
        {shop} is a small, independent shop for printed activity, puzzle, colouring and journal books, for children and
        for the grown-ups who still love a good maze.
      </p>
      <div className={styles.prose}>
        <p>
          Every book we sell is designed by us and printed on demand by our UK print partner. Nothing sits in a
          warehouse: when you order, your copy is printed, bound and posted to you, usually within a few working days.
          That means less waste, no unsold stock heading for pulping, and a shop that can keep even its quietest titles
          in print.
        </p>
        <ul className={styles.values}>
          <li>
            <strong>Made to be used</strong>
            Thick enough paper for pencils and felt tips, spines that lie open, and puzzles tested by real families.
          </li>
          <li>
            <strong>Printed for you</strong>
            Each copy is printed when you order it, so what reaches you is fresh off the press.
          </li>
          <li>
            <strong>Small and personal</strong>
            Questions go to the people who make the books, not to a call centre.
          </li>
        </ul>
        <h2>How ordering works</h2>
        <p>
          Add books to your basket, pay securely by card, and we send the order straight to print. You will get an
          e-mail when your books are printed, another when they are posted (with tracking), and a link to tell us what
          you thought once they arrive.
        </p>
        <h2>Get in touch</h2>
        <p>
          Ideas for a new book, a question about an order, or a classroom that wants a bundle? We would love to hear
          from you.
        </p>
      </div>
      <Link className={buttonClass()} to="/contact">
        Contact us
      </Link>
    </main>
  );
}
