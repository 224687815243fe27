const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Turns http(s) addresses in already-escaped text into links. */
export function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * JSON for a <script> (JSON-LD, page data) element: `<`, `>` and `&` become JSON escapes,
 * so no product text can close the script element or open a comment; U+2028/2029 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * `html` with its first `marker` replaced by `insert`, taken literally. Never splice page text
 * with `String.replace(marker, text)`: in a string replacement `$&`, `` $` ``, `$'` and `$1` are
 * patterns, so a product named "A $' B" would copy the rest of the page into itself.
 */
export function spliceAt(html: string, marker: string, insert: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + insert + html.slice(at + marker.length);
}
