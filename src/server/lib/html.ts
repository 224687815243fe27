const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Turns http(s) addresses in already-escaped text into links. */
export function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
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
