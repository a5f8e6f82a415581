// The engine of this version: it speaks the whole of protocol 1 (handshake, ping, quit, errors) but plays no rules
// yet, so the app's plumbing can be built and tested against a real process. Pure: one line in, messages out;
// node/engine-main.ts owns stdin and stdout.
import {
  ENGINE_NAME,
  errorReply,
  parseRequestLine,
  PROTOCOL_VERSION,
  type ErrorMessage,
  type Message,
  type ReadyReply,
} from './protocol.js';

export const STUB_NOTE = 'The Square Eagles rules engine is not part of this version yet.';

export interface StubState {
  /** The program version `ready` reports; the engine has no file access to read it itself. */
  readonly version: string;
  /** Whether a hello was answered with ready. Game requests will need it; protocol 1 alone does not. */
  readonly greeted: boolean;
}

export interface StubStep {
  state: StubState;
  /** Messages to write, in order, one line each. */
  out: Message[];
  /** True once the host asked to quit: write `out`, then exit with status 0. */
  quit: boolean;
}

export function createStubState(version: string): StubState {
  return { version, greeted: false };
}

export function handleLine(line: string, state: StubState): StubStep {
  const parsed = parseRequestLine(line);
  if (parsed.kind === 'blank') return { state, out: [], quit: false };
  if (parsed.kind === 'invalid') return { state, out: [parsed.error], quit: false };
  const { message } = parsed;
  if (message.type === 'quit') return { state, out: [], quit: true };
  // parseRequestLine only lets an id-less message through for quit.
  const id = parsed.id!;
  switch (message.type) {
    case 'hello': {
      if (message.protocol !== PROTOCOL_VERSION) {
        const error: ErrorMessage = errorReply(
          id,
          'unsupported-protocol',
          `This engine speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(message.protocol ?? null)}.`,
        );
        return { state, out: [error], quit: false };
      }
      const ready: ReadyReply = {
        re: id,
        type: 'ready',
        protocol: PROTOCOL_VERSION,
        engine: ENGINE_NAME,
        version: state.version,
        rules: [],
        note: STUB_NOTE,
      };
      return { state: { ...state, greeted: true }, out: [ready], quit: false };
    }
    case 'ping':
      return { state, out: [{ re: id, type: 'pong' }], quit: false };
    default:
      return {
        state,
        out: [errorReply(id, 'unknown-request', `This engine does not know the request "${message.type}".`)],
        quit: false,
      };
  }
}
