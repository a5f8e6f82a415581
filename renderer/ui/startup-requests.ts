// What start-up asks the host for before anything else: who hosts us, the document named at launch and the backups
// of unsaved work. Asked once per host, as early as the page can (main.tsx, before the application's own script has
// even arrived), so the host answers while the page loads and builds its first view instead of after it: in the web
// shell each is a round trip to a server that shares the machine's cores with the page. The start-up effect
// (use-document-lifecycle.ts) takes the answers from here.
import type { Backup, HostApi, HostInfo } from '../../domain/host-api.js';

export interface StartupRequests {
  info: HostInfo;
  /** The launch document's contents, asked for as soon as its name is known; none without one. */
  fetched: ReturnType<HostApi['openDocument']> | undefined;
  /** Unsaved work from earlier runs, asked beside `info` (the start-up plan needs both). */
  backups: Promise<Backup[]>;
}

const asked = new WeakMap<HostApi, Promise<StartupRequests>>();

export function startupRequests(host: HostApi): Promise<StartupRequests> {
  let requests = asked.get(host);
  if (!requests) {
    const backups = host.listBackups();
    // Answered when the start-up plan is known; until then a failure must not count as unhandled.
    backups.catch(() => undefined);
    requests = host.info().then((info) => {
      const fetched = info.initialDocument ? host.openDocument(info.initialDocument) : undefined;
      fetched?.catch(() => undefined);
      return { info, fetched, backups };
    });
    // The same: whoever awaits it later sees the failure.
    requests.catch(() => undefined);
    asked.set(host, requests);
  }
  return requests;
}
