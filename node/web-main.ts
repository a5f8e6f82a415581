// `npm run web [-- --port N] [--workspace DIR] [--no-open] [FILE]`: the whole studio in a browser, served from this
// machine only. For machines where Electron cannot be installed, and for end-to-end tests in a plain Chromium.
import { spawn } from 'node:child_process';
import { existsSync, promises as fs, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { APP_VERSION } from './app-info.js';
import { isEntryPoint } from './entry-point.js';
import { resolveDataDir, ensurePrivateDir } from './data-dir.js';
import { createDocumentStore } from './document-store.js';
import { repoRoot } from './repo-root.js';
import { startWebServer, type RunningWebServer } from './web-server.js';

export const USAGE = 'usage: npm run web -- [--port N] [--workspace DIR] [--no-open] [FILE]';

export interface WebMainIo {
  out(line: string): void;
  err(line: string): void;
  /** Runs the command that opens the browser (detached); replaced in tests to see its argv. */
  runBrowser(command: string, args: string[]): void;
  /** Where the launch file's private folder is made; the system's temp folder by default. */
  launchDir?: string;
  /** Resolves when the server should stop; defaults to SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
  /** Called once the server listens, so a test can talk to it. */
  onListening?(server: RunningWebServer): void;
  /** The built renderer; tests point it at a stand-in. */
  staticDir?: string;
}

class UsageError extends Error {}

export { repoRoot };

/** The command that opens `target` in the user's browser, as the platform does it. */
export function browserCommand(target: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]];
  // start's first quoted argument is the window title, so an empty one keeps the target from being taken for it.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', target]];
  return ['xdg-open', [target]];
}

function runDetached(command: string, args: string[]): void {
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsHide: true });
    // No browser to open is fine: the address is printed.
    child.on('error', () => undefined);
    child.unref();
  } catch {
    /* as above */
  }
}

export interface LaunchFile {
  /** The file: address the browser is given: it names no secret, only a file only this user can read. */
  url: string;
  path: string;
  remove(): Promise<void>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A page that sends the browser on to the tokened address. The token must not go on the browser's command line,
 * where any local user can read it (ps, /proc); a file readable by this user alone carries it instead.
 */
export async function writeLaunchFile(address: string, parent = tmpdir()): Promise<LaunchFile> {
  const dir = await fs.mkdtemp(path.join(parent, 'adc-launch-'));
  // mkdtemp already makes it 0700; said again so a permissive umask or platform cannot widen it.
  await fs.chmod(dir, 0o700);
  const file = path.join(dir, 'open-aide-de-camp.html');
  const href = escapeHtml(address);
  const html =
    `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
    `<meta http-equiv="refresh" content="0;url=${href}"><title>Aide-de-Camp</title>` +
    `<p>Opening <a href="${href}">Aide-de-Camp</a>…</p>\n`;
  await fs.writeFile(file, html, { mode: 0o600, flag: 'wx' });
  return {
    url: pathToFileURL(file).href,
    path: file,
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isDirectory();
  } catch {
    return false;
  }
}

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export async function main(argv: string[], io: Partial<WebMainIo> = {}): Promise<number> {
  const out = io.out ?? ((line: string) => process.stdout.write(line + '\n'));
  const err = io.err ?? ((line: string) => process.stderr.write(line + '\n'));
  try {
    const { values, positionals } = (() => {
      try {
        return parseArgs({
          args: argv,
          allowPositionals: true,
          options: {
            port: { type: 'string' },
            workspace: { type: 'string' },
            'no-open': { type: 'boolean', default: false },
            help: { type: 'boolean', short: 'h', default: false },
          },
        });
      } catch (e) {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      }
    })();
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError('give at most one FILE');
    let port = 0;
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}"`);
    }

    // npm runs scripts from the package folder; INIT_CWD is where the user typed the command.
    const base = process.env.INIT_CWD ?? process.cwd();
    let workspace = path.resolve(base, values.workspace ?? '.');
    if (!(await isDirectory(workspace))) throw new UsageError(`the workspace ${workspace} is not a folder`);
    let initialDocument: string | null = null;
    const file = positionals[0];
    if (file !== undefined) {
      const full = path.resolve(base, file);
      let st;
      try {
        st = await fs.stat(full);
      } catch {
        throw new UsageError(`${full} does not exist`);
      }
      if (!st.isFile()) throw new UsageError(`${full} is not a file`);
      if (!/\.json$/i.test(full)) throw new UsageError(`${full} is not a document (a .scenario.json or .army.json file)`);
      // Compared through realpath so a workspace reached by a symlink still contains its own files.
      const realWorkspace = realpathSync(workspace);
      const realFile = realpathSync(full);
      if (isInside(realWorkspace, realFile)) {
        initialDocument = path.relative(realWorkspace, realFile).split(path.sep).join('/');
      } else {
        workspace = path.dirname(full);
        initialDocument = path.basename(full);
      }
    }

    const root = repoRoot();
    const staticDir = io.staticDir ?? path.join(root, 'dist', 'renderer');
    if (!existsSync(path.join(staticDir, 'index.html'))) {
      err(`The user interface has not been built (${path.join(staticDir, 'index.html')} is missing); run \`npm run build\` first.`);
      return 1;
    }
    const dataDir = resolveDataDir();
    // Private from the start (the store tightens a looser one too): backups hold the user's unsaved work.
    await ensurePrivateDir(dataDir);
    const store = createDocumentStore({
      mode: 'web',
      workspaceDir: workspace,
      samplesDir: path.join(root, 'scenarios'),
      dataDir,
    });
    const server = await startWebServer({ port, store, staticDir, initialDocument, version: APP_VERSION });
    const stopped = io.stopped ?? waitForSignal();
    out(`Aide-de-Camp is running at ${server.url}`);
    out(`Workspace: ${workspace}`);
    let launch: LaunchFile | null = null;
    try {
      if (!values['no-open']) {
        try {
          launch = await writeLaunchFile(server.url, io.launchDir);
        } catch (e) {
          err(`aide-de-camp web: the browser was not opened (${e instanceof Error ? e.message : String(e)}); open the address above.`);
        }
        if (launch) (io.runBrowser ?? runDetached)(...browserCommand(launch.url));
      }
      io.onListening?.(server);
      await stopped;
    } finally {
      await launch?.remove();
      await server.close();
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`aide-de-camp web: ${e.message}`);
      err(USAGE);
      return 2;
    }
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      err('aide-de-camp web: that port is already in use; choose another with --port, or 0 for any free port.');
      return 1;
    }
    err(`aide-de-camp web: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

const invokedDirectly = isEntryPoint(import.meta.url);

if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
