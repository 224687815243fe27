/**
 * The books of an order as a table (issue 25): Book, Qty, then the line's price; the owner's page
 * also shows the unit price. The demo checkout's summary, the thank-you view and the owner's order
 * page draw their lines with it, each in its own styles, and their sums with PriceRows below it.
 */
import type { ReactNode } from 'react';
import { formatPounds } from '../lib/format';
import styles from './PricedLines.module.css';

/** One line: what was bought, how many, at what price each (pounds). */
export interface PricedLine {
  key: string;
  name: ReactNode;
  qty: number;
  unitPrice: number;
}

export interface PricedLinesProps {
  lines: readonly PricedLine[];
  /** Read by screen readers only; left out where a heading already names the table. */
  caption?: string;
  /** A "Unit price" column before the line's total (the owner's page). */
  unitColumn?: boolean;
  /** The book's cell heads its row (the owner's page, where it also holds the book's id). */
  rowHeaders?: boolean;
  /** The owner's page's own styles; the shopper's pages share PricedLines.module.css. */
  classes?: { table?: string | undefined; num?: string | undefined };
}

export function PricedLines({
  lines,
  caption,
  unitColumn = false,
  rowHeaders = false,
  classes = { table: styles.table, num: styles.num },
}: PricedLinesProps) {
  const Name = rowHeaders ? 'th' : 'td';
  return (
    <table className={classes.table}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">Book</th>
          <th scope="col" className={classes.num}>
            Qty
          </th>
          {unitColumn && (
            <th scope="col" className={classes.num}>
              Unit price
            </th>
          )}
          <th scope="col" className={classes.num}>
            {unitColumn ? 'Line total' : 'Price'}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <Name {...(rowHeaders ? { scope: 'row' } : {})}>{line.name}</Name>
            <td className={classes.num}>{line.qty}</td>
            {unitColumn && <td className={classes.num}>{formatPounds(line.unitPrice)}</td>}
            <td className={classes.num}>{formatPounds(line.unitPrice * line.qty)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
