/**
 * A price breakdown in the order the sum is made (decision 136): Subtotal (the books), Shipping,
 * the discount taken from both, then the total. The basket, the demo checkout's summary, the
 * thank-you view and the owner's order page draw their sums with it, each in its own styles;
 * amounts come formatted (pence or pounds, as each page holds them).
 */
import type { ReactNode } from 'react';

export interface PriceRowsProps {
  subtotal: string;
  shipping: string;
  /** The shipping row's name: "Shipping" unless a page names the destination (decision 148). */
  shippingLabel?: ReactNode;
  /** Left out when there is no discount. */
  discount?: { label: ReactNode; amount: string } | null;
  total: { label: string; amount: ReactNode; testId?: string };
  classes?: { list?: string; discount?: string; total?: string };
}

export function PriceRows({
  subtotal,
  shipping,
  shippingLabel = 'Shipping',
  discount,
  total,
  classes = {},
}: PriceRowsProps) {
  return (
    <dl className={classes.list}>
      <div>
        <dt>Subtotal</dt>
        <dd>{subtotal}</dd>
      </div>
      <div>
        <dt>{shippingLabel}</dt>
        <dd>{shipping}</dd>
      </div>
      {discount && (
        <div className={classes.discount}>
          <dt>{discount.label}</dt>
          <dd>{`−${discount.amount}`}</dd>
        </div>
      )}
      <div className={classes.total}>
        <dt>{total.label}</dt>
        <dd data-testid={total.testId}>{total.amount}</dd>
      </div>
    </dl>
  );
}
