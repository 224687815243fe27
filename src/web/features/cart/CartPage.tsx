/**
 * /cart: the basket's lines (quantity, remove, and for a few seconds after a removal an Undo in the
 * line's place), the Order Summary in the order the sum is made (Subtotal, Shipping, then the Discount
 * when a code is applied, taken from both, Total:
 * priced by the same function the server charges with), a discount code field that says why a
 * code fails, and Checkout. (With ?order_success=true&token=… the route shows the checkout's thank-you view
 * instead: routes/cart.tsx.)
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CART_QTY_MAX, CART_QTY_MIN } from '@shared/constants';
import { countryName } from '@shared/delivery-address';
import { DEFAULT_DELIVERY_ZONES, zoneOf, type DeliveryZone } from '@shared/delivery-zones';
import * as MSG from '@shared/messages';
import { formatPence } from '@shared/money';
import { productPath } from '@shared/routes';
import { Button } from '../../components/Button';
import { PriceRows } from '../../components/PriceRows';
import { EmptyState } from '../../components/EmptyState';
import { ProductImage } from '../../components/ProductImage';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
// Through the feature's entry, as every other importer: a direct import makes the bundler put the
// basket in a chunk of its own, 0.7 kB more on the home page (decision 094).
import { useBasket } from '.';
import { releaseLeftCheckout } from '../../lib/left-checkout';
import { useProductsByIds } from '../../lib/products';
import { useSession } from '../../lib/session';
import { useDeliveryZones, useSavedCountry } from './api/delivery-zones';
import { useValidateDiscount } from './api/validate-discount';
import { useAppliedDiscount, type AppliedDiscount } from './applied-discount';
import { DeliveryChoice } from './DeliveryChoice';
import { destinationIn, useDestinationChoice } from './destination';
import { priceLines, pricedLines, type PricedLine } from './priced-lines';
import { UNDO_MS } from './undo';
import { useStartCheckout } from './use-start-checkout';
import totals from '../../styles/totals.module.css';
import styles from './Cart.module.css';

/** A line removed on this page, offered back in its place until it expires. */
interface Removed {
  line: PricedLine;
  index: number;
}

/** What a code's percentage is taken from, as the pricing function does: the (eligible) books and the shipping. */
function discountBase(applied: AppliedDiscount): string {
  return applied.types.length || applied.ages.length ? 'eligible books and shipping' : 'books and shipping';
}

export function CartPage() {
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

  const { lines, missing } = useMemo(() => pricedLines(basket.items, products.data), [basket.items, products.data]);
  const delivery = useDelivery();
  const price = useMemo(() => priceLines(lines, applied, delivery.zone), [lines, applied, delivery.zone]);

  // Removed lines waiting for an Undo; one that is back in the basket (put back, or a removal the
  // shop refused) is no longer offered.
  const [removed, setRemoved] = useState<Removed[]>([]);
  const [focusAfterUndo, setFocusAfterUndo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const inBasket = new Set(basket.items.map((item) => item.product_id));
    setRemoved((prev) =>
      prev.some((r) => inBasket.has(r.line.product.id)) ? prev.filter((r) => !inBasket.has(r.line.product.id)) : prev,
    );
  }, [basket.items]);

  const removeLine = (line: PricedLine) => {
    const index = basket.items.findIndex((item) => item.product_id === line.product.id);
    basket.remove(line.product.id, line.product.name);
    setFocusAfterUndo(null);
    setRemoved((prev) => [...prev.filter((r) => r.line.product.id !== line.product.id), { line, index }]);
  };
  const undo = ({ line, index }: Removed) => {
    setFocusAfterUndo(line.product.id);
    basket.restore(line.product.id, line.qty, index, line.product.name);
  };
  const expire = useCallback((entry: Removed, hadFocus: boolean) => {
    setRemoved((prev) => prev.filter((r) => r !== entry));
    if (hadFocus) headingRef.current?.focus();
  }, []);
  const undoRows = removed.map((entry) => ({
    index: entry.index,
    node: <RemovedLine key={`removed-${entry.line.product.id}`} entry={entry} onUndo={undo} onExpire={expire} />,
  }));

  if (basket.isLoading || ((products.isPending || delivery.isPending) && basket.items.length > 0)) {
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
        <h1 ref={headingRef} tabIndex={-1}>
          Your basket
        </h1>
        {undoRows.length > 0 && (
          <ul className={`${styles.lines} ${styles.undoOnly}`}>{undoRows.map((row) => row.node)}</ul>
        )}
        <EmptyState
          className={styles.empty}
          message={basket.isError ? MSG.errorLoadingCart : 'Your basket is empty.'}
        />
      </main>
    );
  }

  // The lines, each removed one shown in the place it had.
  const rows = lines.map((line) => ({
    node: (
      <CartLine
        key={line.product.id}
        line={line}
        onRemove={removeLine}
        takeFocus={focusAfterUndo === line.product.id}
      />
    ),
  }));
  for (const row of [...undoRows].sort((a, b) => a.index - b.index))
    rows.splice(Math.min(row.index, rows.length), 0, row);

  return (
    <main className={`page ${styles.page}`}>
      <h1 ref={headingRef} tabIndex={-1}>
        Your basket
      </h1>
      <div className={styles.layout}>
        <section aria-labelledby="lines-heading">
          <h2 id="lines-heading" className="visually-hidden">
            Books in your basket
          </h2>
          <ul className={styles.lines}>
            {rows.map((row) => row.node)}
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
        <OrderSummary lines={lines} price={price} applied={applied} setApplied={setApplied} delivery={delivery} />
      </div>
    </main>
  );
}

/**
 * The basket's destination and its zone (decision 148): the zones are read when the basket opens;
 * if they can not be read, the spec's default (the UK) is shown and the server prices the checkout.
 */
function useDelivery() {
  const { session } = useSession();
  const [chosen, choose] = useDestinationChoice();
  const shopperId = session && session.role !== 'admin' ? session.id : null;
  const zones = useDeliveryZones();
  const saved = useSavedCountry(chosen ? null : shopperId);
  const list: readonly DeliveryZone[] = zones.data ?? DEFAULT_DELIVERY_ZONES;
  const country = destinationIn(list, [chosen, saved.data ?? null]);
  return {
    zones: list,
    country,
    zone: zoneOf(list, country) ?? DEFAULT_DELIVERY_ZONES[0]!,
    choose,
    isPending: zones.isPending || (saved.isPending && saved.fetchStatus !== 'idle'),
  };
}

/** A removed line: its name and an Undo, until UNDO_MS pass with neither the pointer nor keyboard focus on it. */
function RemovedLine({
  entry,
  onUndo,
  onExpire,
}: {
  entry: Removed;
  onUndo: (entry: Removed) => void;
  onExpire: (entry: Removed, hadFocus: boolean) => void;
}) {
  const { product, qty } = entry.line;
  const rowRef = useRef<HTMLLIElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const held = hovered || keyboardFocus;

  // The Remove button that was pressed is gone: focus goes to the Undo that took its place.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) undoRef.current?.focus();
  }, []);

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onExpire(entry, rowRef.current?.contains(document.activeElement) ?? false), UNDO_MS);
    return () => clearTimeout(timer);
  }, [held, entry, onExpire]);

  return (
    <li
      ref={rowRef}
      className={`${styles.line} ${styles.removedLine}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={(event) => setKeyboardFocus(event.target.matches(':focus-visible'))}
      onBlur={() => setKeyboardFocus(false)}
    >
      <p className={styles.removedText}>
        Removed <strong>{product.name}</strong>
        {qty > 1 ? ` (${qty})` : ''}.
      </p>
      <button ref={undoRef} type="button" className={styles.undo} onClick={() => onUndo(entry)}>
        Undo<span className="visually-hidden"> removing {product.name}</span>
      </button>
    </li>
  );
}

function CartLine({
  line,
  onRemove,
  takeFocus,
}: {
  line: PricedLine;
  onRemove: (line: PricedLine) => void;
  takeFocus: boolean;
}) {
  const basket = useBasket();
  const { product, qty, unitPence } = line;
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `qty-${product.id}`;
  const removeRef = useRef<HTMLButtonElement>(null);

  // Put back by its Undo: focus goes to the line's own Remove, where the shopper left it.
  useEffect(() => {
    if (takeFocus) removeRef.current?.focus();
  }, [takeFocus]);

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
          <button ref={removeRef} type="button" className={styles.remove} onClick={() => onRemove(line)}>
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
  delivery,
}: {
  lines: PricedLine[];
  price: ReturnType<typeof priceLines>;
  applied: AppliedDiscount | null;
  setApplied: (next: AppliedDiscount | null) => void;
  delivery: ReturnType<typeof useDelivery>;
}) {
  const validate = useValidateDiscount();
  const checkout = useStartCheckout();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
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
        onError: (error) =>
          setCodeError(error instanceof ApiError && error.status === 400 ? error.message : MSG.somethingWentWrong),
      },
    );
  };

  const codeDoesNotApply = applied && price.discountPence === 0 && lines.length > 0;

  return (
    <aside className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.summaryTitle}>
        Order Summary
      </h2>
      <DeliveryChoice
        zones={delivery.zones}
        zone={delivery.zone}
        country={delivery.country}
        price={price}
        onChoose={delivery.choose}
      />
      <PriceRows
        subtotal={formatPence(price.subtotalPence)}
        shippingLabel={`Delivery to ${countryName(delivery.country)}`}
        shipping={price.shippingPence === 0 ? 'Free' : formatPence(price.shippingPence)}
        discount={
          applied && price.discountPence > 0
            ? {
                label: (
                  <>
                    Discount {applied.percentage}% on {discountBase(applied)}{' '}
                    <span className={totals.codeTag}>{applied.code}</span>
                  </>
                ),
                amount: formatPence(price.discountPence),
              }
            : null
        }
        total={{ label: 'Total', amount: formatPence(price.totalPence), testId: 'cart-total' }}
        classes={{ list: totals.basketTotals, discount: totals.discountRow, total: totals.totalRow }}
      />

      {applied ? (
        <div className={styles.applied}>
          <p>
            Code <strong>{applied.code}</strong> applied: {applied.percentage}% off {discountBase(applied)}.
          </p>
          {codeDoesNotApply && (
            <p className={styles.error}>This discount code does not apply to the books in your basket.</p>
          )}
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

      <Button
        block
        onClick={() => checkout.start(lines, applied, delivery.country)}
        disabled={checkout.isPending || lines.length === 0}
      >
        {checkout.isPending ? 'Opening checkout…' : 'Checkout'}
      </Button>
      {checkout.error && (
        <p className={styles.error} role="alert">
          {checkout.error}
        </p>
      )}
      <p className={styles.note}>
        You pay on the next page. <Link to="/terms">Terms of sale: cancelling and refunds</Link>
      </p>
    </aside>
  );
}
