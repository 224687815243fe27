/**
 * What a shopper sees after adding a book (issue 18, decision 098): a small non-modal dialog in a
 * corner of the window (a sheet along the bottom on a phone), away from the page's title and the
 * verification strip, never over the buy box or card the add came from (the page moves aside,
 * lib/keep-clear.ts, decision 136), with the book's cover, title and quantity, the basket's subtotal, and two
 * ways on: View basket (/cart) and Checkout (the cart page's own checkout, started from here).
 *
 * Focus moves into it when it opens and goes back to the control that added the book when it is
 * closed with Escape, its Close button or by tabbing out of it; a click outside closes it and
 * leaves focus where the shopper clicked.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { HOME_COUNTRY } from '@shared/delivery-zones';
import { formatPence } from '@shared/money';
import { Button, buttonClass } from '../../components/Button';
import { CloseIcon } from '../../components/icons';
import { ProductImage } from '../../components/ProductImage';
import { keepClear, subjectOf } from '../../lib/keep-clear';
import { useProductsByIds } from '../../lib/products';
import { useAppliedDiscount } from './applied-discount';
// Through the feature's entry, as the cart page does (decision 094).
import { useBasket } from '.';
import { closeBasketPanel, focusedControl, type AddedToBasket } from './basket-panel-store';
import { keptDestination } from './destination';
import { priceLines, pricedLines } from './priced-lines';
import { useStartCheckout } from './use-start-checkout';
import styles from './BasketPanel.module.css';

const returnFocus = (opener: HTMLElement | null) => {
  if (opener?.isConnected) opener.focus({ preventScroll: true });
};

export default function BasketPanelDialog({ added }: { added: AddedToBasket }) {
  const basket = useBasket();
  const products = useProductsByIds(basket.items.map((item) => item.product_id));
  const [applied] = useAppliedDiscount();
  const checkout = useStartCheckout();
  const panelRef = useRef<HTMLDivElement>(null);
  const { lines } = useMemo(() => pricedLines(basket.items, products.data), [basket.items, products.data]);
  const line = lines.find((l) => l.product.id === added.productId);
  const subtotalPence = priceLines(lines, null).subtotalPence;
  const count = lines.reduce((sum, l) => sum + l.qty, 0);
  const { opener } = added;

  // Each add brings focus here, also when the panel was already open for an earlier one.
  useEffect(() => {
    panelRef.current?.focus({ preventScroll: true });
  }, [added.serial]);

  // The panel never covers the book or buy box the add came from (decision 136): the page moves aside.
  useLayoutEffect(() => {
    if (!panelRef.current) return undefined;
    return keepClear(panelRef.current, subjectOf(opener));
  }, [added.serial, opener]);

  const close = useCallback(() => {
    closeBasketPanel();
    returnFocus(opener);
  }, [opener]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (panelRef.current?.contains(event.target as Node)) return;
      closeBasketPanel();
      // Focus goes to what was clicked; a click on nothing focusable brings it back to the opener.
      setTimeout(() => {
        if (!focusedControl()) returnFocus(opener);
      }, 0);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [close, opener]);

  // Tabbing out of the panel, past its last control or back before its first, closes it and goes
  // back to the Add button, to carry on from there (the panel does not hold focus in).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)'));
    const active = document.activeElement;
    const leaving = event.shiftKey
      ? active === event.currentTarget || active === controls[0]
      : active === controls.at(-1);
    if (leaving) {
      event.preventDefault();
      close();
    }
  };
  // Focus taken elsewhere by other means closes it too, leaving focus where it went.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) closeBasketPanel();
  };

  return (
    <div
      ref={panelRef}
      className={styles.panel}
      role="dialog"
      aria-labelledby="basket-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <div className={styles.head}>
        <h2 id="basket-panel-title" className={styles.title}>
          Added to your basket
        </h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={close}>
          <CloseIcon width={20} height={20} aria-hidden="true" />
        </button>
      </div>
      {line && (
        <div className={styles.item}>
          <ProductImage
            className={styles.cover}
            src={line.product.imageUrls[0]}
            alt={`Cover of ${line.product.name}`}
            sizes="64px"
            eager
          />
          <div className={styles.itemText}>
            <p className={styles.name}>{line.product.name}</p>
            <p className={styles.qty}>
              Quantity: {line.qty}
              {added.added > 0 && added.added !== line.qty ? ` (${added.added} just added)` : ''}
            </p>
          </div>
          <p className={styles.lineTotal}>{formatPence(line.unitPence * line.qty)}</p>
        </div>
      )}
      <p className={styles.subtotal}>
        <span>
          Basket subtotal ({count} {count === 1 ? 'item' : 'items'})
        </span>
        <strong>{formatPence(subtotalPence)}</strong>
      </p>
      <div className={styles.actions}>
        <Link className={`${buttonClass('secondary')} ${styles.action}`} to="/cart">
          View basket
        </Link>
        <Button
          className={styles.action}
          onClick={() => checkout.start(lines, applied, keptDestination() ?? HOME_COUNTRY)}
          disabled={checkout.isPending || lines.length === 0}
        >
          {checkout.isPending ? 'Opening checkout…' : 'Checkout'}
        </Button>
      </div>
      {checkout.error && (
        <p className={styles.error} role="alert">
          {checkout.error}
        </p>
      )}
    </div>
  );
}
