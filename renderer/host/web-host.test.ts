// The web host keeps the HostApi's promise: a call whose result can be a Failure resolves with one, whatever became
// of the request, and the rest reject with the same failure named. A fetch double plays the server and the network.
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../domain/host-api.js';
import { createWebHost, EARLIER_RUN, HostCallFailed, SERVER_NOT_ANSWERING, UNREADABLE_ANSWER, type FetchLike } from './web-host.js';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A host over a fetch that answers every request with `answer()`, recording what it was asked. */
function hostAnswering(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn<FetchLike>(async () => answer());
  return { host: createWebHost('tok', 'http://127.0.0.1:1', fetch), fetch };
}

const save = { path: 'a.scenario.json', text: '{}', baseVersion: null };

/** Every call that promises `… | Failure`, each made once. */
const failureCalls: [string, (h: ReturnType<typeof createWebHost>) => Promise<unknown>][] = [
  ['openDocument', (h) => h.openDocument('a.scenario.json')],
  ['saveDocument', (h) => h.saveDocument(save)],
  ['makePdf', (h) => h.makePdf('<p>sheet</p>', 'a4')],
  ['engine.start', (h) => h.engine.start()],
  ['engine.send', (h) => h.engine.send('s1', { id: 'r1', type: 'ping' })],
];

describe('web host', () => {
  it('posts each call to its route with the token and the arguments as a JSON array', async () => {
    const { host, fetch } = hostAnswering(() => json(200, { result: { ok: true, ref: {}, version: 'v1' } }));
    await host.saveDocument(save);
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:1/api/saveDocument', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-ADC-Token': 'tok' },
      body: JSON.stringify([save]),
    });
    await host.engine.start();
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('http://127.0.0.1:1/api/engineStart');
    expect(JSON.parse(init.body)).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/)]);
  });

  it('passes the server’s answers through, failures included', async () => {
    const opened = { ok: true, ref: { path: 'a.scenario.json', name: 'a', kind: 'scenario', source: 'workspace' }, text: '{}', version: 'v1' };
    expect(await hostAnswering(() => json(200, { result: opened })).host.openDocument('a.scenario.json')).toEqual(opened);
    const conflict: Failure = { ok: false, code: 'conflict', message: 'changed on disk' };
    expect(await hostAnswering(() => json(200, { result: conflict })).host.saveDocument(save)).toEqual(conflict);
    expect(await hostAnswering(() => json(200, { result: null })).host.documentVersion('a.scenario.json')).toBeNull();
  });

  // [what happened, the fetch double, the failure every `… | Failure` call resolves with]
  const cases: [string, () => Response | Promise<Response>, Failure][] = [
    ['the server is not answering', () => Promise.reject(new TypeError('Failed to fetch')), { ok: false, code: 'unavailable', message: SERVER_NOT_ANSWERING }],
    ['a page from an earlier run', () => json(401, { error: 'The access token is missing or wrong' }), { ok: false, code: 'unavailable', message: EARLIER_RUN }],
    ['a bad argument', () => json(400, { error: 'Refused openDocument: argument 1 must be a non-empty path.' }), { ok: false, code: 'invalid-argument', message: 'Refused openDocument: argument 1 must be a non-empty path.' }],
    ['too large', () => json(413, { error: 'larger than 40 MB' }), { ok: false, code: 'too-large', message: 'larger than 40 MB' }],
    ['busy', () => json(503, { error: 'The server is busy' }), { ok: false, code: 'unavailable', message: 'The server is busy' }],
    ['a failure inside the server', () => json(500, { error: 'saveDocument failed inside the server' }), { ok: false, code: 'io', message: 'saveDocument failed inside the server' }],
    ['an error without a JSON body', () => new Response('Bad gateway', { status: 502 }), { ok: false, code: 'io', message: expect.stringMatching(/answered 502/) }],
    ['a reply that is not JSON', () => new Response('<html>', { status: 200 }), { ok: false, code: 'io', message: UNREADABLE_ANSWER }],
    ['a JSON reply without a result', () => json(200, { nothing: 1 }), { ok: false, code: 'io', message: UNREADABLE_ANSWER }],
    ['a result that is not an outcome', () => json(200, { result: 'yes' }), { ok: false, code: 'io', message: UNREADABLE_ANSWER }],
    ['a body cut short', () => new Response('{"result": {"ok": tr', { status: 200 }), { ok: false, code: 'io', message: UNREADABLE_ANSWER }],
  ];

  it.each(cases)('returns a failure value when %s', async (_what, answer, expected) => {
    const { host } = hostAnswering(answer);
    for (const [name, call] of failureCalls) await expect(call(host), name).resolves.toEqual(expected);
  });

  it('rejects the calls with no room for a failure, naming it', async () => {
    const { host } = hostAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await host.listLibrary().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostCallFailed);
    expect((error as HostCallFailed).failure).toEqual({ ok: false, code: 'unavailable', message: SERVER_NOT_ANSWERING });
    expect((error as Error).message).toBe(SERVER_NOT_ANSWERING);
    await expect(host.engine.stop('s1')).rejects.toThrow(SERVER_NOT_ANSWERING);
  });

  it('answers what the browser does itself without asking the server', async () => {
    const { host, fetch } = hostAnswering(() => json(500, {}));
    expect(await host.pickOpenPath()).toBeNull();
    expect(await host.pickSavePath('a.json')).toBeNull();
    expect(await host.print('<html>', 'a4', 'a.pdf')).toMatchObject({ ok: false, code: 'unavailable' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
