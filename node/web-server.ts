// The web shell's loopback server: serves the built renderer and answers the host API over HTTP. Any web page the
// user visits can send requests to 127.0.0.1, so every API call must prove it comes from our own page (a token only
// that page was given, our own Host and Origin) before it may touch a file.
import { contentTypeOf } from './content-types.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Failure, HostApi, HostInfo } from '../domain/host-api.js';
import { argumentsProblem, pageArg, WEB_ARGUMENT_CHECKS, type Check } from '../domain/host-checks.js';
import { WEB_ROUTES, type InvokeSignature, type WebMethod, type WebParameters } from '../domain/host-methods.js';
import type { DocumentStore } from './document-store.js';
import { pipeline } from 'node:stream';
import { MAX_LINE_BYTES } from '../engine/protocol.js';
import { EngineManager, type EngineSessions, type EngineStarted } from './engine-process.js';
import { jsonOverLimits, type JsonLimits } from './json-shape.js';
import { createPdfMaker } from './print-pdf.js';

export interface WebServerOptions {
  /** 0 picks any free port. */
  port: number;
  store: DocumentStore;
  /** The Vite-built renderer: index.html and assets/. */
  staticDir: string;
  /** Workspace-relative path of a document to open first, or null. */
  initialDocument: string | null;
  version: string;
  /** Runs the rules engines; by default `adc engine` from this checkout. Every engine is stopped on close. */
  engine?: EngineSessions;
  /** Most engines running at once, over every page; the next engineStart is refused. */
  maxEngines?: number;
  /** How long a page's engines outlive its last event stream, so EventSource may reconnect. */
  pageGraceMs?: number;
  /** Makes Save as PDF's PDFs; by default in a headless Chromium, as `adc print` does. */
  makePdf?: HostApi['makePdf'];
}

export interface RunningWebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export const HOST = '127.0.0.1';
export const TOKEN_HEADER = 'x-adc-token';
const KB = 1024;
const MB = 1024 * KB;
/** A document is at most 32 MB; JSON-escaping it inside a request may add some. */
export const MAX_BODY_BYTES = 40 * MB;
/** A call that takes no argument, or an id. */
const SMALL_BODY_BYTES = 4 * KB;
/** A call that takes a path or a key. */
const PATH_BODY_BYTES = 64 * KB;
/** engineSend: one protocol line and the session id around it. */
const ENGINE_BODY_BYTES = MAX_LINE_BYTES + 64 * KB;
/** Bodies held in memory at once, over every request; past it a request is refused as busy, not queued. */
export const MAX_BUFFERED_BYTES = 4 * MAX_BODY_BYTES;
/** What parsing the arguments may build: documents travel as strings, so only engine messages are structured. */
export const ARGUMENT_LIMITS: JsonLimits = { maxDepth: 256, maxValues: 1_000_000 };
/** Event streams open at once; a page holds one. */
export const MAX_STREAMS = 32;
export const DEFAULT_MAX_ENGINES = 4;
const DEFAULT_PAGE_GRACE_MS = 10_000;
/** An event stream whose reader falls this far behind is cut; EventSource reconnects, and memory stays bounded. */
const MAX_STREAM_BACKLOG_BYTES = 64 * 1024 * 1024;
/** Comments on an idle event stream, so a dead reader is noticed and proxies keep it open. */
const STREAM_HEARTBEAT_MS = 15_000;
export const ENGINE_EVENTS_METHOD = 'engineEvents';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};


/**
 * A route of the API: how large a body it reads at most, and the HostApi method behind it, typed by that method.
 * Its arguments have passed the same checks as the desktop shell's (`domain/host-checks.ts`) before it runs.
 */
interface Endpoint<M extends WebMethod> {
  limit: number;
  run(...args: WebParameters<M>): ReturnType<InvokeSignature<M>>;
}
type Endpoints = { readonly [M in WebMethod]: Endpoint<M> };

/** Which method a route names; a name not listed is no route at all (`toString` included). */
const METHOD_OF_ROUTE: ReadonlyMap<string, WebMethod> = new Map(
  (Object.keys(WEB_ROUTES) as WebMethod[]).map((method) => [WEB_ROUTES[method], method]),
);

const unavailable = (message: string): Failure => ({ ok: false, code: 'unavailable', message });

function describeBytes(n: number): string {
  return n >= MB ? `${Math.round(n / MB)} MB` : `${Math.round(n / KB)} KB`;
}

/** Errors reach stderr as one line: a hostile request must not be able to fill the log with stacks. */
function logLine(text: string): void {
  const flat = text.replace(/\s+/g, ' ').trim();
  process.stderr.write(`aide-de-camp web: ${flat.length > 300 ? flat.slice(0, 300) + '…' : flat}\n`);
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const { store } = options;
  const token = randomBytes(24).toString('base64url');
  const staticDir = path.resolve(options.staticDir);
  const engine = options.engine ?? new EngineManager();
  let port = 0;

  const info = async (): Promise<HostInfo> => ({
    shell: 'web',
    version: options.version,
    nativeDialogs: false,
    initialDocument: options.initialDocument,
  });

  const maxEngines = options.maxEngines ?? DEFAULT_MAX_ENGINES;
  const pageGraceMs = options.pageGraceMs ?? DEFAULT_PAGE_GRACE_MS;

  /** A page of ours: its open event streams, and the engines it started, which go when it goes. */
  interface Page {
    streams: Set<http.ServerResponse>;
    engines: Set<string>;
    grace: NodeJS.Timeout | null;
  }
  const pages = new Map<string, Page>();
  /** Which page each running engine belongs to. */
  const owners = new Map<string, string>();
  /** engineStart calls still waiting for their engine, counted against the cap. */
  let starting = 0;
  let closing = false;

  const forgetEngine = (session: string): void => {
    const page = owners.get(session);
    owners.delete(session);
    if (page !== undefined) pages.get(page)?.engines.delete(session);
  };

  async function startEngine(pageId: string): Promise<EngineStarted | Failure> {
    if (closing) return unavailable('The server is stopping.');
    if (!pages.get(pageId)?.streams.size) {
      return unavailable('The page has no open engine event stream, which the engine answers through; reload the page.');
    }
    if (owners.size + starting >= maxEngines) {
      return unavailable(
        `${maxEngines} rules engines are already running, the most this server runs at once. Close Test play in another tab, or reload the pages you no longer use, and try again.`,
      );
    }
    starting++;
    let result;
    try {
      result = await engine.start();
    } finally {
      starting--;
    }
    if (!result.ok) return result;
    const page = pages.get(pageId);
    if (!page || closing) {
      // The page went while its engine started: nobody is left to use it.
      await engine.stop(result.session);
      return unavailable('The page was closed while the rules engine started.');
    }
    page.engines.add(result.session);
    owners.set(result.session, pageId);
    return result;
  }

  async function stopEngine(session: string): Promise<void> {
    forgetEngine(session);
    await engine.stop(session);
  }

  const endpoints: Endpoints = {
    info: { limit: SMALL_BODY_BYTES, run: info },
    listLibrary: { limit: SMALL_BODY_BYTES, run: () => store.listLibrary() },
    openDocument: { limit: PATH_BODY_BYTES, run: (p) => store.openDocument(p) },
    documentVersion: { limit: PATH_BODY_BYTES, run: (p) => store.documentVersion(p) },
    saveDocument: { limit: MAX_BODY_BYTES, run: (request) => store.saveDocument(request) },
    writeBackup: { limit: MAX_BODY_BYTES, run: (backup) => store.writeBackup(backup) },
    listBackups: { limit: SMALL_BODY_BYTES, run: () => store.listBackups() },
    discardBackup: { limit: PATH_BODY_BYTES, run: (key) => store.discardBackup(key) },
    validate: { limit: MAX_BODY_BYTES, run: (text) => store.validate(text) },
    print: { limit: MAX_BODY_BYTES, run: async () => unavailable("The web version prints with the browser's own print dialog.") },
    makePdf: { limit: MAX_BODY_BYTES, run: options.makePdf ?? createPdfMaker() },
    'engine.start': { limit: SMALL_BODY_BYTES, run: (page) => startEngine(page) },
    'engine.send': {
      limit: ENGINE_BODY_BYTES,
      run: async (session, message) => {
        const sent = await engine.send(session, message);
        // quit through send stops the engine; it no longer counts against the cap.
        if (sent.ok && (message as { type?: unknown }).type === 'quit') forgetEngine(session);
        return sent;
      },
    },
    'engine.stop': { limit: SMALL_BODY_BYTES, run: (session) => stopEngine(session) },
  };

  function send(res: http.ServerResponse, status: number, headers: Record<string, string | number>, body?: string | Buffer): void {
    res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
    res.end(body);
  }

  function sendJson(res: http.ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const body = JSON.stringify(value);
    send(res, status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      ...extra,
    }, body);
  }

  const sendError = (res: http.ServerResponse, status: number, error: string, extra: Record<string, string> = {}): void =>
    sendJson(res, status, { error }, extra);

  function allowedHost(host: string | undefined): boolean {
    // A DNS-rebinding page reaches us under its own host name; only our literal names are ours.
    if (!host) return false;
    const h = host.toLowerCase();
    return h === `${HOST}:${port}` || h === `localhost:${port}`;
  }

  function allowedOrigin(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    const o = origin.toLowerCase();
    return o === `http://${HOST}:${port}` || o === `http://localhost:${port}`;
  }

  /** Bytes of request bodies held right now, over every request. */
  let buffered = 0;

  /**
   * Resolves the body, or null once it has been answered (413 too large, 503 busy) or the client has gone. Never
   * rejects: a client hanging up mid-upload is not the server's failure, and has no one left to hear about it.
   */
  function readBody(req: http.IncomingMessage, res: http.ServerResponse, method: string, limit: number): Promise<Buffer | null> {
    const tooLarge = `${method}: the request is larger than ${describeBytes(limit)}, the most this method takes.`;
    const busy = 'The server is busy with other large requests; try again in a moment.';
    // An oversized body is read and dropped up to this much so the client gets a clean answer; past it the
    // socket is cut.
    const drainLimit = Math.min(2 * MAX_BODY_BYTES, Math.max(2 * limit, MB));
    const refuse = (status: number, message: string, cut: boolean): void => {
      if (res.headersSent) return;
      sendError(res, status, message, cut ? { Connection: 'close' } : {});
      if (cut) res.on('finish', () => req.destroy());
    };
    return new Promise((resolve) => {
      let held = 0;
      let settled = false;
      const settle = (body: Buffer | null): void => {
        if (settled) return;
        settled = true;
        buffered -= held;
        held = 0;
        resolve(body);
      };
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > drainLimit) {
        refuse(413, tooLarge, true);
        settle(null);
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      let over: 'large' | 'busy' | null = null;
      const drop = (why: 'large' | 'busy'): void => {
        over = why;
        chunks.length = 0;
        buffered -= held;
        held = 0;
      };
      req.on('data', (chunk: Buffer) => {
        if (settled) return;
        total += chunk.length;
        if (total > drainLimit) {
          refuse(over === 'busy' ? 503 : 413, over === 'busy' ? busy : tooLarge, true);
          settle(null);
          return;
        }
        if (over) return;
        if (total > limit) return drop('large');
        if (buffered + chunk.length > MAX_BUFFERED_BYTES) return drop('busy');
        buffered += chunk.length;
        held += chunk.length;
        chunks.push(chunk);
      });
      req.on('end', () => {
        // Answering only after the body is read: closing a socket with unread data resets it, and the client
        // would see a connection error instead of the refusal.
        if (over) refuse(over === 'busy' ? 503 : 413, over === 'busy' ? busy : tooLarge, false);
        settle(over ? null : Buffer.concat(chunks));
      });
      req.on('error', () => settle(null));
      req.on('close', () => settle(null));
    });
  }

  // An engine's messages go to the streams of the page that started it, and to no other.
  const unsubscribe = engine.onMessage((session, message) => {
    const pageId = owners.get(session);
    // A failed engine is gone: its place is free, once its page has heard why.
    if (message.type === 'engine-failed') forgetEngine(session);
    const page = pageId === undefined ? undefined : pages.get(pageId);
    if (!page) return;
    // JSON.stringify escapes newlines, so the whole object fits on one `data:` line.
    const chunk = `data: ${JSON.stringify({ session, message })}\n\n`;
    for (const res of page.streams) {
      if (res.writableLength > MAX_STREAM_BACKLOG_BYTES) res.destroy();
      else res.write(chunk);
    }
  });

  let streamCount = 0;

  /** The page's last stream has closed: its engines go unless a stream comes back within the grace period. */
  function pageLeft(pageId: string, page: Page): void {
    if (page.engines.size === 0) {
      pages.delete(pageId);
      return;
    }
    page.grace = setTimeout(() => {
      page.grace = null;
      if (page.streams.size > 0) return;
      pages.delete(pageId);
      for (const session of [...page.engines]) stopEngine(session).catch((e: unknown) => logLine(`stopping an engine failed: ${messageOf(e)}`));
    }, pageGraceMs);
    page.grace.unref();
  }

  /**
   * GET /api/engineEvents?token=…&page=…: EventSource cannot send headers, so the token comes in the query instead.
   * The stream's life is the page's: when the last one of a page closes, its engines are stopped.
   */
  function handleEvents(req: http.IncomingMessage, res: http.ServerResponse, query: URLSearchParams): void {
    if (req.method !== 'GET') return sendError(res, 405, 'The event stream answers GET requests only.', { Allow: 'GET' });
    if (!allowedOrigin(req.headers.origin)) return sendError(res, 403, 'Requests from other sites are refused.');
    const given = query.get('token');
    if (given === null || !sameSecret(given, token)) {
      return sendError(res, 401, 'The access token is missing or wrong; open the address printed when the server started.');
    }
    const pageId = query.get('page');
    const badPage = pageArg(pageId);
    if (pageId === null || badPage !== null) return sendError(res, 400, `The event stream needs its page: the page ${badPage ?? 'is missing'}.`);
    if (closing) return sendError(res, 503, 'The server is stopping.');
    if (streamCount >= MAX_STREAMS) {
      return sendError(res, 503, `${MAX_STREAMS} event streams are already open, the most this server keeps; close some tabs of Aide-de-Camp.`);
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    // Sent at once so the page's EventSource opens now, before any engine has anything to say.
    res.write(': engine events\n\n');
    let page = pages.get(pageId);
    if (!page) {
      page = { streams: new Set(), engines: new Set(), grace: null };
      pages.set(pageId, page);
    }
    if (page.grace) clearTimeout(page.grace);
    page.grace = null;
    page.streams.add(res);
    streamCount++;
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), STREAM_HEARTBEAT_MS);
    heartbeat.unref();
    const owner = page;
    res.on('close', () => {
      clearInterval(heartbeat);
      streamCount--;
      owner.streams.delete(res);
      if (owner.streams.size === 0 && pages.get(pageId) === owner && !closing) pageLeft(pageId, owner);
    });
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, route: string, query: URLSearchParams): Promise<void> {
    if (route === ENGINE_EVENTS_METHOD) return handleEvents(req, res, query);
    if (req.method !== 'POST') return sendError(res, 405, 'The API answers POST requests only.', { Allow: 'POST' });
    if (!allowedOrigin(req.headers.origin)) return sendError(res, 403, 'Requests from other sites are refused.');
    const given = req.headers[TOKEN_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, token)) {
      return sendError(res, 401, 'The access token is missing or wrong; open the address printed when the server started.');
    }
    const method = METHOD_OF_ROUTE.get(route);
    if (method === undefined) return sendError(res, 404, `There is no API method "${route}".`);
    const endpoint = endpoints[method];
    const body = await readBody(req, res, route, endpoint.limit);
    if (body === null) return;
    // Measured before parsing: what JSON.parse would build from a hostile body is the danger, not the bytes.
    const over = jsonOverLimits(body, ARGUMENT_LIMITS);
    if (over !== null) return sendError(res, 413, `${route}: the request is refused because ${over}.`);
    let args: unknown;
    try {
      args = JSON.parse(body.toString('utf8'));
    } catch {
      return sendError(res, 400, 'The request body is not valid JSON.');
    }
    if (!Array.isArray(args)) return sendError(res, 400, 'The request body must be a JSON array of arguments.');
    // The desktop shell refuses the same arguments with the same words (electron/channels.ts).
    const problem = argumentsProblem(WEB_ARGUMENT_CHECKS[method] as readonly Check[], args);
    if (problem !== null) return sendError(res, 400, `Refused ${route}: ${problem}.`);
    try {
      const result = await (endpoint.run as (...a: unknown[]) => Promise<unknown>)(...(args as unknown[]));
      sendJson(res, 200, { result: result === undefined ? null : result });
    } catch (err) {
      logLine(`${route} failed: ${messageOf(err)}`);
      sendError(res, 500, `${route} failed inside the server; nothing was changed by the failure itself. The server carries on.`);
    }
  }

  async function handleStatic(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Only GET and HEAD are served here.', { Allow: 'GET, HEAD' });
    const notFound = () => send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, 'Not found\n');
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return sendError(res, 400, 'The address is not valid.');
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return notFound();
    const segments = decoded.split('/').filter((s) => s !== '');
    if (segments.some((s) => s === '..' || s.startsWith('.'))) return notFound();
    const relative = segments.length === 0 ? 'index.html' : segments.join('/');
    const file = path.resolve(staticDir, relative);
    let size: number;
    try {
      // realpath, so a symlink inside the build output cannot expose files outside it.
      const [realRoot, realFile] = await Promise.all([fs.realpath(staticDir), fs.realpath(file)]);
      const rel = path.relative(realRoot, realFile);
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return notFound();
      const st = await fs.stat(realFile);
      // No directory listings, and no index.html inside sub-folders either.
      if (!st.isFile()) return notFound();
      size = st.size;
    } catch {
      return notFound();
    }
    const isIndex = relative === 'index.html';
    const headers: Record<string, string | number> = {
      'Content-Type': contentTypeOf(file),
      'Content-Length': size,
      // index.html names the current hashed bundles, so a stale copy would load last build's code.
      'Cache-Control': isIndex ? 'no-store' : relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (req.method === 'HEAD') return send(res, 200, headers);
    res.writeHead(200, { ...SECURITY_HEADERS, ...headers });
    // pipeline, not pipe: a reader that hangs up mid-file must close the file too, and is no error of ours.
    pipeline(createReadStream(file), res, () => undefined);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      if (!allowedHost(req.headers.host)) return sendError(res, 403, 'This server answers only to 127.0.0.1 and localhost.');
      let url: URL;
      try {
        url = new URL(req.url ?? '/', `http://${HOST}:${port}`);
      } catch {
        return sendError(res, 400, 'The address is not valid.');
      }
      const { pathname } = url;
      if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(req, res, pathname.slice('/api/'.length), url.searchParams);
      return handleStatic(req, res, pathname);
    })().catch((err: unknown) => {
      logLine(`a request failed: ${messageOf(err)}`);
      if (!res.headersSent) sendError(res, 500, 'The server failed to answer.');
      else res.destroy();
    });
  });
  // Slow or idle clients must not hold the process open after close.
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://${HOST}:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      closing = true;
      // No engine may outlive the server that started it.
      await engine.stopAll();
      unsubscribe();
      for (const page of pages.values()) {
        if (page.grace) clearTimeout(page.grace);
        for (const res of page.streams) res.end();
      }
      pages.clear();
      owners.clear();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
