import { formatPence } from '@shared/money';

/** "£7.99" from a price in pounds as the API sends it. */
export function formatPounds(pounds: number): string {
  return formatPence(Math.round(pounds * 100));
}

/** Dates shown en-GB, as the spec says (e.g. 22/11/2026). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB');
}

/** Order ids are shown as their last 10 characters. */
export const shortOrderId = (orderId: string) => orderId.slice(-10);
