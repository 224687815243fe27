import { describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { PrintOrder, SubmitResult } from './partner';
import { simulatedPrintPartner, simulatedRef, simulatedSubmittedAt } from './simulated';

const address: DeliveryAddress = {
  name: 'Ada Lovelace',
  line1: '1 High Street',
  line2: '',
  city: 'Bath',
  county: '',
  postcode: 'BA1 1AA',
  country: 'GB',
  phone: '01225 000000',
};
const order = (overrides: Partial<PrintOrder> = {}): PrintOrder => ({
  docRef: '8f0c7a52-4d1e-4c43-9a55-2f4f3c1d7b10',
  address,
  email: 'ada@example.com',
  lines: [{ bookId: 'BV-1001', quantity: 2 }],
  ...overrides,
});

/** A clock the test moves. */
function clock(start = Date.UTC(2025, 5, 1, 9, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

const refOf = (result: SubmitResult) => {
  expect(result.outcome).toBe('accepted');
  return (result as Extract<SubmitResult, { outcome: 'accepted' }>).ref;
};

describe('the simulated printer', () => {
  it('accepts an order with a SIM- reference and a made-up cost', async () => {
    const time = clock();
    const printer = simulatedPrintPartner({ stepSeconds: 60, now: time.now });
    const result = await printer.submit(order());
    expect(result).toEqual({
      outcome: 'accepted',
      ref: simulatedRef(order().docRef, time.now()),
      cost: { totalPence: 999, productionPence: 700, dispatchPence: 299, currency: 'GBP' },
    });
    expect(refOf(result)).toMatch(/^SIM-[0-9A-Z]+-[0-9A-F]{4}$/);
    expect(simulatedSubmittedAt(refOf(result))).toBe(time.now());
  });

  it('prints after one step and dispatches with a Royal Mail tracking number after another', async () => {
    const time = clock();
    const printer = simulatedPrintPartner({ stepSeconds: 60, now: time.now });
    const ref = refOf(await printer.submit(order()));

    expect(await printer.status(ref)).toEqual({
      state: 'submitted',
      partnerStatus: 'Received',
      cost: null,
      docRef: null,
    });
    time.advance(59);
    expect((await printer.status(ref)).state).toBe('submitted');
    time.advance(1);
    expect((await printer.status(ref)).state).toBe('printing');
    time.advance(60);
    const dispatched = await printer.status(ref);
    expect(dispatched).toMatchObject({ state: 'dispatched', partnerStatus: 'Dispatched' });
    const { tracking } = dispatched as Extract<typeof dispatched, { state: 'dispatched' }>;
    expect(tracking.number).toMatch(/^SIM\d{9}GB$/);
    expect(tracking).toEqual({
      number: tracking.number,
      carrier: 'Royal Mail',
      url: `https://tracking.example/simulated-printer/${tracking.number}`,
    });
    time.advance(3600);
    expect(await printer.status(ref)).toEqual(dispatched);
  });

  it('works an order’s state out from its reference alone: a restarted shop sees the same', async () => {
    const time = clock();
    const ref = refOf(await simulatedPrintPartner({ stepSeconds: 30, now: time.now }).submit(order()));
    time.advance(45);
    const restarted = simulatedPrintPartner({ stepSeconds: 30, now: time.now });
    expect((await restarted.status(ref)).state).toBe('printing');
    time.advance(15);
    const first = await restarted.status(ref);
    const again = await simulatedPrintPartner({ stepSeconds: 30, now: time.now }).status(ref);
    expect(first.state).toBe('dispatched');
    expect(again).toEqual(first);
  });

  it('dispatches at once with steps of 0 seconds, and uses the tracking address it is given', async () => {
    const printer = simulatedPrintPartner({
      stepSeconds: 0,
      trackingUrl: (number) => `http://localhost:3000/track/${number}`,
    });
    const status = await printer.status(refOf(await printer.submit(order())));
    expect(status).toMatchObject({
      state: 'dispatched',
      tracking: { url: expect.stringMatching(/^http:\/\/localhost:3000\/track\/SIM\d{9}GB$/) },
    });
  });

  it('refuses a book whose ID starts with FAIL-, naming the line', async () => {
    const printer = simulatedPrintPartner({ stepSeconds: 60 });
    const result = await printer.submit(
      order({
        lines: [
          { bookId: 'BV-1001', quantity: 1 },
          { bookId: 'FAIL-1', quantity: 1 },
        ],
      }),
    );
    expect(result).toEqual({
      outcome: 'refused',
      cause: 'line_errors',
      reason: 'The simulated printer refused the order: Line 2 (ISBN FAIL-1): ISBNNotFound.',
      partnerWords: ['Line 2 (ISBN FAIL-1): ISBNNotFound'],
      ref: null,
      paymentLink: null,
    });
  });

  it('fails the next submissions as it is told, then accepts again', async () => {
    const printer = simulatedPrintPartner({ stepSeconds: 60 });
    printer.failNext(1, 'failed');
    printer.failNext(1, 'uncertain');
    printer.failNext(1, 'refused');
    expect((await printer.submit(order())).outcome).toBe('failed');
    expect((await printer.submit(order())).outcome).toBe('uncertain');
    expect((await printer.submit(order())).outcome).toBe('refused');
    expect((await printer.submit(order())).outcome).toBe('accepted');
  });

  it('cancels an order until it is dispatched', async () => {
    const time = clock();
    const printer = simulatedPrintPartner({ stepSeconds: 60, now: time.now });
    const ref = refOf(await printer.submit(order()));
    time.advance(90);
    expect(await printer.cancel(ref)).toEqual({ outcome: 'cancelled' });
    expect(await printer.status(ref)).toMatchObject({ state: 'cancelled', partnerStatus: 'Cancelled' });

    const later = refOf(await printer.submit(order({ docRef: 'another' })));
    time.advance(120);
    expect(await printer.cancel(later)).toMatchObject({
      outcome: 'refused',
      partnerWords: ['The order has been dispatched.'],
    });
  });

  it('does not know a reference that is not its own', async () => {
    const printer = simulatedPrintPartner({ stepSeconds: 60 });
    await expect(printer.status('500001')).rejects.toMatchObject({ name: 'PrintPartnerError', kind: 'not_found' });
    await expect(printer.cancel('SIM-nope')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
