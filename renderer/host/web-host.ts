// HostApi over HTTP to the loopback web shell. The per-launch token arrives in the page URL and goes with
// every request; the server also checks Host and Origin. Engine messages come back over one Server-Sent Events
// stream, which EventSource can only authorise with the token in its address.
import type { EngineApi, Failure, HostApi } from '../../domain/host-api.js';

export class HostUnreachable extends Error {}

export function createWebHost(token: string, base = ''): HostApi {
  async function call<T>(method: string, ...args: unknown[]): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-ADC-Token': token },
        body: JSON.stringify(args),
      });
    } catch {
      throw new HostUnreachable('The Aide-de-Camp server is not answering. Your work is kept in this page; restart the server and save again.');
    }
    const body = (await res.json().catch(() => ({}))) as { result?: T; error?: string };
    if (!res.ok) {
      if (res.status === 401) throw new HostUnreachable('This page is from an earlier run of the server. Open the address the server printed when it started.');
      throw new Error(body.error ?? `The server answered ${res.status}`);
    }
    return body.result as T;
  }
  const unavailable = (message: string): Failure => ({ ok: false, code: 'unavailable', message });
  const engine = createWebEngine(token, base, call);

  return {
    info: () => call('info'),
    listLibrary: () => call('listLibrary'),
    openDocument: (path) => call('openDocument', path),
    documentVersion: (path) => call('documentVersion', path),
    saveDocument: (request) => call('saveDocument', request),
    pickOpenPath: async () => null,
    pickSavePath: async () => null,
    writeBackup: (backup) => call('writeBackup', backup),
    listBackups: () => call('listBackups'),
    discardBackup: (key) => call('discardBackup', key),
    validate: (text) => call('validate', text),
    print: async () => unavailable("Use your browser's print dialog and choose Save as PDF."),
    engine,
    onMenuCommand: () => () => undefined,
  };
}

type EngineListener = (session: string, message: unknown) => void;

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
function createWebEngine(token: string, base: string, call: <T>(method: string, ...args: unknown[]) => Promise<T>): EngineApi {
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
      return call('engineStart', page);
    },
    send: async (session, message) => {
      await ready();
      const m = (message ?? {}) as { id?: unknown; type?: unknown };
      // Noted before sending: the reply can come over the stream before the call that sent it returns.
      const ids = waiting.get(session) ?? new Set<string>();
      waiting.set(session, ids);
      const own = typeof m.id === 'string' && m.type !== 'quit' ? m.id : null;
      if (own !== null) ids.add(own);
      try {
        const sent = await call<{ ok: true; id?: string } | Failure>('engineSend', session, message);
        if (!sent.ok && own !== null) ids.delete(own);
        else if (sent.ok && own === null && typeof sent.id === 'string' && m.type !== 'quit') ids.add(sent.id);
        return sent;
      } catch (e) {
        if (own !== null) ids.delete(own);
        throw e;
      }
    },
    stop: async (session) => {
      waiting.delete(session);
      await call('engineStop', session);
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
