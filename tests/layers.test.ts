// The dependency picture in docs/architecture.md, enforced: each folder may import only the folders listed here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const ALLOWED: Record<string, string[]> = {
  domain: ['domain', 'schemas'],
  engine: ['engine', 'domain', 'schemas'],
  node: ['node', 'engine', 'domain', 'schemas'],
  cli: ['cli', 'node', 'engine', 'domain', 'schemas'],
  electron: ['electron', 'node', 'engine', 'domain', 'schemas'],
  renderer: ['renderer', 'domain', 'schemas'],
  tests: ['tests', 'cli', 'node', 'engine', 'domain', 'schemas', 'electron', 'renderer', 'scripts'],
};
/** Packages that only the host side may use: the renderer and the domain must stay portable. */
const NODE_ONLY = /^(node:|electron$|fs$|path$|child_process$|os$)/;

function sources(dir: string): string[] {
  const out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
}

describe('layering', () => {
  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    it(`${layer}/ imports only ${allowed.join(', ')}`, () => {
      const bad: string[] = [];
      for (const file of sources(path.join(root, layer))) {
        const isTest = file.endsWith('.test.ts');
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.')) {
            const target = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
            // Tests beside their code may reach for fixtures in tests/.
            if (!allowed.includes(target) && !(isTest && target === 'tests')) bad.push(`${path.relative(root, file)} → ${spec}`);
          } else if ((layer === 'domain' || layer === 'renderer' || layer === 'engine') && !isTest && NODE_ONLY.test(spec)) {
            bad.push(`${path.relative(root, file)} → ${spec}`);
          }
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('sees the imports it checks (the scan itself works)', () => {
    const specs = importsOf(path.join(root, 'domain/validate.ts'));
    expect(specs).toContain('./schema-check.js');
    expect(specs.length).toBeGreaterThan(3);
  });
});
