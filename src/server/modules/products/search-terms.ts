/**
 * Turning what a shopper typed into safe search inputs. Pure functions: nothing typed ever
 * reaches SQL as syntax (words are letters and digits only; LIKE patterns are escaped).
 */
import { SEARCH_QUERY_USED_CHARS } from '@shared/contracts/products';

/** At most this many words take part in the full-text part of a search. */
export const MAX_SEARCH_WORDS = 8;

export interface SearchInput {
  /** The query as compared by trigram similarity: lower-cased words joined by one space. */
  text: string;
  /** A to_tsquery expression of prefix terms (`colour:* & book:*`), or null when no word is left. */
  tsQuery: string | null;
  /** An ILIKE pattern matching the query anywhere in a name (metacharacters escaped), or null for short queries. */
  likePattern: string | null;
}

/** Letters and digits of any script; everything else separates words. */
export function searchWords(query: string): string[] {
  return (
    query
      .slice(0, SEARCH_QUERY_USED_CHARS)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 64);
}

/** Escapes LIKE/ILIKE metacharacters (\, %, _) so they match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function toSearchInput(query: string): SearchInput | null {
  // Control characters (NUL above all, which PostgreSQL text cannot hold) become spaces.
  const raw = query
    .slice(0, SEARCH_QUERY_USED_CHARS)
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
  if (!raw) return null;
  const words = searchWords(raw);
  const text = words.join(' ');
  const tsWords = words.slice(0, MAX_SEARCH_WORDS);
  return {
    text,
    tsQuery: tsWords.length ? tsWords.map((word) => `${word}:*`).join(' & ') : null,
    likePattern: raw.length >= 3 ? `%${escapeLike(raw.toLowerCase())}%` : null,
  };
}
