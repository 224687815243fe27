import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { startFakeBookVault, type FakeBookVault } from '../../test/fake-bookvault';
import { createPrintPartner } from '.';
import { manualPrintPartner } from './manual';
import type { PrintOrder } from './partner';

const order: PrintOrder = {
  docRef: 'c1f7e0d2-0b7a-4d55-8a57-1e2f3a4b5c6d',
  address: {
    name: 'Ada Lovelace',
    line1: '1 High Street',
    line2: '',
    city: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 1AA',
    country: 'GB',
    phone: '01225 000000',
  },
  email: 'ada@example.com',
  lines: [{ bookId: '9781234567897', quantity: 1 }],
};

let bv: FakeBookVault;
beforeAll(async () => {
  bv = await startFakeBookVault();
});
afterAll(async () => {
  await bv?.close();
});

describe('createPrintPartner', () => {
  it('is the simulated printer without a BookVault key, stepping by SIMULATED_PRINTER_STEP_SECONDS on the clock it is given', async () => {
    let now = Date.UTC(2025, 0, 1);
    const partner = createPrintPartner(testConfig({ SIMULATED_PRINTER_STEP_SECONDS: '10' }), { now: () => now });
    expect(partner.name).toBe('simulated');
    const result = await partner.submit(order);
    expect(result.outcome).toBe('accepted');
    const ref = (result as { ref: string }).ref;
    now += 10_000;
    expect((await partner.status(ref)).state).toBe('printing');
  });

  it('is BookVault when BOOKVAULT_API_KEY is set, with the configured address, pay method and dispatch service', async () => {
    const config = testConfig({
      BOOKVAULT_API_KEY: bv.apiKey,
      BOOKVAULT_API_URL: bv.url,
      BOOKVAULT_PAY_METHOD: 'Credit',
      BOOKVAULT_DISPATCH_SERVICE: 'Quickest',
    });
    const partner = createPrintPartner(config);
    expect(partner.name).toBe('bookvault');
    expect((await partner.submit(order)).outcome).toBe('accepted');
    expect(bv.calls.at(-1)).toMatchObject({
      query: { payMethod: 'Credit' },
      authorization: `basic ${bv.apiKey}`,
      body: { DocRef: order.docRef, DispatchRequest: { RequestedService: 'Quickest' } },
    });
  });

  it('is manual when PRINT_PARTNER=manual, even with a key, and then sends nothing', async () => {
    const before = bv.calls.length;
    const partner = createPrintPartner(
      testConfig({ PRINT_PARTNER: 'manual', BOOKVAULT_API_KEY: bv.apiKey, BOOKVAULT_API_URL: bv.url }),
    );
    expect(partner.name).toBe('manual');
    expect(await partner.submit(order)).toEqual({ outcome: 'manual' });
    expect(await partner.status('anything')).toEqual({
      state: 'unknown',
      partnerStatus: 'manual',
      cost: null,
      docRef: null,
    });
    expect(await partner.cancel('anything')).toEqual({ outcome: 'manual' });
    expect(bv.calls.length).toBe(before);
  });
});

describe('the manual partner', () => {
  it('answers manual for every order: the owner types the references', async () => {
    const partner = manualPrintPartner();
    expect(await partner.submit({ ...order, lines: [] })).toEqual({ outcome: 'manual' });
  });
});
