// The web shell's loopback server: serves the built renderer and answers the host API over HTTP. Any web page the
// user visits can send requests to 127.0.0.1, so every API call must prove it comes from our own page (a token only
// that page was given, our own Host and Origin) before it may touch a file.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Backup, Failure, HostInfo, SaveRequest } from '../domain/host-api.js';
import type { DocumentStore } from './document-store.js';
import { EngineManager, type EngineSessions } from './engine-process.js';

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
}

export interface RunningWebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export const HOST = '127.0.0.1';
export const TOKEN_HEADER = 'x-adc-token';
/** A document is at most 32 MB; JSON-escaping it inside a request may add some. */
export const MAX_BODY_BYTES = 40 * 1024 * 1024;
/** An oversized body is read and dropped up to this much so the client gets a clean 413; past it the socket is cut. */
const MAX_DRAIN_BYTES = 2 * MAX_BODY_BYTES;
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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

class BadRequest extends Error {}

type Args = unknown[];
type Handler = (args: Args) => Promise<unknown>;

const unavailable = (message: string): Failure => ({ ok: false, code: 'unavailable', message });

function expectArgs(args: Args, count: number, method: string): void {
  if (args.length !== count) throw new BadRequest(`${method} takes ${count} argument${count === 1 ? '' : 's'}, not ${args.length}`);
}

function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new BadRequest(`${what} must be a string`);
  return value;
}

function expectSession(value: unknown): string {
  const session = expectString(value, 'session');
  if (session.length === 0 || session.length > 128) throw new BadRequest('session must be a session id');
  return session;
}

function expectObject(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadRequest(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function asSaveRequest(value: unknown): SaveRequest {
  const o = expectObject(value, 'the save request');
  const request: SaveRequest = {
    path: expectString(o.path, 'path'),
    text: expectString(o.text, 'text'),
    baseVersion: o.baseVersion === null ? null : expectString(o.baseVersion, 'baseVersion'),
  };
  if (o.overwrite !== undefined) {
    if (typeof o.overwrite !== 'boolean') throw new BadRequest('overwrite must be true or false');
    request.overwrite = o.overwrite;
  }
  return request;
}

function asBackup(value: unknown): Backup {
  const o = expectObject(value, 'the backup');
  if (typeof o.savedAt !== 'number' || !Number.isFinite(o.savedAt)) throw new BadRequest('savedAt must be a number');
  return {
    key: expectString(o.key, 'key'),
    path: o.path === null ? null : expectString(o.path, 'path'),
    title: expectString(o.title, 'title'),
    savedAt: o.savedAt,
    text: expectString(o.text, 'text'),
  };
}

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

  const handlers: Record<string, Handler> = {
    info: async (a) => (expectArgs(a, 0, 'info'), info()),
    listLibrary: async (a) => (expectArgs(a, 0, 'listLibrary'), store.listLibrary()),
    openDocument: async (a) => (expectArgs(a, 1, 'openDocument'), store.openDocument(expectString(a[0], 'path'))),
    documentVersion: async (a) => (expectArgs(a, 1, 'documentVersion'), store.documentVersion(expectString(a[0], 'path'))),
    saveDocument: async (a) => (expectArgs(a, 1, 'saveDocument'), store.saveDocument(asSaveRequest(a[0]))),
    writeBackup: async (a) => (expectArgs(a, 1, 'writeBackup'), store.writeBackup(asBackup(a[0]))),
    listBackups: async (a) => (expectArgs(a, 0, 'listBackups'), store.listBackups()),
    discardBackup: async (a) => (expectArgs(a, 1, 'discardBackup'), store.discardBackup(expectString(a[0], 'key'))),
    validate: async (a) => (expectArgs(a, 1, 'validate'), store.validate(expectString(a[0], 'text'))),
    print: async (a) => {
      expectArgs(a, 3, 'print');
      expectString(a[0], 'html');
      if (a[1] !== 'a4' && a[1] !== 'letter') throw new BadRequest('paper must be "a4" or "letter"');
      expectString(a[2], 'suggestedName');
      return unavailable("The web version prints with the browser's own print dialog.");
    },
    engineStart: async (a) => (expectArgs(a, 0, 'engineStart'), engine.start()),
    engineSend: async (a) => {
      expectArgs(a, 2, 'engineSend');
      return engine.send(expectSession(a[0]), expectObject(a[1], 'the message'));
    },
    engineStop: async (a) => (expectArgs(a, 1, 'engineStop'), engine.stop(expectSession(a[0]))),
  };

  function send(res: http.ServerResponse, status: number, headers: Record<string, string | number>, body?: string | Buffer): void {
    res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
    res.end(body);
  }

  function sendJson(res: http.ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}): void {
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

  /** Resolves the body, or null once an answer (413) has already been sent. */
  function readBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<Buffer | null> {
    const tooLarge = () => sendError(res, 413, `The request is larger than ${MAX_BODY_BYTES / 1048576} MB.`);
    const cutOff = () => {
      sendError(res, 413, `The request is larger than ${MAX_BODY_BYTES / 1048576} MB.`, { Connection: 'close' });
      res.on('finish', () => req.destroy());
    };
    return new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_DRAIN_BYTES) {
        cutOff();
        resolve(null);
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      let over = false;
      req.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > MAX_DRAIN_BYTES) {
          if (!res.headersSent) cutOff();
          resolve(null);
          return;
        }
        if (total > MAX_BODY_BYTES) {
          over = true;
          chunks.length = 0;
        }
        if (!over) chunks.push(chunk);
      });
      req.on('end', () => {
        // Answering only after the body is read: closing a socket with unread data resets it, and the client
        // would see a connection error instead of the 413.
        if (over) {
          if (!res.headersSent) tooLarge();
          resolve(null);
        } else resolve(Buffer.concat(chunks));
      });
      req.on('error', reject);
    });
  }

  // Every engine message goes to every open stream: one user, whose tabs each pick out their own sessions.
  const streams = new Set<http.ServerResponse>();
  const unsubscribe = engine.onMessage((session, message) => {
    // JSON.stringify escapes newlines, so the whole object fits on one `data:` line.
    const chunk = `data: ${JSON.stringify({ session, message })}\n\n`;
    for (const res of streams) {
      if (res.writableLength > MAX_STREAM_BACKLOG_BYTES) res.destroy();
      else res.write(chunk);
    }
  });

  /** GET /api/engineEvents?token=…: EventSource cannot send headers, so the token comes in the query instead. */
  function handleEvents(req: http.IncomingMessage, res: http.ServerResponse, query: URLSearchParams): void {
    if (req.method !== 'GET') return sendError(res, 405, 'The event stream answers GET requests only.', { Allow: 'GET' });
    if (!allowedOrigin(req.headers.origin)) return sendError(res, 403, 'Requests from other sites are refused.');
    const given = query.get('token');
    if (given === null || !sameSecret(given, token)) {
      return sendError(res, 401, 'The access token is missing or wrong; open the address printed when the server started.');
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    // Sent at once so the page's EventSource opens now, before any engine has anything to say.
    res.write(': engine events\n\n');
    streams.add(res);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), STREAM_HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(res);
    });
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, method: string, query: URLSearchParams): Promise<void> {
    if (method === ENGINE_EVENTS_METHOD) return handleEvents(req, res, query);
    if (req.method !== 'POST') return sendError(res, 405, 'The API answers POST requests only.', { Allow: 'POST' });
    if (!allowedOrigin(req.headers.origin)) return sendError(res, 403, 'Requests from other sites are refused.');
    const given = req.headers[TOKEN_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, token)) {
      return sendError(res, 401, 'The access token is missing or wrong; open the address printed when the server started.');
    }
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!handler) return sendError(res, 404, `There is no API method "${method}".`);
    const body = await readBody(req, res);
    if (body === null) return;
    let args: unknown;
    try {
      args = JSON.parse(body.toString('utf8'));
    } catch {
      return sendError(res, 400, 'The request body is not valid JSON.');
    }
    if (!Array.isArray(args)) return sendError(res, 400, 'The request body must be a JSON array of arguments.');
    try {
      const result = await handler(args);
      sendJson(res, 200, { result: result === undefined ? null : result });
    } catch (err) {
      if (err instanceof BadRequest) return sendError(res, 400, `${method}: ${err.message}.`);
      process.stderr.write(`aide-de-camp web: ${method} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      sendError(res, 500, `${method} failed inside the server.`);
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
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': size,
      // index.html names the current hashed bundles, so a stale copy would load last build's code.
      'Cache-Control': isIndex ? 'no-store' : relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (req.method === 'HEAD') return send(res, 200, headers);
    res.writeHead(200, { ...SECURITY_HEADERS, ...headers });
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
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
      process.stderr.write(`aide-de-camp web: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
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
      // No engine may outlive the server that started it.
      await engine.stopAll();
      unsubscribe();
      for (const res of streams) res.end();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
