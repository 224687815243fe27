import { MSG } from '@shared/messages';
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';

export function NotFoundPage() {
  return (
    <main className="page" style={{ textAlign: 'center', paddingTop: '4rem' }}>
      <p aria-hidden="true" style={{ fontSize: '4rem', margin: 0 }}>
        📚
      </p>
      <h1>{MSG.pageNotFound}</h1>
      <p>We could not find that page. It may have moved, or the book may no longer be in the shop.</p>
      <Link className={buttonClass()} to="/">
        Continue shopping
      </Link>
    </main>
  );
}
