import { describe, expect, it } from 'vitest';
import { planOrderUpdate, type OrderState } from './status';

const printing: OrderState = { status: 'Printing', bookVaultRef: null, trackingRef: null };

describe('planOrderUpdate', () => {
  it('moves Printing to Shipped and records the tracking reference', () => {
    const plan = planOrderUpdate(printing, { status: 'Shipped', bookVaultRef: 'BV-1', trackingRef: 'TR-1' });
    expect(plan).toEqual({
      ok: true,
      statusChanged: true,
      refsAdded: ['bookVaultRef', 'trackingRef'],
      next: { status: 'Shipped', bookVaultRef: 'BV-1', trackingRef: 'TR-1' },
    });
  });

  it('allows skipping straight from Printing to Delivered', () => {
    const plan = planOrderUpdate(printing, { status: 'Delivered', bookVaultRef: null, trackingRef: null });
    expect(plan.ok && plan.next.status).toBe('Delivered');
  });

  it('refuses to move a Shipped order back to Printing', () => {
    const plan = planOrderUpdate(
      { ...printing, status: 'Shipped' },
      { status: 'Printing', bookVaultRef: null, trackingRef: null },
    );
    expect(plan).toEqual({ ok: false, message: expect.stringMatching(/cannot go back from Shipped to Printing/) });
  });

  it('a Delivered order cannot change status or references', () => {
    const delivered: OrderState = { status: 'Delivered', bookVaultRef: null, trackingRef: null };
    expect(planOrderUpdate(delivered, { status: 'Delivered', bookVaultRef: 'BV', trackingRef: null })).toEqual({
      ok: false,
      message: expect.stringMatching(/delivered/),
    });
  });

  it('keeping the status is allowed when it adds a reference', () => {
    const plan = planOrderUpdate(printing, { status: 'Printing', bookVaultRef: 'BV-9', trackingRef: null });
    expect(plan).toMatchObject({ ok: true, statusChanged: false, refsAdded: ['bookVaultRef'] });
  });

  it('keeping the status without any new reference is refused as nothing to update', () => {
    expect(planOrderUpdate(printing, { status: 'Printing', bookVaultRef: null, trackingRef: null })).toEqual({
      ok: false,
      message: expect.stringMatching(/Nothing to update/),
    });
  });

  it('a reference once set cannot change, but re-sending the same value is fine', () => {
    const set: OrderState = { status: 'Printing', bookVaultRef: 'BV-1', trackingRef: null };
    expect(planOrderUpdate(set, { status: 'Shipped', bookVaultRef: 'BV-2', trackingRef: null })).toEqual({
      ok: false,
      message: expect.stringMatching(/BookVault reference is already set to BV-1/),
    });
    expect(planOrderUpdate(set, { status: 'Shipped', bookVaultRef: 'BV-1', trackingRef: null })).toMatchObject({
      ok: true,
      refsAdded: [],
    });
  });
});
