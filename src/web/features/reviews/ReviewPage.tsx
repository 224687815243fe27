/**
 * /review/order/{orderId}: the order's books, each with a review form (spec "Review page").
 * With `review_token` in the address (the Delivered mail's link) the token is first exchanged for
 * a session and then removed from the address; a bad token shows 'Invalid review token. Please
 * try again.' and goes to /login?review=invalid. A link whose order has nothing left to review
 * signs no one in (409, decisions/050): the page says all reviews have been submitted.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import * as MSG from '@shared/messages';
import { buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { shortOrderId } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useOrderProducts } from './api/fetch-order-products';
import { useVerifyReviewToken } from './api/verify-review-token';
import { ReviewForm } from './components/ReviewForm';
import styles from './ReviewPage.module.css';

export function ReviewPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const reviewToken = params.get('review_token');
  const location = useLocation();
  const navigate = useNavigate();
  const banner = useBanner();
  const { session, signIn } = useSession();
  const verify = useVerifyReviewToken();
  const exchanging = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [linkUsedUp, setLinkUsedUp] = useState(false);

  useEffect(() => {
    if (!reviewToken || exchanging.current === reviewToken) return;
    exchanging.current = reviewToken;
    const dropTokenFromAddress = () => {
      const rest = new URLSearchParams(params);
      rest.delete('review_token');
      const search = rest.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    };
    verify
      .mutateAsync(reviewToken)
      .then((answer) => {
        if (!signIn(answer.token)) throw new Error('unreadable session');
        dropTokenFromAddress();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) {
          setLinkUsedUp(true);
          dropTokenFromAddress();
          return;
        }
        banner.show({ content: MSG.invalidReviewToken, action: 'error' });
        navigate('/login?review=invalid', { replace: true });
      });
  }, [reviewToken, verify, signIn, params, navigate, location.pathname, banner]);

  const products = useOrderProducts(reviewToken ? undefined : session?.id, orderId);
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());

  const allReviewed = (
    <div className={styles.done}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {MSG.allReviewsSubmitted}
      </h1>
      <p className={styles.lead}>Your reviews help other families find the right books.</p>
      <div className={styles.actions}>
        <Link className={buttonClass()} to="/">
          Continue shopping
        </Link>
        <Link className={buttonClass('secondary')} to="/profile">
          Your orders
        </Link>
      </div>
    </div>
  );

  let content;
  if (linkUsedUp) {
    content = allReviewed;
  } else if (reviewToken) {
    content = (
      <>
        <h1 className={styles.title}>Review your order</h1>
        <Spinner label="Opening your review link" />
      </>
    );
  } else if (!session) {
    content = (
      <>
        <h1 className={styles.title}>Review your order</h1>
        <p className={styles.lead}>Please sign in to review the books of this order.</p>
        <Link className={buttonClass()} to="/login">
          Sign in
        </Link>
      </>
    );
  } else if (products.isPending) {
    content = (
      <>
        <h1 className={styles.title}>Review your order</h1>
        <Spinner label="Loading your order" />
      </>
    );
  } else if (products.isError) {
    content = (
      <>
        <h1 className={styles.title}>Review your order</h1>
        <p className={styles.problem} role="alert">
          {MSG.couldNotLoadOrder}
        </p>
        <Link className={buttonClass('secondary')} to="/profile">
          Your orders
        </Link>
      </>
    );
  } else if (products.data.length === 0) {
    content = allReviewed;
  } else {
    const count = products.data.length;
    content = (
      <>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          Review your order
        </h1>
        <p className={styles.lead}>
          Order <span className={styles.ref}>…{shortOrderId(orderId)}</span>: {count} {count === 1 ? 'book' : 'books'}{' '}
          to review. Tell other readers what you thought.
        </p>
        <ul className={styles.list}>
          {products.data.map((product) => (
            <li key={product.id}>
              <ReviewForm product={product} orderId={orderId} userId={session.id} onReviewed={focusHeading} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <main className="page">
      <div className={styles.inner}>{content}</div>
    </main>
  );
}
