// Text from a document or a file name, made safe to show on a terminal or in a log: control characters (which can
// move the cursor, rewrite the screen or set the window title) and bidirectional overrides (which can make text
// read differently from what it is) are shown as escapes instead of acting.

/** C0 controls, DEL, C1 controls, line/paragraph separators, and the bidirectional embedding/override/isolate marks. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, but keeping line breaks and tabs, for text laid out in lines on purpose. */
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string): string => {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
};

/** One value (a name, an id, a path) on one line. */
export function printable(value: string): string {
  return value.replace(UNSAFE, escape);
}

/** Several lines of output: line breaks and tabs stay, every other control is shown escaped. */
export function printableText(text: string): string {
  return text.replace(UNSAFE_IN_TEXT, escape);
}

/**
 * JSON text with the characters JSON.stringify leaves raw (DEL, C1 controls, separators, bidirectional marks)
 * written as \u escapes: the same JSON value, but inert on a terminal.
 */
export function inertJson(json: string): string {
  return json.replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
