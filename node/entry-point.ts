// Whether a module is the program Node was asked to run, rather than one imported by another (a test, the CLI):
// the web shell and the engine start their loops only then.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    // Through a symlink (npm's bin links) argv names the link; the module URL names the real file.
    return moduleUrl === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}
