/**
 * BookVault, the real print partner (PRINT_PARTNER=bookvault, chosen when BOOKVAULT_API_KEY is
 * set), over fetch with a time limit per call. This file decides what an HTTP outcome means for
 * exactly-once printing; BookVault's own names and answer shapes are in ./bookvault-api.ts.
 *
 * The one rule: a submission is `failed` (safe to send again) only when BookVault certainly did
 * not take it: no connection was made, or the answer says the request was turned away before
 * anything was done with it, whoever in front of BookVault sent it: 429, 408, or 503 with a
 * Retry-After. A timeout after sending, a connection dropped before the answer, any other 5xx
 * (500 from BookVault itself, or a gateway's 502, 504, 520–524 … after it may have handed the
 * order on) or an answer we can not read is `uncertain`, and goes to the owner (decision 111).
 * The key is sent in one header and never logged or put in a message.
 */
import {
  answerWords,
  authorizationHeader,
  cancelRefusalWords,
  orderBody,
  orderUrl,
  placeOrderUrl,
  placementResult,
  readStatus,
  refusalResult,
} from './bookvault-api';
import {
  invalidOrder,
  printOrderProblems,
  PrintPartnerError,
  type PrintPartner,
  type PrintPartnerLog,
  type SubmitResult,
} from './partner';

export interface BookVaultOptions {
  apiKey: string;
  /** BOOKVAULT_API_URL: https://api.bookvault.app/v3, or a local fake in tests. */
  apiUrl: string;
  /** BOOKVAULT_PAY_METHOD: Saved (the saved card), Credit (a prepaid balance) or Draft (priced, never printed). */
  payMethod: string;
  /** BOOKVAULT_DISPATCH_SERVICE, e.g. CheapestTracked. */
  dispatchService: string;
  /** Per call, whole answer included. */
  timeoutMs?: number;
  log?: PrintPartnerLog;
}

export const BOOKVAULT_PARTNER = 'bookvault';
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Network errors that happen before a request is sent: nothing reached BookVault. Any other
 * error after fetch started (a reset, "other side closed", our time limit) may come after
 * BookVault read the request.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Every error code in an error, its causes and (for several addresses tried) its errors. */
function errorCodes(error: unknown, seen = new Set<unknown>()): string[] {
  if (!error || typeof error !== 'object' || seen.has(error)) return [];
  seen.add(error);
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof record.code === 'string' ? [record.code] : [];
  const inner = Array.isArray(record.errors) ? record.errors.flatMap((item) => errorCodes(item, seen)) : [];
  return [...own, ...errorCodes(record.cause, seen), ...inner];
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the address was not found',
  EAI_AGAIN: 'the address could not be looked up',
  UND_ERR_CONNECT_TIMEOUT: 'no connection could be made in time',
  ECONNRESET: 'the connection was reset',
  UND_ERR_SOCKET: 'the connection closed before the answer',
};

/** "the connection was refused (ECONNREFUSED)", "the time limit of 30 s passed" ...: for a reason, never with the request's headers. */
function describe(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `the time limit of ${Math.round(timeoutMs / 100) / 10} s passed`;
  const codes = [...new Set(errorCodes(error))];
  if (codes.length > 0)
    return codes.map((code) => (CODE_WORDS[code] ? `${CODE_WORDS[code]} (${code})` : code)).join(', ');
  return error instanceof Error ? error.message : String(error);
}

function notSent(error: unknown): boolean {
  if (isTimeout(error)) return false;
  const codes = errorCodes(error);
  return codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * An HTTP answer that proves the order was not taken, whoever answered (BookVault or a gateway in
 * front of it): 429 and 408 turn a request away before it is read or handed on, and a 503 that
 * says when to come back (Retry-After) is a server declining the request, not one that lost its
 * answer. A 503 without it may be a gateway's page for an upstream that failed mid-request.
 */
function turnedAway(status: number, headers: Headers): boolean {
  return status === 429 || status === 408 || (status === 503 && headers.has('retry-after'));
}

function parseJson(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function bookVaultPrintPartner(options: BookVaultOptions): PrintPartner {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = { authorization: authorizationHeader(options.apiKey), accept: 'application/json' };

  /** One call: the answer's status, headers and text. Throws a CallError (with the status when the headers had arrived) when there is no whole answer. */
  async function call(method: 'GET' | 'POST' | 'DELETE', url: URL, body?: unknown) {
    // One time limit for the whole exchange: connecting, sending, the headers and the body.
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect would turn the POST into a GET elsewhere: it is answered as it is (a wrong BOOKVAULT_API_URL).
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      throw new CallError(error, null, null);
    }
    try {
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      throw new CallError(error, response.status, response.headers);
    }
  }

  /** A status or cancel call that failed: the error the caller sees. */
  function callFailure(what: string, error: unknown): PrintPartnerError {
    const cause = error instanceof CallError ? error.cause : error;
    return new PrintPartnerError(
      `BookVault could not be asked ${what}: ${describe(cause, timeoutMs)}.`,
      'unavailable',
      { cause },
    );
  }

  function statusFailure(what: string, status: number, json: unknown, text: string): PrintPartnerError {
    const words = answerWords(json, text);
    const detail = words.length > 0 ? `: ${words.join(' ')}` : '.';
    if (status === 401 || status === 403)
      return new PrintPartnerError(
        `BookVault refused our credentials ${what} (HTTP ${status})${detail}`,
        'unauthorised',
      );
    if (status === 404) return new PrintPartnerError(`BookVault has no such order (${what})${detail}`, 'not_found');
    if (status === 429 || status >= 500)
      return new PrintPartnerError(`BookVault is unavailable ${what} (HTTP ${status})${detail}`, 'unavailable');
    return new PrintPartnerError(`BookVault answered HTTP ${status} ${what}${detail}`, 'bad_answer');
  }

  return {
    name: BOOKVAULT_PARTNER,

    async submit(order): Promise<SubmitResult> {
      const problems = printOrderProblems(order);
      if (problems.length > 0) return invalidOrder(problems);

      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call(
          'POST',
          placeOrderUrl(options.apiUrl, options.payMethod),
          orderBody(order, options.dispatchService),
        );
      } catch (error) {
        const { cause, status, headers: answered } = error as CallError;
        const detail = describe(cause, timeoutMs);
        if (status === null && notSent(cause)) {
          return {
            outcome: 'failed',
            reason: `BookVault could not be reached: ${detail}; nothing was sent.`,
            retryAfterSeconds: null,
          };
        }
        if (status !== null && answered && turnedAway(status, answered)) {
          return {
            outcome: 'failed',
            reason: `BookVault answered HTTP ${status} and its answer broke off: ${detail}.`,
            retryAfterSeconds: null,
          };
        }
        return {
          outcome: 'uncertain',
          reason: `BookVault may have received the order but we have no answer: ${status === null ? detail : `HTTP ${status}, then ${detail}`}.`,
        };
      }

      const { status, text } = answer;
      const json = parseJson(text);
      if (status >= 200 && status < 300) {
        if (json === undefined)
          return { outcome: 'uncertain', reason: `BookVault answered HTTP ${status} without an order we can read.` };
        return placementResult(json, order);
      }
      const words = answerWords(json, text, order);
      const detail = words.length > 0 ? ` ${words.join(' ')}` : '';
      if (turnedAway(status, answer.headers)) {
        return {
          outcome: 'failed',
          reason: `BookVault did not take the order (HTTP ${status}).${detail}`,
          retryAfterSeconds: retryAfterSeconds(answer.headers.get('retry-after')),
        };
      }
      if (status >= 500) {
        // BookVault failing after it stored the order, or a gateway (502, 504, 520–524 …) after it handed the order on.
        return {
          outcome: 'uncertain',
          reason: `BookVault or a gateway in front of it answered HTTP ${status}: the order may have reached BookVault.${detail}`,
        };
      }
      if (status === 401 || status === 403 || status === 404 || (status >= 300 && status < 400)) {
        const where = status >= 300 && status < 400 ? ` to ${answer.headers.get('location') ?? 'another address'}` : '';
        return {
          outcome: 'refused',
          cause: 'setup',
          reason:
            status === 401 || status === 403
              ? `BookVault refused our credentials (HTTP ${status}): check BOOKVAULT_API_KEY.${detail}`
              : `BookVault answered HTTP ${status}${where}: check BOOKVAULT_API_URL.${detail}`,
          partnerWords: words,
          ref: null,
          paymentLink: null,
        };
      }
      if (status >= 400 && status < 500) return refusalResult(status, json, text, order);
      return { outcome: 'uncertain', reason: `BookVault answered HTTP ${status}, which we do not expect.${detail}` };
    },

    async status(ref) {
      const what = `about order ${ref}`;
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call('GET', orderUrl(options.apiUrl, ref));
      } catch (error) {
        throw callFailure(what, error);
      }
      const json = parseJson(answer.text);
      if (answer.status < 200 || answer.status >= 300) throw statusFailure(what, answer.status, json, answer.text);
      const status = readStatus(json);
      if (!status)
        throw new PrintPartnerError(`BookVault answered ${what} with something that is not an order.`, 'bad_answer');
      if (status.state === 'unknown') {
        options.log?.warn(
          { partner: BOOKVAULT_PARTNER, ref, partnerStatus: status.partnerStatus },
          'BookVault answered an order status the shop does not know; the order stays open.',
        );
      }
      return status;
    },

    async cancel(ref) {
      const what = `to cancel order ${ref}`;
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call('DELETE', orderUrl(options.apiUrl, ref));
      } catch (error) {
        throw callFailure(what, error);
      }
      const json = parseJson(answer.text);
      if (answer.status >= 200 && answer.status < 300) {
        const words = cancelRefusalWords(json);
        if (words.length === 0) return { outcome: 'cancelled' };
        return {
          outcome: 'refused',
          reason: `BookVault did not cancel order ${ref}: ${words.join(' ')}`,
          partnerWords: words,
        };
      }
      if (answer.status === 400 || answer.status === 409 || answer.status === 422) {
        const words = answerWords(json, answer.text);
        return {
          outcome: 'refused',
          reason: `BookVault did not cancel order ${ref}${words.length > 0 ? `: ${words.join(' ')}` : '.'}`,
          partnerWords: words,
        };
      }
      throw statusFailure(what, answer.status, json, answer.text);
    },
  };
}

/** A call without a whole answer: fetch's error, and the HTTP status and headers when they had arrived. */
class CallError extends Error {
  constructor(
    public override readonly cause: unknown,
    public readonly status: number | null,
    public readonly headers: Headers | null,
  ) {
    super('BookVault call failed', { cause });
    this.name = 'CallError';
  }
}
