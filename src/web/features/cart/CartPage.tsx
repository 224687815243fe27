/**
 * /cart: the basket's lines (quantity, remove), the Order Summary (Subtotal, Discount when a code
 * is applied, Shipping, Total: priced by the same function the server charges with), a discount
 * code field that says why a code fails, and Checkout. With ?order_success=true&token=… it is the
 * thank-you view instead.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CART_QTY_MAX, CART_QTY_MIN } from '@shared/constants';
import { MSG } from '@shared/messages';
import { formatPence, poundsToPence } from '@shared/money';
import { priceCart } from '@shared/pricing';
import { productPath } from '@shared/routes';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ProductImage } from '../../components/ProductImage';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
// Through the feature's entry, as every other importer: a direct import makes the bundler put the
// basket in a chunk of its own, 0.7 kB more on the home page (decision 094).
import { useBasket } from '.';
import { releaseLeftCheckout } from '../../lib/left-checkout';
import { useProductsByIds, type Product } from '../../lib/products';
import { useSession } from '../../lib/session';
import { useCreateCheckout } from './api/create-checkout';
import { useValidateDiscount } from './api/validate-discount';
import { useAppliedDiscount, type AppliedDiscount } from './applied-discount';
import { ThankYou } from './ThankYou';
import styles from './Cart.module.css';

export function CartPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (params.get('order_success') === 'true' && token) return <ThankYou token={token} />;
  return <Basket />;
}

interface PricedLine {
  product: Product;
  qty: number;
  unitPence: number;
}

function Basket() {
  const basket = useBasket();
  const products = useProductsByIds(basket.items.map((item) => item.product_id));
  const [applied, setApplied] = useAppliedDiscount();

  // Back in the basket (also restored from the back-forward cache): the payment page this tab left
  // is given up, and its hold on a discount code with it.
  useEffect(() => {
    void releaseLeftCheckout();
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) void releaseLeftCheckout();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const { lines, missing } = useMemo(() => {
    const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
    const found: PricedLine[] = [];
    const gone: string[] = [];
    for (const item of basket.items) {
      const product = byId.get(item.product_id);
      const unitPence = product ? poundsToPence(product.price) : null;
      if (product && unitPence !== null) found.push({ product, qty: item.qty, unitPence });
      else gone.push(item.product_id);
    }
    return { lines: found, missing: products.data ? gone : [] };
  }, [basket.items, products.data]);

  const price = useMemo(
    () => priceCart(lines.map((l) => ({ unitPence: l.unitPence, qty: l.qty, type: l.product.type, age: l.product.age })), applied),
    [lines, applied],
  );

  if (basket.isLoading || (products.isPending && basket.items.length > 0)) {
    return (
      <main className={`page ${styles.page}`}>
        <h1>Your basket</h1>
        <Spinner label="Loading your basket" />
      </main>
    );
  }

  if (basket.items.length === 0) {
    return (
      <main className={`page ${styles.page}`}>
        <h1>Your basket</h1>
        <EmptyState className={styles.empty} message={basket.isError ? MSG.errorLoadingCart : 'Your basket is empty.'} />
      </main>
    );
  }

  return (
    <main className={`page ${styles.page}`}>
      <h1>Your basket</h1>
      <div className={styles.layout}>
        <section aria-labelledby="lines-heading">
          <h2 id="lines-heading" className="visually-hidden">
            Books in your basket
          </h2>
          <ul className={styles.lines}>
            {lines.map((line) => (
              <CartLine key={line.product.id} line={line} />
            ))}
            {missing.map((id) => (
              <li key={id} className={`${styles.line} ${styles.gone}`}>
                <p>This book is no longer available.</p>
                <Button variant="secondary" onClick={() => basket.remove(id)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Link className={styles.continue} to="/">
            Continue shopping
          </Link>
        </section>
        <OrderSummary lines={lines} price={price} applied={applied} setApplied={setApplied} />
      </div>
    </main>
  );
}

function CartLine({ line }: { line: PricedLine }) {
  const basket = useBasket();
  const { product, qty, unitPence } = line;
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `qty-${product.id}`;

  const commit = (value: string) => {
    setDraft(value);
    const next = Number(value);
    if (value !== '' && Number.isInteger(next) && next >= CART_QTY_MIN && next <= CART_QTY_MAX) {
      if (next !== qty) basket.setQty(product.id, next, product.name);
      setDraft(null);
    }
  };

  return (
    <li className={styles.line}>
      <Link to={productPath(product.name)} className={styles.thumb} tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.imageUrls[0]} alt="" sizes="96px" />
      </Link>
      <div className={styles.lineBody}>
        <h3 className={styles.lineName}>
          <Link to={productPath(product.name)}>{product.name}</Link>
        </h3>
        <p className={styles.lineMeta}>
          {[product.type, product.age || MSG.allAges].filter(Boolean).join(' · ')} · {formatPence(unitPence)} each
        </p>
        <div className={styles.lineControls}>
          <div className={styles.qty}>
            <button
              type="button"
              className={styles.qtyButton}
              aria-label={`One fewer ${product.name}`}
              disabled={qty <= CART_QTY_MIN}
              onClick={() => basket.setQty(product.id, qty - 1, product.name)}
            >
              −
            </button>
            <label htmlFor={inputId} className="visually-hidden">
              Quantity of {product.name}
            </label>
            <input
              id={inputId}
              className={styles.qtyInput}
              type="number"
              inputMode="numeric"
              min={CART_QTY_MIN}
              max={CART_QTY_MAX}
              step={1}
              value={draft ?? String(qty)}
              onChange={(event) => commit(event.target.value)}
              onBlur={() => setDraft(null)}
            />
            <button
              type="button"
              className={styles.qtyButton}
              aria-label={`One more ${product.name}`}
              disabled={qty >= CART_QTY_MAX}
              onClick={() => basket.setQty(product.id, qty + 1, product.name)}
            >
              +
            </button>
          </div>
          <button type="button" className={styles.remove} onClick={() => basket.remove(product.id, product.name)}>
            Remove<span className="visually-hidden"> {product.name}</span>
          </button>
        </div>
      </div>
      <p className={styles.lineTotal} aria-label={`Line total ${formatPence(unitPence * qty)}`}>
        {formatPence(unitPence * qty)}
      </p>
    </li>
  );
}

function OrderSummary({
  lines,
  price,
  applied,
  setApplied,
}: {
  lines: PricedLine[];
  price: ReturnType<typeof priceCart>;
  applied: AppliedDiscount | null;
  setApplied: (next: AppliedDiscount | null) => void;
}) {
  const { session } = useSession();
  const banner = useBanner();
  const validate = useValidateDiscount();
  const checkout = useCreateCheckout();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const items = lines.map((l) => ({ product_id: l.product.id, qty: l.qty }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setCodeError('Enter a discount code.');
      return;
    }
    setCodeError(null);
    validate.mutate(
      { code: typed, items },
      {
        onSuccess: (answer) => {
          setApplied({ code: answer.code, percentage: answer.percentage, types: answer.types, ages: answer.ages });
          setCode('');
        },
        onError: (error) => setCodeError(error instanceof ApiError && error.status === 400 ? error.message : MSG.somethingWentWrong),
      },
    );
  };

  const startCheckout = () => {
    setCheckoutError(null);
    checkout.mutate(
      {
        items: lines.map((l) => ({ product_id: l.product.id, qty: l.qty, price: l.product.price })),
        userId: session && session.role !== 'admin' ? session.id : null,
        email: session && session.role !== 'admin' ? session.email : '',
        discountCode: price.discountPence > 0 && applied ? applied.code : null,
      },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          banner.show({ content: MSG.errorDuringCheckout, action: 'error' });
          setCheckoutError(error instanceof ApiError && error.status === 400 ? error.message : MSG.errorCheckingOut);
        },
      },
    );
  };

  const codeDoesNotApply = applied && price.discountPence === 0 && lines.length > 0;

  return (
    <aside className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.summaryTitle}>
        Order Summary
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPence(price.subtotalPence)}</dd>
        </div>
        {applied && price.discountPence > 0 && (
          <div className={styles.discountRow}>
            <dt>
              Discount <span className={styles.codeTag}>{applied.code}</span> {applied.percentage}%
            </dt>
            <dd>−{formatPence(price.discountPence)}</dd>
          </div>
        )}
        <div>
          <dt>Shipping</dt>
          <dd>{formatPence(price.shippingPence)}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatPence(price.totalPence)}</dd>
        </div>
      </dl>

      {applied ? (
        <div className={styles.applied}>
          <p>
            Code <strong>{applied.code}</strong> applied ({applied.percentage}% off
            {applied.types.length || applied.ages.length ? ' eligible books' : ''} and shipping).
          </p>
          {codeDoesNotApply && <p className={styles.error}>This discount code does not apply to the books in your basket.</p>}
          <button type="button" className={styles.linkButton} onClick={() => setApplied(null)}>
            Remove code
          </button>
        </div>
      ) : (
        <form className={styles.codeForm} onSubmit={apply} noValidate>
          <label htmlFor="discount-code" className={styles.label}>
            Discount code
          </label>
          <div className={styles.codeRow}>
            <input
              id="discount-code"
              className={styles.input}
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'discount-error' : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={validate.isPending}>
              Apply
            </Button>
          </div>
          {codeError && (
            <p id="discount-error" className={styles.error} role="alert">
              {codeError}
            </p>
          )}
        </form>
      )}

      <Button block onClick={startCheckout} disabled={checkout.isPending || lines.length === 0}>
        {checkout.isPending ? 'Opening checkout…' : 'Checkout'}
      </Button>
      {checkoutError && (
        <p className={styles.error} role="alert">
          {checkoutError}
        </p>
      )}
      <p className={styles.note}>Shipping is a flat {formatPence(383)} to anywhere in the UK. You pay on the next page.</p>
    </aside>
  );
}
