/** Money is integer pence inside; the JSON API shows pounds with at most two decimals. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** Parses a pounds amount ("7.99", 7.99) into pence; null when not a positive amount with at most 2 decimals. */
export function poundsToPence(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** "£7.99" from pence. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}
