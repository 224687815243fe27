import { useNavigate } from 'react-router';
import { useBanner } from '../lib/banner';
import styles from './BannerView.module.css';

/** Shows the current banner message; cart and love messages are links to the cart and wishlist. */
export function BannerView() {
  const { message, clear } = useBanner();
  const navigate = useNavigate();
  if (!message) return <div role="status" aria-live="polite" className="visually-hidden" />;
  const className = `${styles.banner} ${styles[message.action]}`;
  const target = message.action === 'cart' ? '/cart' : message.action === 'love' ? '/wishlist' : null;
  if (target) {
    // A live region holding a button (a button given the status role would lose its name).
    return (
      <div role="status" aria-live="polite">
        <button
          type="button"
          className={`${className} ${styles.clickable}`}
          onClick={() => {
            clear();
            navigate(target);
          }}
        >
          {message.content}
        </button>
      </div>
    );
  }
  return (
    <div className={className} role={message.action === 'error' ? 'alert' : 'status'} aria-live="polite">
      {message.content}
    </div>
  );
}
