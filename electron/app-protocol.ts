// The desktop shell serves its page from app://adc/ instead of file://. A file:// page shares its origin with every
// local file and (unless the grantFileProtocolExtraPrivileges fuse is off) may fetch them; a page on its own scheme
// has an origin of its own, can reach only what this handler serves, and gets its Content-Security-Policy as a real
// response header. Pure apart from reading files, so tests call the handler with real Requests on a real folder.
import { contentTypeOf } from '../node/content-types.js';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ProtocolLike, SchemePrivilegesLike } from './electron-like.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'adc';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The one page the windows load, and the only frame allowed to call the host API. */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

/**
 * `standard` gives the scheme a real origin (relative URLs, storage), `secure` makes the page a secure context, and
 * `supportFetchAPI` lets the page's module scripts load. Everything that would widen what other origins or the page
 * can do stays off: no CSP bypass, no CORS (so nothing cross-origin can read these files), no service workers.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
  bypassCSP: false,
  corsEnabled: false,
  allowServiceWorkers: false,
  stream: false,
} as const satisfies SchemePrivilegesLike;

/** Must run before the app is ready: Chromium fixes its scheme table at start-up. */
export function registerAppScheme(protocol: Pick<ProtocolLike, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}


const MAX_URL_PATH_CHARS = 2048;

/**
 * The file under `rootDir` an app:// URL names, or null when it names nothing there: another host or scheme, a
 * path that does not decode, or a segment that could climb out (`..`, `.`, an encoded slash or backslash, NUL).
 * The URL parser already folds `..` away; the segments are checked again after decoding, and the result must still
 * lie inside the root, so neither an encoding the parser missed nor a platform's separator can step outside.
 */
export function fileForAppUrl(url: string, rootDir: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host.toLowerCase() !== APP_HOST || u.username || u.password) return null;
  if (u.pathname.length > MAX_URL_PATH_CHARS) return null;
  const segments: string[] = [];
  for (const raw of u.pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[\\/\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0) segments.push('index.html');
  const root = path.resolve(rootDir);
  const file = path.resolve(root, ...segments);
  const rel = path.relative(root, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return file;
}

export interface AppResponder {
  (request: Request): Promise<Response>;
}

/**
 * The handler behind `protocol.handle('app', …)`: GET and HEAD of files inside `rootDir`, 404 for anything else
 * there is no file for, 405 for other methods. Every response, errors included, carries the CSP and nosniff.
 */
export function createAppResponder(rootDir: string, csp: string, readFile: (file: string) => Promise<Uint8Array> = (f) => fs.readFile(f)): AppResponder {
  const headers = (contentType: string): Headers =>
    new Headers({
      'Content-Type': contentType,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  const plain = (status: number, text: string, extra: Record<string, string> = {}): Response => {
    const h = headers('text/plain; charset=utf-8');
    for (const [k, v] of Object.entries(extra)) h.set(k, v);
    return new Response(text, { status, headers: h });
  };
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Only GET and HEAD are served here.', { Allow: 'GET, HEAD' });
    const file = fileForAppUrl(request.url, rootDir);
    if (file === null) return plain(404, 'Not found.');
    let body: Uint8Array;
    try {
      body = await readFile(file);
    } catch {
      // Missing, a folder, or unreadable: to the page they are all the same absent resource.
      return plain(404, 'Not found.');
    }
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: headers(contentTypeOf(file)) });
  };
}

/** After the app is ready: serve app:// from the built renderer. */
export function handleAppScheme(protocol: Pick<ProtocolLike, 'handle'>, rendererDir: string, csp: string): void {
  const respond = createAppResponder(rendererDir, csp);
  protocol.handle(APP_SCHEME, (request) => respond(request));
}

/** The app's page itself, whatever its query or fragment; never another path, host or scheme, never credentials. */
export function isAppPageUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const page = new URL(APP_PAGE_URL);
  return u.protocol === page.protocol && u.host.toLowerCase() === page.host && !u.username && !u.password && u.pathname === page.pathname;
}
