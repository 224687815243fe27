import { describe, expect, it } from 'vitest';
import type { Refund } from '@shared/contracts/orders';
import { choiceAmountPence, copiesLeft, fieldToPence, penceToField, shippingRefunded } from './refund-choice';

const refund = (over: Partial<Refund>): Refund => ({
  id: 'r',
  amount: 1,
  lines: [],
  shipping: false,
  reason: 'damaged',
  note: '',
  by: 'owner',
  by_email: null,
  created_at: '2026-11-28T10:00:00Z',
  state: 'succeeded',
  failure: null,
  ...over,
});

const order = {
  lines: [
    { product_id: 'BV-1', item: 'Mazes', quantity: 2, unit_price: 7.99 },
    { product_id: 'BV-2', item: 'Sudoku', quantity: 1, unit_price: 4.49 },
  ],
  subtotal: 20.47,
  shipping: 3.99,
  total_cost: 24.46,
  refundable: 24.46,
  refunds: [] as Refund[],
};

describe('the refund dialog’s choice', () => {
  it('offers the copies not yet refunded; a failed refund gave nothing back', () => {
    const refunds = [
      refund({ lines: [{ product_id: 'BV-1', qty: 1 }] }),
      refund({ lines: [{ product_id: 'BV-2', qty: 1 }], shipping: true, state: 'failed' }),
    ];
    expect(copiesLeft({ ...order, refunds })).toEqual({ 'BV-1': 1, 'BV-2': 1 });
    expect(shippingRefunded({ refunds })).toBe(false);
    expect(shippingRefunded({ refunds: [refund({ shipping: true, state: 'pending' })] })).toBe(true);
  });

  it('comes to the copies’ prices and the shipping, to the penny', () => {
    expect(choiceAmountPence(order, { copies: { 'BV-1': 1 }, shipping: false })).toBe(799);
    expect(choiceAmountPence(order, { copies: { 'BV-1': 2, 'BV-2': 1 }, shipping: true })).toBe(2446);
  });

  it('takes off the order’s discount in proportion and never passes what is left to refund', () => {
    const discounted = { ...order, total_cost: 22.01, refundable: 22.01 }; // 10% off books and shipping
    expect(choiceAmountPence(discounted, { copies: { 'BV-1': 1 }, shipping: false })).toBe(719);
    expect(choiceAmountPence({ ...order, refundable: 5 }, { copies: { 'BV-1': 2 }, shipping: false })).toBe(500);
  });

  it('reads the amount field as pounds and pence', () => {
    expect(fieldToPence('7.99')).toBe(799);
    expect(fieldToPence('£ 12.5')).toBe(1250);
    expect(fieldToPence('3')).toBe(300);
    expect(fieldToPence('3.999')).toBeNull();
    expect(fieldToPence('-1')).toBeNull();
    expect(fieldToPence('')).toBeNull();
    expect(penceToField(1250)).toBe('12.50');
  });
});
