import * as MSG from '@shared/messages';
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import { BookIcon } from '../components/icons';

export function NotFoundPage() {
  return (
    <main className="page" style={{ textAlign: 'center', paddingTop: '4rem' }}>
      {/* An icon of the shop's own, not an emoji: phones and desktops without an emoji font showed a box. */}
      <BookIcon width={64} height={64} strokeWidth={1.5} style={{ color: 'var(--color-brand)' }} />
      <h1>{MSG.pageNotFound}</h1>
      <p>We could not find that page. It may have moved, or the book may no longer be in the shop.</p>
      <Link className={buttonClass()} to="/">
        Continue shopping
      </Link>
    </main>
  );
}
