/**
 * JSON for a <script> element (the page's public configuration): `<`, `>` and `&` become JSON
 * escapes, so no text in it can close the script element or open a comment; U+2028/2029 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
