// HostApi over HTTP to the loopback web shell. The per-launch token arrives in the page URL and goes with
// every request; the server also checks Host and Origin. Engine messages come back over one Server-Sent Events
// stream, which EventSource can only authorise with the token in its address.
//
// As the contract says, a call whose result can be a Failure resolves with one when the request does not get its
// answer: the server not answering, a refusal (bad argument, too large, busy, a page from an earlier run), a failure
// inside the server, or a reply that is not the JSON it should be. Calls whose result has no room for a Failure
// (info, listLibrary, documentVersion, backups, validate, engine.stop) reject with a HostCallFailed carrying it.
import type { EngineApi, Failure, FailureCode, HostApi } from '../../domain/host-api.js';
import { WEB_ROUTES, type InvokeSignature, type WebMethod, type WebParameters } from '../../domain/host-methods.js';

export const SERVER_NOT_ANSWERING =
  'The Aide-de-Camp server is not answering. Your work is kept in this page; restart the server and save again.';
export const EARLIER_RUN = 'This page is from an earlier run of the server. Open the address the server printed when it started.';
export const UNREADABLE_ANSWER =
  "The Aide-de-Camp server's answer could not be read, so whether this worked is not known. Your work is kept in this page; try again.";

/** A call that could not return its Failure as a value rejects with this; `message` is the sentence for the user. */
export class HostCallFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/** The part of `fetch` the web host uses; tests pass a double. */
export type FetchLike = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<Response>;

type Result<M extends WebMethod> = Awaited<ReturnType<InvokeSignature<M>>>;
type Answer<M extends WebMethod> = { ok: true; result: Result<M> } | Failure;

const failure = (code: FailureCode, message: string): Failure => ({ ok: false, code, message });

/** What an HTTP refusal means to the renderer: the server's own sentence, under the code that fits the status. */
function refusal(status: number, error: string | undefined): Failure {
  if (status === 401) return failure('unavailable', EARLIER_RUN);
  const message = error ?? `The Aide-de-Camp server answered ${status}. Your work is kept in this page.`;
  if (status === 400) return failure('invalid-argument', message);
  if (status === 413) return failure('too-large', message);
  if (status === 503) return failure('unavailable', message);
  return failure('io', message);
}

/** An answer that is `{ ok: true, … }` or a Failure, as the calls that return one promise. */
function isOutcome(v: unknown): boolean {
  if (!v || typeof v !== 'object') return false;
  const o = v as { ok?: unknown; code?: unknown; message?: unknown };
  return o.ok === true || (o.ok === false && typeof o.code === 'string' && typeof o.message === 'string');
}

export function createWebHost(token: string, base = '', fetchImpl: FetchLike = (url, init) => fetch(url, init)): HostApi {
  /** One request; never rejects. */
  async function request<M extends WebMethod>(method: M, ...args: WebParameters<M>): Promise<Answer<M>> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}/api/${WEB_ROUTES[method]}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-ADC-Token': token },
        body: JSON.stringify(args),
      });
    } catch {
      return failure('unavailable', SERVER_NOT_ANSWERING);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    const reply = body && typeof body === 'object' ? (body as { result?: unknown; error?: unknown }) : {};
    if (!res.ok) return refusal(res.status, typeof reply.error === 'string' ? reply.error : undefined);
    if (!('result' in reply)) return failure('io', UNREADABLE_ANSWER);
    return { ok: true, result: reply.result as Result<M> };
  }

  /** For calls whose result is itself `{ ok: true, … } | Failure`: a failed request is one more Failure. */
  async function outcome<M extends WebMethod>(method: M, ...args: WebParameters<M>): Promise<Result<M> | Failure> {
    const answer = await request(method, ...args);
    if (!answer.ok) return answer;
    return isOutcome(answer.result) ? answer.result : failure('io', UNREADABLE_ANSWER);
  }

  /** For calls whose result has no room for a Failure: a failed request rejects. */
  async function value<M extends WebMethod>(method: M, ...args: WebParameters<M>): Promise<Result<M>> {
    const answer = await request(method, ...args);
    if (!answer.ok) throw new HostCallFailed(answer);
    return answer.result;
  }

  const unavailable = (message: string): Failure => failure('unavailable', message);
  const engine = createWebEngine(token, base, {
    start: (page) => outcome('engine.start', page),
    send: (session, message) => outcome('engine.send', session, message),
    stop: (session) => value('engine.stop', session),
  });

  return {
    info: () => value('info'),
    listLibrary: () => value('listLibrary'),
    openDocument: (path) => outcome('openDocument', path),
    documentVersion: (path) => value('documentVersion', path),
    saveDocument: (request) => outcome('saveDocument', request),
    pickOpenPath: async () => null,
    pickSavePath: async () => null,
    // A browser tab has no application menu; its toolbar greys itself.
    setMenuEnabled: async () => undefined,
    writeBackup: (backup) => value('writeBackup', backup),
    listBackups: () => value('listBackups'),
    discardBackup: (key) => value('discardBackup', key),
    validate: (text) => value('validate', text),
    print: async () => unavailable("Use your browser's print dialog and choose Save as PDF."),
    makePdf: (html, paper) => outcome('makePdf', html, paper),
    engine,
    onMenuCommand: () => () => undefined,
  };
}

type EngineListener = (session: string, message: unknown) => void;

/** The server's engine routes; `start` names the page whose engine it is. */
interface EngineCalls {
  start(page: string): ReturnType<EngineApi['start']>;
  send: EngineApi['send'];
  stop: EngineApi['stop'];
}

/** How long a request waits for a dropped stream to come back before it goes ahead and fails the usual way. */
const REOPEN_WAIT_MS = 10_000;

export const CONNECTION_LOST =
  'The connection to the Aide-de-Camp server was interrupted, so the answer to this request was lost. Try it again.';

/**
 * The engine over the web shell. The page names itself with an id of its own making, on its event stream and
 * when it starts an engine, so the server stops the page's engines when the page goes. The stream has no replay:
 * when it drops, every request still waiting is answered here with a `connection-lost` error, since its reply may
 * have been sent while nobody was listening.
 */
function createWebEngine(token: string, base: string, server: EngineCalls): EngineApi {
  const page = crypto.randomUUID();
  const listeners = new Set<EngineListener>();
  /** Requests sent and not yet answered, by session. */
  const waiting = new Map<string, Set<string>>();
  let source: EventSource | null = null;
  // Settles once the stream is open (or has failed to open), so a reply cannot overtake the subscription.
  let opened: Promise<void> = Promise.resolve();

  const tell = (session: string, message: unknown): void => {
    for (const listener of [...listeners]) listener(session, message);
  };

  const deliver = (event: MessageEvent): void => {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (!data || typeof data !== 'object') return;
    const { session, message } = data as { session?: unknown; message?: unknown };
    if (typeof session !== 'string') return;
    if (message && typeof message === 'object') {
      const { re, type } = message as { re?: unknown; type?: unknown };
      if (typeof re === 'string') waiting.get(session)?.delete(re);
      if (type === 'engine-failed') waiting.delete(session);
    }
    tell(session, message);
  };

  const failWaiting = (): void => {
    const lost = [...waiting].flatMap(([session, ids]) => [...ids].map((id) => [session, id] as const));
    for (const ids of waiting.values()) ids.clear();
    for (const [session, id] of lost) tell(session, { re: id, type: 'error', code: 'connection-lost', message: CONNECTION_LOST });
  };

  const untilSettled = (es: EventSource): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        es.removeEventListener('open', done);
        es.removeEventListener('error', done);
        resolve();
      };
      const timer = setTimeout(done, REOPEN_WAIT_MS);
      es.addEventListener('open', done);
      es.addEventListener('error', done);
    });

  const open = (): void => {
    if (source && source.readyState !== EventSource.CLOSED) return;
    const es = new EventSource(`${base}/api/engineEvents?token=${encodeURIComponent(token)}&page=${encodeURIComponent(page)}`);
    source = es;
    opened = untilSettled(es);
    es.addEventListener('message', deliver);
    es.addEventListener('error', () => {
      failWaiting();
      // EventSource reconnects by itself unless the server refused it; either way the next request waits for that.
      if (source === es && es.readyState === EventSource.CONNECTING) opened = untilSettled(es);
    });
  };

  const close = (): void => {
    source?.close();
    source = null;
    opened = Promise.resolve();
  };

  /** Before a request: a stream the server closed for good is opened again, and one reconnecting is waited for. */
  const ready = async (): Promise<void> => {
    if (listeners.size > 0) open();
    await opened;
  };

  return {
    start: async () => {
      await ready();
      return server.start(page);
    },
    send: async (session, message) => {
      await ready();
      const m = (message ?? {}) as { id?: unknown; type?: unknown };
      // Noted before sending: the reply can come over the stream before the call that sent it returns.
      const ids = waiting.get(session) ?? new Set<string>();
      waiting.set(session, ids);
      const own = typeof m.id === 'string' && m.type !== 'quit' ? m.id : null;
      if (own !== null) ids.add(own);
      const sent = await server.send(session, message);
      // The server names the id it gave a message sent without one.
      const given = sent.ok ? (sent as { id?: unknown }).id : undefined;
      if (!sent.ok && own !== null) ids.delete(own);
      else if (own === null && typeof given === 'string' && m.type !== 'quit') ids.add(given);
      return sent;
    },
    stop: async (session) => {
      waiting.delete(session);
      await server.stop(session);
    },
    onMessage: (listener) => {
      const entry: EngineListener = (session, message) => listener(session, message);
      listeners.add(entry);
      open();
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0) close();
      };
    },
  };
}
