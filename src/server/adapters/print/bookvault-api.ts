/**
 * BookVault's v3 order API, as the shop speaks it: every path, query parameter, header and field
 * name of theirs lives in this file, with the request we build and how we read their answers.
 * The source is docs/partners/bookvault.md (what is publicly known). What it does not confirm is
 * marked ASSUMPTION here and listed in decision 111; when a real key shows otherwise, this is the
 * one file to change (and the fake server, src/server/test/fake-bookvault.ts, to match).
 */
import { z } from 'zod';
import type { PrintCost, PrintOrder, PrintState, PrintStatus, SubmitResult, Tracking } from './partner';

// ---------------------------------------------------------------- addresses and headers

/** `https://api.bookvault.app/v3` + path, with its query. */
function endpoint(baseUrl: string, path: string, query: Record<string, string>): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

/** POST: places an order, paid by `payMethod` (Draft | Saved | Credit). */
export const placeOrderUrl = (baseUrl: string, payMethod: string) => endpoint(baseUrl, '/Order', { payMethod });
/** GET: one order; DELETE: cancels it. By BookVault's reference (PodRef) only: there is no documented lookup by our DocRef. */
export const orderUrl = (baseUrl: string, ref: string) => endpoint(baseUrl, '/Order', { PodRef: ref });

/**
 * The documented form is `Authorization: basic <key>`, the key as generated in the portal.
 * ASSUMPTION: some integrations report the standard `Basic base64(key + ":")` instead; if a real
 * key is refused with 401, this is the line to change.
 */
export const authorizationHeader = (apiKey: string) => `basic ${apiKey}`;

// ---------------------------------------------------------------- the order we send

/** Orders to any other country carry a customs declaration. */
export const HOME_COUNTRY = 'GB';

/** Printed books (HS 4901.99), the declared value taken from the order, duties paid by the recipient. */
const CUSTOMS_DECLARATION = { UseOrderValue: true, HSCode: '4901990000', IncoTerms: 'DDU', UseIOSS: false } as const;

export interface BookVaultOrderBody {
  DocRef: string;
  Status: 'Active';
  Address: {
    Addressee: string;
    Address1: string;
    Address2: string;
    Town: string;
    County: string;
    Postcode: string;
    Country: { ISO_Code: string };
    TelNumber: string;
    Email: string;
  };
  DispatchRequest: { RequestedService: string };
  OrderLines: { ISBN: string; Quantity: number }[];
  Notifications: { NotifyCustomer: boolean };
  CustomsDeclaration?: typeof CUSTOMS_DECLARATION;
}

export function orderBody(order: PrintOrder, dispatchService: string): BookVaultOrderBody {
  const { address } = order;
  return {
    DocRef: order.docRef,
    Status: 'Active',
    Address: {
      Addressee: address.name,
      Address1: address.line1,
      Address2: address.line2,
      Town: address.city,
      // County is reported as required; integrations send the town when the buyer gave none.
      County: address.county || address.city,
      Postcode: address.postcode,
      Country: { ISO_Code: address.country },
      TelNumber: address.phone,
      Email: order.email,
    },
    DispatchRequest: { RequestedService: dispatchService },
    OrderLines: order.lines.map((line) => ({ ISBN: line.bookId, Quantity: line.quantity })),
    // The shop sends its own mails (order, shipped); BookVault must not write to the customer too.
    Notifications: { NotifyCustomer: false },
    ...(address.country === HOME_COUNTRY ? {} : { CustomsDeclaration: CUSTOMS_DECLARATION }),
  };
}

// ---------------------------------------------------------------- reading answers

/** An identifier may come as a number (PodRef: 7001) or a string. */
const identifier = z.union([z.string(), z.number()]).transform(String);
/** A sum in the account's currency, as a number or a decimal string. */
const amount = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const optionalText = z.string().nullish().catch(null);

/**
 * A message in an answer. The text's field name is not documented (ASSUMPTION: Text, ErrorText
 * or Message; the first present is used).
 */
const messageSchema = z.looseObject({
  Level: z.string().nullish(),
  Code: z.union([z.string(), z.number()]).nullish(),
  Text: z.string().nullish(),
  ErrorText: z.string().nullish(),
  Message: z.string().nullish(),
});

const lineSchema = z.looseObject({
  ISBN: identifier.nullish(),
  Quantity: z.unknown(),
  /** "OK" when the line is fine. */
  ErrorCode: z.union([z.string(), z.number()]).nullish(),
});

/** Costs and the payment link; a cost we can not read is left out, a payment link never is. */
const orderCostSchema = z.looseObject({
  ProductionCost: amount.nullish().catch(null),
  DispatchCost: amount.nullish().catch(null),
  GrandTotal: amount.nullish().catch(null),
  PaymentLink: z.string().nullish(),
});

/**
 * ASSUMPTION (not in the public description; seen in public integrations' test fixtures): the
 * progress of an active order in `Progress.Status` (SentToPrint, Dispatched ...) with
 * `Progress.IsDispatched`, and its dispatch in `Tracking` (TrackingNumber, CombinedURL for the
 * link, ServName for the carrier's service).
 */
const progressSchema = z.looseObject({
  Status: optionalText,
  IsDispatched: z.boolean().nullish().catch(null),
});
const trackingSchema = z.looseObject({
  TrackingNumber: identifier.nullish().catch(null),
  CombinedURL: optionalText,
  TrackingURL: optionalText,
  ServName: optionalText,
  Carrier: optionalText,
});

/**
 * An order as BookVault answers it (placing it, or GET /Order). The fields that decide whether an
 * order was placed (PodRef, Status, CriticalError, Messages, OrderLines, PaymentLink) must read;
 * the rest is dropped when it does not.
 */
const orderAnswerSchema = z.looseObject({
  PodRef: identifier.nullish(),
  DocRef: identifier.nullish(),
  Status: z.string().nullish(),
  CriticalError: z.union([z.boolean(), z.string()]).nullish(),
  Messages: z.array(messageSchema).nullish(),
  OrderLines: z.array(lineSchema).nullish(),
  OrderCost: orderCostSchema.nullish(),
  /** The account's currency, e.g. GBP. */
  Partner: z.looseObject({ CurrencyID: optionalText }).nullish().catch(null),
  Progress: progressSchema.nullish().catch(null),
  Tracking: trackingSchema.nullish().catch(null),
});
type OrderAnswer = z.output<typeof orderAnswerSchema>;
type Message = z.output<typeof messageSchema>;

/** An answer's order: the object itself, or the only element of an array. Null when it is not one. */
export function readOrderAnswer(json: unknown): OrderAnswer | null {
  const candidate = Array.isArray(json) && json.length === 1 ? json[0] : json;
  const parsed = orderAnswerSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

const ERROR_LEVELS = new Set(['error', 'critical', 'fatal']);
/** ASSUMPTION: how BookVault words a second order with a DocRef it already holds. */
const DUPLICATE_WORDS = /duplicate|already (exists|been|used|placed|in use)/i;
const MAX_WORDS = 20;
const MAX_WORD_LENGTH = 500;

const clip = (text: string) => {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > MAX_WORD_LENGTH ? `${folded.slice(0, MAX_WORD_LENGTH - 1)}…` : folded;
};

function messageWords(message: Message): string {
  const text = message.Text ?? message.ErrorText ?? message.Message ?? '';
  const code = message.Code === null || message.Code === undefined ? '' : String(message.Code);
  return clip(code && text ? `${code}: ${text}` : code || text);
}

const isErrorMessage = (message: Message) => ERROR_LEVELS.has((message.Level ?? '').toLowerCase());

/** The lines BookVault refused, in words: "Line 2 (ISBN 978…): ISBNNotFound". */
function lineErrors(answer: OrderAnswer, order: PrintOrder): string[] {
  return (answer.OrderLines ?? []).flatMap((line, index) => {
    const code = line.ErrorCode === null || line.ErrorCode === undefined ? '' : String(line.ErrorCode).trim();
    if (!code || code.toUpperCase() === 'OK') return [];
    const isbn = line.ISBN ?? order.lines[index]?.bookId ?? '?';
    return [clip(`Line ${index + 1} (ISBN ${isbn}): ${code}`)];
  });
}

function criticalWords(answer: OrderAnswer): string[] {
  if (!answer.CriticalError) return [];
  return [
    typeof answer.CriticalError === 'string' ? clip(`Critical error: ${answer.CriticalError}`) : 'Critical error.',
  ];
}

/** Pounds (or the account's unit) to pence. */
const pence = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);

export function readCost(answer: OrderAnswer): PrintCost | null {
  const total = pence(answer.OrderCost?.GrandTotal);
  if (total === null) return null;
  return {
    totalPence: total,
    productionPence: pence(answer.OrderCost?.ProductionCost),
    dispatchPence: pence(answer.OrderCost?.DispatchCost),
    currency: answer.Partner?.CurrencyID?.toUpperCase() ?? null,
  };
}

const sentence = (words: string[]) => words.map((word) => (/[.!?…]$/.test(word) ? word : `${word}.`)).join(' ');

/**
 * What a 2xx answer to POST /Order means. Placed (documented): PodRef present, Status Active, no
 * PaymentLink, no CriticalError, no error-level message (and no refused line).
 */
export function placementResult(json: unknown, order: PrintOrder): SubmitResult {
  const answer = readOrderAnswer(json);
  if (!answer)
    return {
      outcome: 'uncertain',
      reason: 'BookVault answered the order with something that is not an order we can read.',
    };
  const ref = answer.PodRef ?? null;
  if (answer.DocRef && ref && answer.DocRef !== order.docRef) {
    return {
      outcome: 'uncertain',
      reason: `BookVault answered with its order ${ref}, which carries another reference (${answer.DocRef}).`,
    };
  }
  const messages = (answer.Messages ?? []).filter(isErrorMessage).map(messageWords).filter(Boolean);
  const lines = lineErrors(answer, order);
  const words = [...criticalWords(answer), ...lines, ...messages].slice(0, MAX_WORDS);
  const paymentLink = answer.OrderCost?.PaymentLink?.trim() || null;

  if (messages.some((word) => DUPLICATE_WORDS.test(word))) {
    return duplicate(words, ref);
  }
  if (paymentLink) {
    return refused(
      'payment_needed',
      `BookVault holds the order${ref ? ` (${ref})` : ''} but waits for its payment: pay it through BookVault's payment link, or cancel it there.`,
      words,
      ref,
      paymentLink,
    );
  }
  if (words.length > 0) {
    return refused(
      lines.length > 0 ? 'line_errors' : 'order_errors',
      `BookVault refused the order: ${sentence(words)}`,
      words,
      ref,
      null,
    );
  }
  if (!ref) return { outcome: 'uncertain', reason: 'BookVault answered without an order reference (PodRef).' };
  if ((answer.Status ?? '').toLowerCase() !== 'active') {
    const status = answer.Status || 'no status';
    return refused(
      'order_errors',
      `BookVault kept the order as ${status}, not Active: it will not be printed.`,
      [`Status: ${status}`],
      ref,
      null,
    );
  }
  return { outcome: 'accepted', ref, cost: readCost(answer) };
}

/**
 * The partner's words in any answer body (an order answer's messages and lines, an error object's
 * message, or the start of a text answer).
 */
export function answerWords(json: unknown, text: string, order?: PrintOrder): string[] {
  const answer = readOrderAnswer(json);
  const words: string[] = [];
  if (answer) {
    words.push(...criticalWords(answer));
    if (order) words.push(...lineErrors(answer, order));
    words.push(...(answer.Messages ?? []).map(messageWords));
  }
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    // Error objects in the usual shapes: { Message } (ASP.NET), { title, detail } (problem+json), { error }.
    const record = json as Record<string, unknown>;
    for (const key of ['Message', 'message', 'title', 'detail', 'error', 'error_description']) {
      if (typeof record[key] === 'string') words.push(clip(record[key]));
    }
  }
  if (words.filter(Boolean).length === 0 && text.trim() && json === undefined)
    words.push(clip(text.slice(0, MAX_WORD_LENGTH)));
  return [...new Set(words.filter(Boolean))].slice(0, MAX_WORDS);
}

/** What a 4xx answer to POST /Order means (not 401/403/408/429, which the adapter decides by status alone). */
export function refusalResult(httpStatus: number, json: unknown, text: string, order: PrintOrder): SubmitResult {
  const words = answerWords(json, text, order);
  const answer = readOrderAnswer(json);
  const ref = answer?.PodRef ?? null;
  if (httpStatus === 409 || words.some((word) => DUPLICATE_WORDS.test(word))) return duplicate(words, ref);
  const paymentLink = answer?.OrderCost?.PaymentLink?.trim() || null;
  if (paymentLink)
    return refused(
      'payment_needed',
      `BookVault waits for the order's payment: ${sentence(words) || 'see its payment link.'}`,
      words,
      ref,
      paymentLink,
    );
  const hasLineErrors = answer ? lineErrors(answer, order).length > 0 : false;
  const detail = words.length > 0 ? sentence(words) : 'it gave no reason.';
  return refused(
    hasLineErrors ? 'line_errors' : 'order_errors',
    `BookVault refused the order (HTTP ${httpStatus}): ${detail}`,
    words,
    ref,
    null,
  );
}

function refused(
  cause: Extract<SubmitResult, { outcome: 'refused' }>['cause'],
  reason: string,
  words: string[],
  ref: string | null,
  paymentLink: string | null,
): SubmitResult {
  return { outcome: 'refused', cause, reason, partnerWords: words, ref, paymentLink };
}

function duplicate(words: string[], ref: string | null): SubmitResult {
  return {
    outcome: 'duplicate',
    reason: `BookVault already holds an order with this reference (an earlier attempt reached it)${ref ? `: ${ref}` : ''}. Find it in the BookVault portal rather than sending it again.`,
    partnerWords: words,
    ref,
  };
}

/** A cancel's 2xx answer may still carry error-level messages: its words, empty when it was cancelled. */
export function cancelRefusalWords(json: unknown): string[] {
  const answer = readOrderAnswer(json);
  if (!answer) return [];
  return [...criticalWords(answer), ...(answer.Messages ?? []).filter(isErrorMessage).map(messageWords)].filter(
    Boolean,
  );
}

// ---------------------------------------------------------------- order states

/**
 * BookVault's status words, folded (lower case, letters only), to ours. Documented: Draft and
 * Active (the order's `Status`). ASSUMPTION: every progress name; SentToPrint and Dispatched are
 * seen in public integrations, the others are guesses. A name not listed is `unknown`: logged,
 * the order stays open. Draft is left unknown on purpose: a draft is never printed.
 */
const STATE_NAMES: Record<string, PrintState['state']> = {
  active: 'submitted',
  received: 'submitted',
  pending: 'submitted',
  new: 'submitted',
  accepted: 'submitted',
  submitted: 'submitted',
  awaitingprint: 'submitted',
  senttoprint: 'printing',
  printing: 'printing',
  inproduction: 'printing',
  printed: 'printing',
  packing: 'printing',
  packed: 'printing',
  dispatched: 'dispatched',
  despatched: 'dispatched',
  shipped: 'dispatched',
  delivered: 'delivered',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  deleted: 'cancelled',
};

const fold = (name: string | null | undefined) => (name ?? '').toLowerCase().replace(/[^a-z]/g, '');

/** An http(s) address, or null: a tracking link goes into the customer's mail. */
function webAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function readTracking(answer: OrderAnswer): Tracking {
  const tracking = answer.Tracking;
  const number = tracking?.TrackingNumber?.trim() || null;
  return {
    number,
    carrier: tracking?.ServName?.trim() || tracking?.Carrier?.trim() || null,
    url: webAddress(tracking?.CombinedURL) ?? webAddress(tracking?.TrackingURL),
  };
}

/** The order's state from GET /Order, normalised; null when the answer is not an order. */
export function readStatus(json: unknown): PrintStatus | null {
  const answer = readOrderAnswer(json);
  if (!answer) return null;
  const top = STATE_NAMES[fold(answer.Status)];
  const progressName = answer.Progress?.Status ?? null;
  const progress = progressName ? STATE_NAMES[fold(progressName)] : undefined;
  let state: PrintState['state'];
  if (top === 'cancelled') state = 'cancelled';
  else if (progress) state = progress;
  else if (answer.Progress?.IsDispatched) state = 'dispatched';
  // A progress name we do not know is not hidden behind an Active order.
  else if (progressName) state = 'unknown';
  else state = top ?? 'unknown';

  const common = {
    partnerStatus: [answer.Status, progressName].filter(Boolean).join(' / ') || '(none)',
    cost: readCost(answer),
    docRef: answer.DocRef ?? null,
  };
  if (state === 'dispatched' || state === 'delivered') return { state, tracking: readTracking(answer), ...common };
  return { state, ...common };
}
