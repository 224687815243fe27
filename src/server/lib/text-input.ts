/**
 * Text no database column can hold: the NUL character (PostgreSQL refuses 0x00 in text) and lone
 * UTF-16 surrogates (not Unicode; they would be stored as U+FFFD, silently changed). The request
 * hook (plugins/text-input.ts) and the multipart reader (lib/form-parts.ts) refuse both with 400
 * naming the field (decisions/103).
 */
import * as MSG from '@shared/messages';
import { badRequest, type AppError } from './errors';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why this string cannot be stored as text, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return MSG.textHasNul;
  if (LONE_SURROGATE.test(text)) return MSG.textNotUnicode;
  return null;
}

/**
 * The first string (or object key) in `value` that cannot be stored as text, as the 400 to answer,
 * or null. Walks plain objects and arrays without recursion (a deeply nested body cannot
 * overflow the stack); `where` names a bare string (`query`, `body`).
 */
export function unstorableText(value: unknown, where: string): AppError | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return badRequest(`Invalid ${path || where}: ${problem}`);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i], path: path ? `${path}.${i}` : String(i) });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const problem = textProblem(key);
        if (problem) return badRequest(`Invalid field name${path ? ` in ${path}` : ''}: ${problem}`);
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}
