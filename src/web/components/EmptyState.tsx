/** An empty list's message with a way back to the catalogue (the basket, the wishlist). */
import { Link } from 'react-router';
import styles from './EmptyState.module.css';

export function EmptyState({ message, className }: { message: string; className?: string }) {
  return (
    <div className={className ? `${styles.box} ${className}` : styles.box}>
      <p className={styles.message}>{message}</p>
      <Link className={styles.continue} to="/">
        Continue shopping
      </Link>
    </div>
  );
}
