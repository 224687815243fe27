import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  canBeCancelled,
  canBeReviewed,
  cancelledStatus,
  countsAsSale,
  canMove,
  INITIAL_ORDER_STATUS,
  isFinalStatus,
  ORDER_STATUSES,
  ORDER_STATUS_TABLE,
  statusesWhere,
  theStatusWhere,
  type StatusMeaning,
} from './order-status';

describe('the order status table', () => {
  it('lists the statuses in the order an order goes through them, Printing first', () => {
    expect(ORDER_STATUSES).toEqual(['Printing', 'Shipped', 'Delivered', 'Cancelled']);
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
    expect(allowedStatuses('Cancelled')).toEqual(['Cancelled']);
  });
});

describe('Cancelled (decision 137)', () => {
  it('is final, reached by no move of the editor or the printer, and only Printing can be cancelled', () => {
    expect(isFinalStatus('Cancelled')).toBe(true);
    for (const status of ORDER_STATUSES) expect(canMove(status, 'Cancelled')).toBe(false);
    expect(ORDER_STATUSES.filter(canBeCancelled)).toEqual(['Printing']);
    expect(cancelledStatus()).toBe('Cancelled');
  });

  it('is the one status that is not a sale', () => {
    expect(ORDER_STATUSES.filter((status) => !countsAsSale(status))).toEqual(['Cancelled']);
  });
});

describe('canBeReviewed', () => {
  it('is true only where the review link is mailed: Delivered', () => {
    expect(ORDER_STATUSES.filter(canBeReviewed)).toEqual(['Delivered']);
  });
});

describe('what a status means', () => {
  it('names one status for each step of the printer: waiting for it, in transit, arrived', () => {
    expect(theStatusWhere('awaitsPrinter')).toBe('Printing');
    expect(theStatusWhere('inTransit')).toBe('Shipped');
    expect(theStatusWhere('arrived')).toBe('Delivered');
  });

  it('follows the order of the table: the printer moves an order forward only', () => {
    const steps: StatusMeaning[] = ['awaitsPrinter', 'inTransit', 'arrived'];
    const positions = steps.map((meaning) => ORDER_STATUSES.indexOf(theStatusWhere(meaning)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(theStatusWhere('awaitsPrinter')).toBe(INITIAL_ORDER_STATUS);
  });

  it('lists every status with a meaning, for SQL', () => {
    expect(statusesWhere('inTransit')).toEqual(['Shipped']);
    expect(ORDER_STATUSES.filter(canBeReviewed)).toEqual(statusesWhere('arrived'));
  });
});
