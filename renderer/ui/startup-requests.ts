// What start-up asks the host for before anything else: who hosts us, then the document named at launch. Asked once
// per host, as early as the page can (main.tsx, before React's first render), so the host answers while the page
// builds its first view instead of after it: in the web shell each is a round trip to a server that shares the
// machine's cores with the page. The start-up effect (use-document-lifecycle.ts) takes the answers from here.
import type { HostApi, HostInfo } from '../../domain/host-api.js';

export interface StartupRequests {
  info: HostInfo;
  /** The launch document's contents, asked for as soon as its name is known; none without one. */
  fetched: ReturnType<HostApi['openDocument']> | undefined;
}

const asked = new WeakMap<HostApi, Promise<StartupRequests>>();

export function startupRequests(host: HostApi): Promise<StartupRequests> {
  let requests = asked.get(host);
  if (!requests) {
    requests = host.info().then((info) => {
      const fetched = info.initialDocument ? host.openDocument(info.initialDocument) : undefined;
      // Answered when the start-up plan is known; until then a failure must not count as unhandled.
      fetched?.catch(() => undefined);
      return { info, fetched };
    });
    // The same: whoever awaits it later sees the failure.
    requests.catch(() => undefined);
    asked.set(host, requests);
  }
  return requests;
}
