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

function createWebEngine(token: string, base: string, call: <T>(method: string, ...args: unknown[]) => Promise<T>): EngineApi {
  const listeners = new Set<EngineListener>();
  let source: EventSource | null = null;
  // Settles once the stream is open (or has failed to open), so a reply cannot overtake the subscription.
  let opened: Promise<void> = Promise.resolve();

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
    for (const listener of [...listeners]) listener(session, message);
  };

  const open = (): void => {
    if (source) return;
    const es = new EventSource(`${base}/api/engineEvents?token=${encodeURIComponent(token)}`);
    source = es;
    opened = new Promise<void>((resolve) => {
      es.addEventListener('open', () => resolve(), { once: true });
      es.addEventListener('error', () => resolve(), { once: true });
    });
    es.addEventListener('message', deliver);
  };

  const close = (): void => {
    source?.close();
    source = null;
    opened = Promise.resolve();
  };

  return {
    start: async () => {
      await opened;
      return call('engineStart');
    },
    send: async (session, message) => {
      await opened;
      return call('engineSend', session, message);
    },
    stop: async (session) => {
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
