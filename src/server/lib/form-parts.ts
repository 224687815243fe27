/**
 * Reading a multipart/form-data body (@fastify/multipart), for every multipart route. Whatever the
 * parser throws is a fault of the body (cut off, no or an absurd boundary, garbage), so it answers
 * 400 with our own sentence, never a 500 or the parser's words; the plugin's limit errors get
 * their sentences here too (a route may word them its own way). Text fields are held to the rule
 * of every other request (lib/text-input.ts): no NUL, no lone surrogate (decisions/103).
 *
 *   for await (const part of formParts(request, limits)) {
 *     if (part.type === 'file') images.push(await fileBytes(part)); else fields[part.fieldname] = part.value;
 *   }
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import * as MSG from '@shared/messages';
import { AppError, badRequest } from './errors';
import { unstorableText } from './text-input';

/** Limits for `request.parts()`: the @fastify/multipart (busboy) options. */
export type FormLimits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/** Our sentences for @fastify/multipart's error codes; a route may override some (`messages`). */
export const FORM_ERROR_MESSAGES: Record<string, string> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: MSG.formNotMultipart,
  FST_PARTS_LIMIT: MSG.formTooManyParts,
  FST_FIELDS_LIMIT: MSG.formTooManyFields,
  FST_FILES_LIMIT: MSG.formTooManyFiles,
  FST_REQ_FILE_TOO_LARGE: MSG.formFileTooLarge,
  FST_PROTO_VIOLATION: MSG.formFieldNameNotAllowed,
  FST_INVALID_JSON_FIELD_ERROR: MSG.malformedForm,
  FST_MP_PREMATURE_CLOSE: MSG.formInterrupted,
};

/**
 * Messages busboy's own errors carry (plain Errors without a code): a body that ends early, a
 * missing or over-long boundary. For the error handler, which sees errors from routes that read
 * parts without this module; errors raised while reading through it need no recognising.
 */
const PARSER_FAULTS =
  /^(?:Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required|The needle .*)$/;

/** An error raised by the multipart plugin or its parser, as the answer; null for any other error. */
export function multipartRefusal(error: unknown): AppError | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && FORM_ERROR_MESSAGES[code]) return badRequest(FORM_ERROR_MESSAGES[code]);
  if (typeof message === 'string' && !code && PARSER_FAULTS.test(message)) return badRequest(MSG.malformedForm);
  return null;
}

/** An error met while reading the body, as the answer: ours stay, the route's words first, else malformed. */
function readingError(error: unknown, messages: Record<string, string>): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && messages[code]) return badRequest(messages[code]);
  return multipartRefusal(error) ?? badRequest(MSG.malformedForm);
}

/**
 * The body's parts in the order sent. Every error of the reading answers 400 (`messages` words
 * some codes the route's way); a text field with a NUL or a lone surrogate answers 400 naming it.
 */
export async function* formParts(
  request: FastifyRequest,
  limits: FormLimits,
  messages: Record<string, string> = {},
): AsyncGenerator<Multipart> {
  let iterator: AsyncIterator<Multipart>;
  try {
    iterator = request.parts({ limits })[Symbol.asyncIterator]();
  } catch (error) {
    throw readingError(error, messages);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw readingError(error, messages);
    }
    if (next.done) return;
    const part = next.value;
    // A file's name is not kept anywhere; its field name and a field's value are.
    const refusal = unstorableText({ [part.fieldname]: part.type === 'field' ? part.value : '' }, 'form');
    if (refusal) {
      if (part.type === 'file') part.file.resume();
      throw refusal;
    }
    yield part;
  }
}

/** A file part's bytes; a body cut off inside the file answers 400 like any other reading error. */
export async function fileBytes(part: MultipartFile, messages: Record<string, string> = {}): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    throw readingError(error, messages);
  }
}
