import { describe, expect, it } from 'vitest';
import { placementResult, readStatus } from './bookvault-api';
import { retryAfterSeconds } from './bookvault';
import type { PrintOrder } from './partner';

const order: PrintOrder = {
  docRef: 'our-order-1',
  address: {
    name: 'Ada Lovelace',
    line1: '1 High Street',
    line2: '',
    city: 'Bath',
    county: '',
    postcode: 'BA1 1AA',
    country: 'GB',
    phone: '01225 000000',
  },
  email: 'ada@example.com',
  lines: [{ bookId: '9781234567897', quantity: 1 }],
};

describe('reading an order’s state from BookVault’s answer', () => {
  it('reads an Active order without progress as submitted, with its cost and DocRef', () => {
    expect(
      readStatus({
        PodRef: 7001,
        DocRef: 'our-order-1',
        Status: 'Active',
        OrderCost: { GrandTotal: 5.5 },
        Partner: { CurrencyID: 'gbp' },
      }),
    ).toEqual({
      state: 'submitted',
      partnerStatus: 'Active',
      cost: { totalPence: 550, productionPence: null, dispatchPence: null, currency: 'GBP' },
      docRef: 'our-order-1',
    });
  });

  it('folds the case and spacing of progress names', () => {
    expect(readStatus({ Status: 'Active', Progress: { Status: 'Sent To Print' } })?.state).toBe('printing');
    expect(readStatus({ Status: 'Active', Progress: { Status: 'DESPATCHED' } })?.state).toBe('dispatched');
    expect(readStatus({ Status: 'Active', Progress: { Status: 'delivered' } })?.state).toBe('delivered');
  });

  it('reads a cancelled order as cancelled whatever its progress says', () => {
    expect(readStatus({ Status: 'Cancelled', Progress: { Status: 'SentToPrint' } })).toMatchObject({
      state: 'cancelled',
      partnerStatus: 'Cancelled / SentToPrint',
    });
  });

  it('reads IsDispatched as dispatched when the progress has a name we do not know', () => {
    expect(readStatus({ Status: 'Active', Progress: { Status: 'OutForDelivery', IsDispatched: true } })?.state).toBe(
      'dispatched',
    );
  });

  it('answers unknown, never submitted, for a progress or status name it does not know, and for a Draft', () => {
    expect(readStatus({ Status: 'Active', Progress: { Status: 'OnHold', IsDispatched: false } })).toMatchObject({
      state: 'unknown',
      partnerStatus: 'Active / OnHold',
    });
    expect(readStatus({ Status: 'Quarantined' })).toMatchObject({ state: 'unknown', partnerStatus: 'Quarantined' });
    expect(readStatus({ Status: 'Draft' })?.state).toBe('unknown');
    expect(readStatus({})).toMatchObject({ state: 'unknown', partnerStatus: '(none)' });
  });

  it('reads the tracking number, carrier and link, in the other names too, and a number given as a number', () => {
    expect(
      readStatus({
        Status: 'Active',
        Progress: { Status: 'Dispatched' },
        Tracking: { TrackingNumber: 123456, TrackingURL: 'https://track.example/123456', Carrier: 'DPD' },
      }),
    ).toMatchObject({
      state: 'dispatched',
      tracking: { number: '123456', carrier: 'DPD', url: 'https://track.example/123456' },
    });
    expect(readStatus({ Status: 'Active', Progress: { Status: 'Dispatched' } })).toMatchObject({
      tracking: { number: null, carrier: null, url: null },
    });
  });

  it('drops a tracking link that is not an http(s) address: it goes into the customer’s mail', () => {
    const status = readStatus({
      Status: 'Active',
      Progress: { Status: 'Dispatched' },
      Tracking: { TrackingNumber: 'AB1', CombinedURL: 'javascript:alert(1)', ServName: 'Royal Mail' },
    });
    expect(status).toMatchObject({
      state: 'dispatched',
      tracking: { number: 'AB1', carrier: 'Royal Mail', url: null },
    });
  });

  it('keeps the state when an informational field is malformed, and reads a one-order array', () => {
    expect(
      readStatus({
        Status: 'Active',
        Progress: { Status: 'SentToPrint' },
        OrderCost: { GrandTotal: 'a lot' },
        Tracking: 'none',
      }),
    ).toMatchObject({ state: 'printing', cost: null });
    expect(readStatus([{ PodRef: '7001', Status: 'Active' }])?.state).toBe('submitted');
  });

  it('answers null for something that is not an order', () => {
    expect(readStatus('<html></html>')).toBeNull();
    expect(readStatus({ Status: 42 })).toBeNull();
  });
});

describe('reading the answer to a placed order', () => {
  it('is uncertain when the answer names another DocRef', () => {
    expect(placementResult({ PodRef: 1, DocRef: 'someone-else', Status: 'Active' }, order)).toMatchObject({
      outcome: 'uncertain',
    });
  });

  it('is a duplicate when an error message says the DocRef is taken, with the PodRef when given', () => {
    const result = placementResult(
      {
        PodRef: 9,
        Status: 'Active',
        Messages: [{ Level: 'Error', Code: 'Order', ErrorText: 'This DocRef has already been used.' }],
      },
      order,
    );
    expect(result).toEqual({
      outcome: 'duplicate',
      reason:
        'BookVault already holds an order with this reference (an earlier attempt reached it): 9. Find it in the BookVault portal rather than sending it again.',
      partnerWords: ['Order: This DocRef has already been used.'],
      ref: '9',
    });
  });

  it('is uncertain when a deciding field can not be read', () => {
    expect(placementResult({ PodRef: 1, Status: 'Active', Messages: 'all fine' }, order).outcome).toBe('uncertain');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});
