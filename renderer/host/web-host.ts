// HostApi over HTTP to the loopback web shell. The per-launch token arrives in the page URL and goes with
// every request; the server also checks Host and Origin.
import type { Failure, HostApi } from '../../domain/host-api.js';

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
    engine: {
      start: () => call('engineStart'),
      send: async () => unavailable('The rules engine is not running.'),
      stop: async () => undefined,
      onMessage: () => () => undefined,
    },
    onMenuCommand: () => () => undefined,
  };
}
