import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  canBeReviewed,
  canMove,
  INITIAL_ORDER_STATUS,
  isFinalStatus,
  ORDER_STATUSES,
  ORDER_STATUS_TABLE,
} from './order-status';

describe('the order status table', () => {
  it('lists the statuses in the order an order goes through them, Printing first', () => {
    expect(ORDER_STATUSES).toEqual(['Printing', 'Shipped', 'Delivered']);
    expect(INITIAL_ORDER_STATUS).toBe('Printing');
  });

  it('moves only forward, and a final status moves nowhere', () => {
    expect(canMove('Printing', 'Shipped')).toBe(true);
    expect(canMove('Printing', 'Delivered')).toBe(true);
    expect(canMove('Shipped', 'Printing')).toBe(false);
    expect(canMove('Delivered', 'Shipped')).toBe(false);
    for (const status of ORDER_STATUSES) if (isFinalStatus(status)) expect(ORDER_STATUS_TABLE[status].next).toEqual([]);
  });

  it('every move names a status of the table', () => {
    for (const status of ORDER_STATUSES)
      for (const next of ORDER_STATUS_TABLE[status].next) expect(ORDER_STATUSES).toContain(next);
  });
});

describe('allowedStatuses', () => {
  it('offers the current status and every allowed move', () => {
    expect(allowedStatuses('Printing')).toEqual(['Printing', 'Shipped', 'Delivered']);
    expect(allowedStatuses('Shipped')).toEqual(['Shipped', 'Delivered']);
    expect(allowedStatuses('Delivered')).toEqual(['Delivered']);
  });
});

describe('canBeReviewed', () => {
  it('is true only where the review link is mailed: Delivered', () => {
    expect(ORDER_STATUSES.filter(canBeReviewed)).toEqual(['Delivered']);
  });
});
