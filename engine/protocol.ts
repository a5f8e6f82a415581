// The engine protocol (docs/engine-protocol.md) as types and pure helpers, shared by the engine and the host that
// manages it, so both sides classify a line the same way. No I/O here: node/ owns the streams.

export const PROTOCOL_VERSION = 1;
export const ENGINE_NAME = 'aide-de-camp';
/** Longest line either side accepts, newline excluded. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export type ProtocolErrorCode =
  | 'bad-json'
  | 'bad-request'
  | 'unknown-request'
  | 'unsupported-protocol'
  | 'line-too-long'
  // Game messages (docs/engine-protocol.md, "Game messages"):
  | 'not-ready'
  | 'bad-argument'
  | 'invalid-scenario'
  | 'unsupported-rules'
  | 'unknown-scenario'
  | 'unknown-game'
  | 'unknown-unit'
  | 'illegal-action'
  | 'game-over'
  | 'nothing-to-undo'
  | 'bad-log'
  | 'too-many-games'
  | 'cancelled'
  | 'unknown-job'
  | 'internal-error';

/** Any protocol message: an object with a string `type`. */
export interface Message {
  type: string;
  [field: string]: unknown;
}

/** Host → engine. */
export interface Request extends Message {
  id: string;
}

/** Engine → host, answering the request whose id is `re`. */
export interface Reply extends Message {
  re: string;
}

export interface HelloRequest extends Request {
  type: 'hello';
  protocol: number;
}

export interface ReadyReply extends Reply {
  type: 'ready';
  protocol: number;
  engine: string;
  version: string;
  rules: string[];
  note?: string;
}

export interface ErrorMessage extends Message {
  type: 'error';
  code: ProtocolErrorCode | (string & {});
  message: string;
  re?: string;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const isMessage = (v: unknown): v is Message => isPlainObject(v) && typeof v.type === 'string';

export const isReply = (v: unknown): v is Reply => isMessage(v) && typeof v.re === 'string';

/** An engine event: a message that answers no request. */
export const isEvent = (v: unknown): v is Message => isMessage(v) && !('re' in v);

export const isReadyReply = (v: unknown): v is ReadyReply =>
  isReply(v) &&
  v.type === 'ready' &&
  typeof v.protocol === 'number' &&
  typeof v.engine === 'string' &&
  typeof v.version === 'string' &&
  Array.isArray(v.rules) &&
  v.rules.every((r) => typeof r === 'string');

export function errorEvent(code: ProtocolErrorCode, message: string): ErrorMessage {
  return { type: 'error', code, message };
}

export function errorReply(re: string, code: ProtocolErrorCode, message: string): ErrorMessage {
  return { re, type: 'error', code, message };
}

export type ParsedLine =
  | { kind: 'blank' }
  | { kind: 'message'; message: Message; id: string | null }
  /** Not usable: `error` is what the engine answers with. */
  | { kind: 'invalid'; error: ErrorMessage };

/**
 * Classifies one line received by the engine. A line that is JSON but not a request still yields its id when it
 * has a string one, so the error can be a reply the host can match.
 */
export function parseRequestLine(line: string): ParsedLine {
  if (line.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { kind: 'invalid', error: errorEvent('bad-json', `The line is not valid JSON (${err instanceof Error ? err.message : String(err)}).`) };
  }
  if (!isPlainObject(value)) {
    return { kind: 'invalid', error: errorEvent('bad-request', 'A request must be a JSON object with a string "id" and "type".') };
  }
  const id = typeof value.id === 'string' ? value.id : null;
  if (typeof value.type !== 'string') {
    const message = 'A request must have a string "type".';
    return { kind: 'invalid', error: id === null ? errorEvent('bad-request', message) : errorReply(id, 'bad-request', message) };
  }
  // quit is honoured without an id, so a person typing at `adc engine` can always leave it.
  if (id === null && value.type !== 'quit') {
    return { kind: 'invalid', error: errorEvent('bad-request', `The "${value.type}" request has no string "id".`) };
  }
  return { kind: 'message', message: value as Message, id };
}

/**
 * Classifies one line received by the host: a message, or null when the line is not one (a broken engine).
 * Blank lines are tolerated, as the engine tolerates them.
 */
export function parseEngineLine(line: string): Message | 'blank' | null {
  if (line.trim() === '') return 'blank';
  try {
    const value: unknown = JSON.parse(line);
    return isMessage(value) ? value : null;
  } catch {
    return null;
  }
}

export function helloRequest(id: string): HelloRequest {
  return { id, type: 'hello', protocol: PROTOCOL_VERSION };
}
