// Where the project's own files are when running from a checkout (not inside a packaged app).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: compiled code runs from dist/node/, tests and sources from node/. */
export function repoRoot(): string {
  for (const rel of ['..', '../..']) {
    const dir = fileURLToPath(new URL(rel, new URL('.', import.meta.url)));
    const manifest = path.join(dir, 'package.json');
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'aide-de-camp') return path.resolve(dir);
    } catch {
      /* not here */
    }
  }
  throw new Error('Cannot find the Aide-de-Camp folder (package.json) above ' + fileURLToPath(import.meta.url));
}
