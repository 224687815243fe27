import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '@shared/delivery-address';
import { startFakeBookVault, type FakeBookVault } from '../../test/fake-bookvault';
import { bookVaultPrintPartner, type BookVaultOptions } from './bookvault';
import { PrintPartnerError, type PrintOrder, type PrintPartner, type SubmitResult } from './partner';

const UK: DeliveryAddress = {
  name: 'Ada Lovelace',
  line1: '1 High Street',
  line2: 'Flat 2',
  city: 'Bath',
  county: '',
  postcode: 'BA1 1AA',
  country: 'GB',
  phone: '+44 1225 000000',
};
const KNOWN_ISBN = '9781234567897';

let bv: FakeBookVault;
const warnings: { details: Record<string, unknown>; message: string }[] = [];
const partnerFor = (overrides: Partial<BookVaultOptions> = {}): PrintPartner =>
  bookVaultPrintPartner({
    apiKey: bv.apiKey,
    apiUrl: bv.url,
    payMethod: 'Saved',
    dispatchService: 'CheapestTracked',
    timeoutMs: 2000,
    log: { warn: (details, message) => warnings.push({ details, message }) },
    ...overrides,
  });
const newOrder = (overrides: Partial<PrintOrder> = {}): PrintOrder => ({
  docRef: randomUUID(),
  address: UK,
  email: 'ada@example.com',
  lines: [{ bookId: KNOWN_ISBN, quantity: 2 }],
  ...overrides,
});
const lastCall = () => bv.calls.at(-1)!;
/** The reference of an accepted submission (fails the test otherwise). */
function acceptedRef(result: SubmitResult): string {
  expect(result.outcome).toBe('accepted');
  return (result as Extract<SubmitResult, { outcome: 'accepted' }>).ref;
}
const refusal = (result: SubmitResult) => {
  expect(result.outcome).toBe('refused');
  return result as Extract<SubmitResult, { outcome: 'refused' }>;
};

beforeAll(async () => {
  bv = await startFakeBookVault();
});
afterAll(async () => {
  await bv?.close();
});

describe('submitting an order to BookVault', () => {
  it('places it with our id as DocRef, the documented header and fields, and answers its PodRef and cost', async () => {
    const order = newOrder();
    const result = await partnerFor().submit(order);

    const held = bv.orderFor(order.docRef)!;
    expect(result).toEqual({
      outcome: 'accepted',
      ref: String(held.podRef),
      cost: { totalPence: 1049, productionPence: 750, dispatchPence: 299, currency: 'GBP' },
    });
    const call = lastCall();
    expect(call).toMatchObject({
      method: 'POST',
      path: '/Order',
      query: { payMethod: 'Saved' },
      authorization: `basic ${bv.apiKey}`,
    });
    expect(call.contentType).toBe('application/json');
    expect(call.body).toEqual({
      DocRef: order.docRef,
      Status: 'Active',
      Address: {
        Addressee: 'Ada Lovelace',
        Address1: '1 High Street',
        Address2: 'Flat 2',
        Town: 'Bath',
        County: 'Bath', // no county given: the town, as integrations do
        Postcode: 'BA1 1AA',
        Country: { ISO_Code: 'GB' },
        TelNumber: '+44 1225 000000',
        Email: 'ada@example.com',
      },
      DispatchRequest: { RequestedService: 'CheapestTracked' },
      OrderLines: [{ ISBN: KNOWN_ISBN, Quantity: 2 }],
      Notifications: { NotifyCustomer: false },
    });
  });

  it('sends the pay method and dispatch service it is given', async () => {
    const result = await partnerFor({ payMethod: 'Credit', dispatchService: 'Quickest' }).submit(newOrder());
    acceptedRef(result);
    expect(lastCall().query.payMethod).toBe('Credit');
    expect((lastCall().body as { DispatchRequest: unknown }).DispatchRequest).toEqual({ RequestedService: 'Quickest' });
  });

  it('adds a customs declaration for an address outside GB, and only there', async () => {
    const abroad = newOrder({
      address: { ...UK, city: 'Paris', county: 'Île-de-France', postcode: '75001', country: 'FR' },
    });
    acceptedRef(await partnerFor().submit(abroad));
    expect(lastCall().body).toMatchObject({
      Address: { County: 'Île-de-France', Country: { ISO_Code: 'FR' } },
      CustomsDeclaration: { UseOrderValue: true, HSCode: '4901990000', IncoTerms: 'DDU', UseIOSS: false },
    });
    expect(bv.orderFor(abroad.docRef)?.dispatchCost).toBe(7.5);

    acceptedRef(await partnerFor().submit(newOrder()));
    expect(lastCall().body).not.toHaveProperty('CustomsDeclaration');
  });

  it('is refused with a wrong key, in BookVault’s words, and never puts the key in a message', async () => {
    const wrongKey = 'bv_wrong_key_1234';
    const order = newOrder();
    const result = refusal(await partnerFor({ apiKey: wrongKey }).submit(order));
    expect(result.cause).toBe('setup');
    expect(result.reason).toMatch(/BOOKVAULT_API_KEY/);
    expect(result.partnerWords).toEqual(['Authorization has been denied for this request.']);
    expect(lastCall().authorization).toBe(`basic ${wrongKey}`);
    expect(JSON.stringify(result)).not.toContain(wrongKey);
    expect(bv.orderFor(order.docRef)).toBeUndefined();

    const error = await partnerFor({ apiKey: wrongKey })
      .status('500001')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintPartnerError);
    expect((error as PrintPartnerError).kind).toBe('unauthorised');
    expect((error as Error).message).not.toContain(wrongKey);
  });

  it('answers a refusal of a missing field with the partner’s words, not retryable', async () => {
    const order = newOrder({ address: { ...UK, city: '', county: '' } });
    const result = refusal(await partnerFor().submit(order));
    expect(result.cause).toBe('order_errors');
    expect(result.partnerWords).toEqual([
      'MissingField: Address.Town is required.',
      'MissingField: Address.County is required.',
    ]);
    expect(result.reason).toBe(
      'BookVault refused the order (HTTP 400): MissingField: Address.Town is required. MissingField: Address.County is required.',
    );
    expect(result.ref).toBeNull();
    expect(bv.orderFor(order.docRef)).toBeUndefined();
  });

  it('refuses an order with an unknown ISBN by its line, keeps the draft’s reference, and takes it again once that draft is cancelled', async () => {
    const order = newOrder({
      lines: [
        { bookId: KNOWN_ISBN, quantity: 1 },
        { bookId: 'BV-9999', quantity: 1 },
      ],
    });
    const partner = partnerFor();
    const result = refusal(await partner.submit(order));
    const draft = bv.orderFor(order.docRef)!;
    expect(draft.status).toBe('Draft');
    expect(result).toMatchObject({ cause: 'line_errors', ref: String(draft.podRef), paymentLink: null });
    expect(result.partnerWords).toContain('Line 2 (ISBN BV-9999): ISBNNotFound');
    expect(result.reason).toMatch(/^BookVault refused the order: .*Line 2 \(ISBN BV-9999\): ISBNNotFound\.$/);

    // The draft holds our DocRef: the owner fixes the book, the draft is cancelled, the order goes again.
    expect(await partner.cancel(result.ref!)).toEqual({ outcome: 'cancelled' });
    const fixed = { ...order, lines: [{ bookId: KNOWN_ISBN, quantity: 1 }] };
    const again = acceptedRef(await partner.submit(fixed));
    expect(again).not.toBe(result.ref);
    expect(bv.orderFor(order.docRef)?.status).toBe('Active');
  });

  it('does not count an order waiting for payment (a PaymentLink) as placed', async () => {
    bv.requirePayment(true);
    try {
      const order = newOrder();
      const result = refusal(await partnerFor().submit(order));
      const held = bv.orderFor(order.docRef)!;
      expect(result).toMatchObject({
        cause: 'payment_needed',
        ref: String(held.podRef),
        paymentLink: `https://bookvault.example/pay/${held.podRef}`,
      });
      expect(result.reason).toMatch(/waits for its payment/);
    } finally {
      bv.requirePayment(false);
    }
  });

  it('refuses an answer with a critical error or an error-level message, and accepts one with a warning only', async () => {
    const order = newOrder();
    const lines = [{ ISBN: KNOWN_ISBN, Quantity: 2, ErrorCode: 'OK' }];
    bv.answerNext(200, {
      PodRef: 7001,
      Status: 'Active',
      CriticalError: 'The address could not be verified',
      Messages: [],
      OrderLines: lines,
    });
    expect(refusal(await partnerFor().submit(order))).toMatchObject({
      cause: 'order_errors',
      ref: '7001',
      partnerWords: ['Critical error: The address could not be verified'],
    });

    bv.answerNext(200, {
      PodRef: 7002,
      Status: 'Active',
      CriticalError: false,
      Messages: [{ Level: 'Error', Code: 'PostcodeInvalid', Text: 'The postcode is not valid.' }],
      OrderLines: lines,
    });
    expect(refusal(await partnerFor().submit(order)).partnerWords).toEqual([
      'PostcodeInvalid: The postcode is not valid.',
    ]);

    bv.answerNext(200, {
      PodRef: 7003,
      Status: 'Active',
      CriticalError: false,
      Messages: [{ Level: 'Warning', Code: 'SlowService', Text: 'Dispatch may take longer.' }],
      OrderLines: lines,
      OrderCost: { ProductionCost: '4.10', DispatchCost: 2.5, GrandTotal: '6.60' },
    });
    expect(await partnerFor().submit(order)).toEqual({
      outcome: 'accepted',
      ref: '7003',
      cost: { totalPence: 660, productionPence: 410, dispatchPence: 250, currency: null },
    });
  });

  it('does not count a Draft as placed (payMethod Draft prices an order and prints nothing)', async () => {
    const order = newOrder();
    const result = refusal(await partnerFor({ payMethod: 'Draft' }).submit(order));
    expect(result).toMatchObject({ cause: 'order_errors', ref: String(bv.orderFor(order.docRef)!.podRef) });
    expect(result.reason).toMatch(/kept the order as Draft, not Active/);
  });

  it('answers a second order with the same DocRef as a duplicate when BookVault refuses it', async () => {
    const order = newOrder();
    const partner = partnerFor();
    acceptedRef(await partner.submit(order));
    const second = await partner.submit(order);
    expect(second).toMatchObject({
      outcome: 'duplicate',
      ref: null,
      partnerWords: [`DuplicateDocRef: An order with DocRef ${order.docRef} already exists.`],
    });
    expect([...bv.orders.values()].filter((held) => held.docRef === order.docRef)).toHaveLength(1);
  });

  it('answers the order BookVault already holds when it answers a repeated DocRef with it', async () => {
    bv.duplicateDocRef = 'answer-existing';
    try {
      const order = newOrder();
      const partner = partnerFor();
      const first = acceptedRef(await partner.submit(order));
      expect(acceptedRef(await partner.submit(order))).toBe(first);
      expect([...bv.orders.values()].filter((held) => held.docRef === order.docRef)).toHaveLength(1);
    } finally {
      bv.duplicateDocRef = 'refuse';
    }
  });

  it('answers a call turned away (429, 408, 503 with Retry-After) as failed (retryable), and records nothing', async () => {
    const order = newOrder();
    bv.failNext(1, 503);
    expect(await partnerFor().submit(order)).toEqual({
      outcome: 'failed',
      reason: 'BookVault did not take the order (HTTP 503). An error has occurred.',
      retryAfterSeconds: 0,
    });
    bv.answerNext(429, { Message: 'Too many requests.' }, { 'retry-after': '30' });
    expect(await partnerFor().submit(order)).toMatchObject({ outcome: 'failed', retryAfterSeconds: 30 });
    bv.answerNext(408, { Message: 'The request took too long to arrive.' });
    expect(await partnerFor().submit(order)).toMatchObject({ outcome: 'failed', retryAfterSeconds: null });
    bv.answerNext(503, '<html>Down for maintenance</html>', { 'retry-after': 'Sat, 28 Nov 2099 03:00:00 GMT' });
    expect((await partnerFor().submit(order)).outcome).toBe('failed');
    expect(bv.orderFor(order.docRef)).toBeUndefined();

    acceptedRef(await partnerFor().submit(order));
    expect(
      bv.calls.filter((call) => (call.body as { DocRef?: string } | undefined)?.DocRef === order.docRef),
    ).toHaveLength(5);
  });

  // Issue 32, finding 9: a 502 or a Cloudflare-style 520–524 used to be "certainly not taken" and was sent again.
  it.each([500, 502, 503, 504, 520, 521, 522, 523, 524, 530, 599])(
    'answers %i after the order reached BookVault as uncertain: whoever answered, the order may be held',
    async (status) => {
      const order = newOrder();
      bv.gatewayNext(1, status);
      const result = await partnerFor().submit(order);
      expect(result).toEqual({
        outcome: 'uncertain',
        reason: expect.stringMatching(
          new RegExp(
            `^BookVault or a gateway in front of it answered HTTP ${status}: the order may have reached BookVault\\. <html>`,
          ),
        ),
      });
      expect(bv.orderFor(order.docRef)?.status).toBe('Active');
    },
  );

  it('answers a 5xx from BookVault itself as uncertain too, even when nothing was kept: it can not be told apart', async () => {
    const order = newOrder();
    bv.failNext(1, 500);
    expect((await partnerFor().submit(order)).outcome).toBe('uncertain');
    bv.answerNext(503, { Message: 'Service unavailable.' }); // no Retry-After: may be a gateway's page for a request that failed mid-way
    expect((await partnerFor().submit(order)).outcome).toBe('uncertain');
  });

  it('answers a timeout after sending as uncertain: the order may be at BookVault', async () => {
    const order = newOrder();
    bv.hangNext(1);
    const started = Date.now();
    const result = await partnerFor({ timeoutMs: 300 }).submit(order);
    expect(result).toEqual({
      outcome: 'uncertain',
      reason: 'BookVault may have received the order but we have no answer: the time limit of 0.3 s passed.',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(bv.orderFor(order.docRef)?.status).toBe('Active');
  });

  it('answers a connection dropped after the request as uncertain, though BookVault holds the order', async () => {
    const order = newOrder();
    bv.dropNext(1);
    const result = await partnerFor().submit(order);
    expect(result).toEqual({
      outcome: 'uncertain',
      reason:
        'BookVault may have received the order but we have no answer: the connection closed before the answer (UND_ERR_SOCKET).',
    });
    expect(bv.orderFor(order.docRef)?.status).toBe('Active');
  });

  it('answers a 200 it can not read as uncertain', async () => {
    bv.answerNext(200, '<html>Welcome</html>');
    expect((await partnerFor().submit(newOrder())).outcome).toBe('uncertain');
    bv.answerNext(200, { Status: 'Active', OrderLines: [] });
    expect(await partnerFor().submit(newOrder())).toEqual({
      outcome: 'uncertain',
      reason: 'BookVault answered without an order reference (PodRef).',
    });
  });

  it('answers a refused connection as failed: nothing was sent', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await partnerFor({ apiUrl: `http://127.0.0.1:${port}` }).submit(newOrder());
    expect(result).toMatchObject({ outcome: 'failed', retryAfterSeconds: null });
    expect((result as { reason: string }).reason).toMatch(
      /^BookVault could not be reached: the connection was refused \(ECONNREFUSED\).*; nothing was sent\.$/,
    );
  });

  it('answers a redirect as a setup problem instead of following it', async () => {
    bv.answerNext(307, '', { location: 'https://elsewhere.example/v3/Order' });
    const result = refusal(await partnerFor().submit(newOrder()));
    expect(result.cause).toBe('setup');
    expect(result.reason).toMatch(/HTTP 307 to https:\/\/elsewhere\.example\/v3\/Order: check BOOKVAULT_API_URL/);
  });

  it('sends nothing for an order without books or e-mail', async () => {
    const before = bv.calls.length;
    const result = refusal(await partnerFor().submit(newOrder({ lines: [], email: '' })));
    expect(result.cause).toBe('invalid_order');
    expect(result.reason).toMatch(/no e-mail address.*no books to print/);
    expect(bv.calls.length).toBe(before);
  });
});

describe('following an order at BookVault', () => {
  it('maps its states: submitted, printing, dispatched with tracking, delivered', async () => {
    const order = newOrder();
    const partner = partnerFor();
    const ref = acceptedRef(await partner.submit(order));

    expect(await partner.status(ref)).toEqual({
      state: 'submitted',
      partnerStatus: 'Active / Received',
      cost: { totalPence: 1049, productionPence: 750, dispatchPence: 299, currency: 'GBP' },
      docRef: order.docRef,
    });
    expect(lastCall()).toMatchObject({
      method: 'GET',
      path: '/Order',
      query: { PodRef: ref },
      authorization: `basic ${bv.apiKey}`,
    });

    bv.advance(ref, 'printing');
    expect(await partner.status(ref)).toMatchObject({ state: 'printing', partnerStatus: 'Active / SentToPrint' });

    bv.advance(ref, 'dispatched');
    const tracking = {
      number: `TT${ref}GB`,
      carrier: 'Royal Mail Tracked 48',
      url: `https://tracking.example/royal-mail/TT${ref}GB`,
    };
    expect(await partner.status(ref)).toMatchObject({
      state: 'dispatched',
      tracking,
      partnerStatus: 'Active / Dispatched',
    });

    bv.advance(ref, 'delivered');
    expect(await partner.status(ref)).toMatchObject({ state: 'delivered', tracking });
    expect(warnings).toEqual([]);
  });

  it('answers a status it does not know as unknown, with BookVault’s words, and logs it without the key', async () => {
    const partner = partnerFor();
    const ref = acceptedRef(await partner.submit(newOrder()));
    bv.setStatus(ref, { progress: 'OnHold' });
    warnings.length = 0;
    expect(await partner.status(ref)).toMatchObject({ state: 'unknown', partnerStatus: 'Active / OnHold' });
    expect(warnings).toEqual([
      {
        details: { partner: 'bookvault', ref, partnerStatus: 'Active / OnHold' },
        message: 'BookVault answered an order status the shop does not know; the order stays open.',
      },
    ]);
    expect(JSON.stringify(warnings)).not.toContain(bv.apiKey);
    warnings.length = 0;
  });

  it('throws not_found for an order it does not hold, unavailable for a 5xx or a timeout', async () => {
    const partner = partnerFor({ timeoutMs: 300 });
    await expect(partner.status('999999')).rejects.toMatchObject({ name: 'PrintPartnerError', kind: 'not_found' });
    bv.failNext(1, 502);
    await expect(partner.status('500001')).rejects.toMatchObject({ kind: 'unavailable' });
    bv.hangNext(1);
    await expect(partner.status('500001')).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/could not be asked about order 500001: the time limit of 0\.3 s passed\./),
    });
  });

  it('cancels an order not yet printing, and reports a refusal once it is', async () => {
    const partner = partnerFor();
    const ref = acceptedRef(await partner.submit(newOrder()));
    expect(await partner.cancel(ref)).toEqual({ outcome: 'cancelled' });
    expect(lastCall()).toMatchObject({ method: 'DELETE', path: '/Order', query: { PodRef: ref } });
    expect(await partner.status(ref)).toMatchObject({ state: 'cancelled' });

    const printing = acceptedRef(await partner.submit(newOrder()));
    bv.advance(printing, 'printing');
    expect(await partner.cancel(printing)).toEqual({
      outcome: 'refused',
      reason: `BookVault did not cancel order ${printing}: CannotCancel: The order is in production and can no longer be cancelled.`,
      partnerWords: ['CannotCancel: The order is in production and can no longer be cancelled.'],
    });
    await expect(partner.cancel('999999')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
