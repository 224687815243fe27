/**
 * The one API client: sends the user's token when there is one, parses `{ message, kind? }` errors
 * into ApiError, signs the user out when the server says the token is no longer good (401), and checks
 * every answer against its schema in the shared contracts (src/shared/contracts) before the page
 * sees it: an answer that does not match is an ApiError like a failed request.
 *
 * Each call names its schema, `answer('cart', 'cartLinesSchema')`; zod and the contracts are
 * loaded with the first answer (lib/parse-answer.ts), not with the page (decision 094): the shared
 * contracts are full zod, about 24 kB gzipped, and the home page's JavaScript must stay under 130 kB.
 */
import type { $ZodType, output } from 'zod/v4/core';
import type { ErrorKind } from '@shared/contracts/orders';
import type { Contracts, parseAnswer } from './parse-answer';
import * as MSG from '@shared/messages-every-page';
import { STORAGE_KEYS, readText, writeText } from './storage';

export class ApiError extends Error {
  /**
   * The error answer's `kind`, when it has one (a refused cancel or refund, a refund the payment
   * provider did not answer): decide on it, never on the message's words, which may be reworded.
   */
  declare readonly kind?: ErrorKind;

  constructor(
    /** The HTTP status; 0 when there is no usable answer (the shop could not be reached, or its answer did not match the contract). */
    public readonly status: number,
    message: string,
    options?: { cause?: unknown; kind?: ErrorKind },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.kind = options?.kind;
  }
}

export const UNREACHABLE = 'Could not reach the shop. Check your connection and try again.';

/** The server answered with a reason (show it); anything else went wrong on the way. */
export const serverMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.status > 0 ? error.message : null;

type ContractModule<C extends keyof Contracts> = Awaited<ReturnType<Contracts[C]>>;
type SchemaNames<M> = { [K in keyof M]: M[K] extends $ZodType ? K : never }[keyof M] & string;

/** The contract schema an answer must match: a schema of a shared contract module, by name. */
interface AnswerSchema<T> {
  contract: keyof Contracts;
  name: string;
  /** Only carries the answer's type. */
  readonly type?: T;
}

/**
 * Names the schema an answer must match, e.g. `answer('cart', 'cartLinesSchema')` (src/shared/contracts/cart.ts).
 * Marked free of side effects, so an unused answer does not keep its module in a bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function answer<C extends keyof Contracts, K extends SchemaNames<ContractModule<C>>>(
  contract: C,
  name: K,
): AnswerSchema<output<ContractModule<C>[K]>> {
  return { contract, name };
}

let onUnauthorized: (message: string) => void = () => {};

/**
 * The app registers what happens when the server refuses this browser's session token (401): it
 * has ended (a password change, or the address proven in another browser, decisions/083 and
 * 130), or expired. The app signs out and shows the server's reason ("Your session has ended.
 * Please sign in again."). Called once per refused token.
 */
export function setUnauthorizedHandler(handler: (message: string) => void): void {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Use this bearer token instead of the stored session token (e.g. the admin verification token). */
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * A refused request's error, with the server's reason. A 401 to the stored session token ends
 * the session in this browser: only while that token is still the stored one, so the calls that
 * were under way together report it once, and a late answer never signs out a newer session.
 */
export function refusal(
  status: number,
  data: unknown,
  token: string | null,
  options: Pick<RequestOptions, 'token'>,
): ApiError {
  const answer = data as { message?: unknown; kind?: unknown } | null;
  const reason = answer?.message;
  const kind = answer?.kind;
  // Error answers are not checked against a schema (decision 094): the kind is kept as the server wrote it.
  const error = new ApiError(status, typeof reason === 'string' ? reason : `Request failed (${status})`, {
    kind: typeof kind === 'string' ? (kind as ErrorKind) : undefined,
  });
  if (status === 401 && token && options.token === undefined && readText(STORAGE_KEYS.token) === token) {
    writeText(STORAGE_KEYS.token, null);
    onUnauthorized(error.message);
  }
  return error;
}

async function apiRequest<T>(path: string, schema: AnswerSchema<T>, options: RequestOptions = {}): Promise<T> {
  const token = options.token === undefined ? readText(STORAGE_KEYS.token) : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  // Loaded while the request is under way (once: later calls find it loaded).
  const parser = import('./parse-answer');
  parser.catch(() => undefined); // awaited below, after the answer

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw refusal(response.status, data, token, options);

  let parsed: Awaited<ReturnType<typeof parseAnswer<T>>>;
  try {
    const { parseAnswer } = await parser;
    parsed = await parseAnswer<T>(schema.contract, schema.name, data);
  } catch (error) {
    throw new ApiError(0, UNREACHABLE, { cause: error }); // the parser or the contract could not be loaded
  }
  if (!parsed.ok) throw new ApiError(0, MSG.somethingWentWrong, { cause: parsed.issues });
  return parsed.value;
}

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, schema: AnswerSchema<T>, options?: CallOptions) =>
    apiRequest(path, schema, { ...options, method: 'GET' }),
  /** POST, or with `method: 'PUT'` a PUT (the one route that replaces a whole list: the delivery zones). */
  post: <T>(path: string, schema: AnswerSchema<T>, body?: unknown, options?: CallOptions & { method?: 'PUT' }) =>
    apiRequest(path, schema, { method: 'POST', ...options, body: body ?? {} }),
  patch: <T>(path: string, schema: AnswerSchema<T>, body: unknown, options?: CallOptions) =>
    apiRequest(path, schema, { ...options, method: 'PATCH', body }),
};
