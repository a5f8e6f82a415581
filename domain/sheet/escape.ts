// Everything a user typed reaches the sheet through these functions. The sheet is printed, previewed in the app and
// written to disk as a file someone may open in a browser, so a name like `<script>` must print as text in all three.

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML element content or a quoted attribute value. Quotes are escaped too, so one function is safe in
 * both places. Non-strings (a schema-breaking document still prints) become their string form first.
 */
export function escapeHtml(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a draft that breaks the schema may hold an object here, and it must still print
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  // C0 controls other than tab and newlines are not allowed in HTML text; they would only print as boxes.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/**
 * A CSS string literal (with its quotes) for `content:`. Anything beyond plain letters and punctuation is written
 * as a hex escape, so neither a quote nor `</style>` can end the string or the style sheet early.
 */
export function cssString(value: string): string {
  let out = '"';
  for (const ch of value) {
    if (/^[A-Za-z0-9 .,:;!?()+'-]$/.test(ch)) out += ch;
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    else if (/[\u0000-\u001f\u007f]/.test(ch)) out += ' ';
    else out += `\\${ch.codePointAt(0)!.toString(16)} `;
  }
  return out + '"';
}

/** Only colour syntaxes that cannot carry anything else reach a style or SVG attribute; the rest get `fallback`. */
export function safeColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const c = value.trim();
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(c)) return c;
  if (/^rgba?\(\s*\d{1,3}(?:\.\d+)?\s*,\s*\d{1,3}(?:\.\d+)?\s*,\s*\d{1,3}(?:\.\d+)?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i.test(c)) {
    return c;
  }
  return fallback;
}

/** A number for an SVG attribute: finite, short, never exponent notation (which some PDF paths mishandle). */
export function num(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '0';
  // Scaling and rounding rather than toFixed: a sheet writes a number per path point, and toFixed's exact decimal
  // expansion made it the costliest call in printing a large map. Values past 1e15 would lose digits either way.
  const scale = 10 ** digits;
  const r = Math.abs(value) < 1e15 ? Math.round(value * scale) / scale : value;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

/**
 * Escaped text for the sheet's flowing HTML. Hyphenated words ("Seine-et-Marne") are kept on one line: a name split
 * at its hyphen reads badly on paper and loses the hyphen when the PDF's text is copied. Very long ones may still
 * break, so a table cell never overflows.
 */
export function textHtml(value: unknown): string {
  // Token by token: the hyphenated-word pattern backtracks quadratically over one long run without a hyphen, and
  // a draft may hold a name of a megabyte. A token too long to mark (over 200 characters) is left as it is.
  return escapeHtml(value).replace(/\S+/g, (token) =>
    token.length > 200 ? token : token.replace(/[^\s-]+(?:-[^\s-]+)+/g, (word) => (word.length <= 28 ? `<span class="nw">${word}</span>` : word)),
  );
}
