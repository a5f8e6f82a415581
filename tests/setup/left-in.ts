// Names what is left in a temp folder, for the checks that the tests remove everything they create.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What is in `dir`, as paths relative to it: files, and folders with what is in them, `depth` levels down. */
export function leftIn(dir: string, depth = 3): string[] {
  const out: string[] = [];
  const walk = (rel: string, level: number): void => {
    let names: string[];
    try {
      names = readdirSync(path.join(dir, rel)).sort();
    } catch {
      return; // removed while we looked
    }
    for (const name of names) {
      const child = rel ? path.join(rel, name) : name;
      let folder = false;
      try {
        folder = statSync(path.join(dir, child)).isDirectory();
      } catch {
        // a dangling link or a file removed while we looked: still worth naming
      }
      if (folder && level < depth) {
        const before = out.length;
        walk(child, level + 1);
        if (out.length === before) out.push(`${child}/`);
      } else out.push(folder ? `${child}/…` : child);
    }
  };
  walk('', 1);
  return out;
}
