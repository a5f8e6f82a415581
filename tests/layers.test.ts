// The dependency picture in docs/architecture.md, enforced. Every import of every source file in a layer (static,
// side-effect, re-export, dynamic, `import type`, `import x = require`, `require()`, `/// <reference>`) is found by the
// TypeScript compiler's own parser, not by a pattern, and must name a folder the layer may import or a package on the
// layer's list. Node built-ins are recognised by `builtinModules`, so no hand list can fall behind.
//
// TypeScript 7 has no in-process `preProcessFile`: its API (`@typescript/native/unstable/sync`) runs the compiler that
// `tsc -b` runs and hands back each SourceFile, which is walked here. The self-tests at the end feed it one small
// text per import form and check each is found, and check that every specifier the compiler itself records as an
// import of a real file was found by the walk: if an upgrade changes the API or the tree, this file fails rather than
// passing with nothing seen.
import { readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { SyntaxKind, type Node, type SourceFile } from '@typescript/native/unstable/ast';
import { API } from '@typescript/native/unstable/sync';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface LayerRule {
  /** Folders of this repository it may import from, by relative path. Type-only imports are held to the same list:
   *  a type is a dependency too, which is why the engine protocol's types live in `domain/` for the renderer. */
  folders: readonly string[];
  /** npm packages it may import (`@scope/*` allows a whole scope). */
  packages: readonly string[];
  /** Packages it may import types from only: erased from the output (`verbatimModuleSyntax`), nothing loaded. */
  typePackages?: readonly string[];
  /** Whether Node's built-in modules (`fs`, `node:fs`, …) may be imported. */
  builtins: boolean;
}

const CORE = ['domain', 'schemas'];
export const LAYERS: Record<string, LayerRule> = {
  // The validators are precompiled by ajv into plain code: the domain takes only ajv's ErrorObject shape.
  domain: { folders: [...CORE], packages: [], typePackages: ['ajv'], builtins: false },
  engine: { folders: ['engine', ...CORE], packages: [], builtins: false },
  // playwright-core drives the headless Chromium that prints the setup sheet to PDF (print-pdf.ts).
  node: { folders: ['node', 'engine', ...CORE], packages: ['playwright-core'], builtins: true },
  cli: { folders: ['cli', 'node', 'engine', ...CORE], packages: [], builtins: true },
  electron: { folders: ['electron', 'node', 'engine', ...CORE], packages: ['electron'], builtins: true },
  renderer: {
    folders: ['renderer', ...CORE],
    packages: ['react', 'react-dom', '@mui/*', '@emotion/*', 'konva', 'react-konva'],
    builtins: false,
  },
  tests: {
    folders: ['tests', 'cli', 'node', 'engine', 'domain', 'schemas', 'electron', 'renderer', 'scripts'],
    // @typescript/native (TypeScript 7, the compiler `tsc -b` runs): this file reads every source with it.
    packages: ['vitest', 'playwright-core', '@typescript/native'],
    builtins: true,
  },
};
/** What a `*.test.ts` beside its code may use on top of its layer's rule: the test runner, Node's built-ins and the
 *  fixtures in `tests/`. Test files are not compiled by `tsc -b`, so none of this reaches `dist/`. */
const TEST_EXTRA: LayerRule = { folders: ['tests'], packages: ['vitest'], builtins: true };

export type ImportForm =
  | 'import'
  | 'side-effect import'
  | 'export from'
  | 'dynamic import'
  | 'import type'
  | 'import()-type'
  | 'import = require'
  | 'require'
  | 'reference path'
  | 'reference types'
  | 'reference lib';

export interface FoundImport {
  /** The specifier as written; `undefined` for a dynamic import or require of something other than a literal. */
  spec: string | undefined;
  form: ImportForm;
  /** Erased at build: `import type`, `export type … from`, `import('…').T`, `/// <reference types|path>`. */
  typeOnly: boolean;
  line: number;
}

const builtins = new Set(builtinModules);
/** A Node built-in, with or without the `node:` prefix (`node:`-only ones such as `node:test` included). */
export function isBuiltin(spec: string): boolean {
  return spec.startsWith('node:') || builtins.has(spec);
}

/** The npm package a bare specifier names: `@mui/material/Button` → `@mui/material`, `react-dom/client` → `react-dom`. */
export function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function literalText(node: Node | undefined): string | undefined {
  if (node && (node.kind === SyntaxKind.StringLiteral || node.kind === SyntaxKind.NoSubstitutionTemplateLiteral)) {
    return (node as unknown as { text: string }).text;
  }
  return undefined;
}

/** Every import of a parsed file, in source order of discovery. */
export function importsIn(sf: SourceFile): FoundImport[] {
  const text = sf.text;
  const lineOf = (pos: number): number => {
    let line = 1;
    for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
    return line;
  };
  const out: FoundImport[] = [];
  const add = (spec: string | undefined, form: ImportForm, typeOnly: boolean, at: number | Node): void => {
    out.push({ spec, form, typeOnly, line: lineOf(typeof at === 'number' ? at : at.getStart(sf)) });
  };
  for (const ref of sf.referencedFiles) add(ref.fileName, 'reference path', true, ref.pos);
  for (const ref of sf.typeReferenceDirectives) add(ref.fileName, 'reference types', true, ref.pos);
  // `/// <reference lib="dom">` would bring a whole host's globals into a layer compiled without them.
  for (const ref of sf.libReferenceDirectives) add(`lib:${ref.fileName}`, 'reference lib', true, ref.pos);

  const visit = (node: Node): void => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case below reads its own kind's fields, after checking the kind
    const n = node as Node & Record<string, any>;
    switch (node.kind) {
      case SyntaxKind.ImportDeclaration: {
        const clause = n.importClause as (Node & { phaseModifier?: SyntaxKind }) | undefined;
        const typeOnly = clause?.phaseModifier === SyntaxKind.TypeKeyword;
        // `import { type A } from 'x'` is not type-only: verbatimModuleSyntax keeps it as `import {} from 'x'`.
        add(literalText(n.moduleSpecifier), !clause ? 'side-effect import' : typeOnly ? 'import type' : 'import', typeOnly, node);
        break;
      }
      case SyntaxKind.ExportDeclaration:
        if (n.moduleSpecifier) add(literalText(n.moduleSpecifier), 'export from', Boolean(n.isTypeOnly), node);
        break;
      case SyntaxKind.ImportEqualsDeclaration:
        if (n.moduleReference?.kind === SyntaxKind.ExternalModuleReference) {
          add(literalText(n.moduleReference.expression), 'import = require', Boolean(n.isTypeOnly), node);
        }
        break;
      case SyntaxKind.ImportType:
        add(literalText(n.argument?.literal), 'import()-type', true, node);
        break;
      case SyntaxKind.CallExpression: {
        const callee = n.expression as Node & { text?: string };
        if (callee.kind === SyntaxKind.ImportKeyword) add(literalText(n.arguments[0]), 'dynamic import', false, node);
        else if (callee.kind === SyntaxKind.Identifier && callee.text === 'require' && n.arguments.length === 1) {
          add(literalText(n.arguments[0]), 'require', false, node);
        }
        break;
      }
    }
    node.forEachChild(visit);
  };
  visit(sf);
  return out;
}

/**
 * Parses files (absolute paths) with the compiler. `virtual` supplies texts by path; any other file is read from
 * disk. Nothing is resolved or type-checked: only each file's own syntax is read.
 */
export function parseFiles(files: readonly string[], virtual: Record<string, string> = {}): Map<string, { found: FoundImport[]; compilerImports: string[] }> {
  const config = path.join(root, '.layers-scan.tsconfig.json');
  const options = { noLib: true, noResolve: true, types: [], allowJs: true, jsx: 'preserve', module: 'nodenext', noEmit: true };
  const texts: Record<string, string> = { ...virtual, [config]: JSON.stringify({ compilerOptions: options, files }) };
  const api = new API({
    cwd: root,
    fs: {
      readFile: (f) => texts[f],
      fileExists: (f) => (f in texts ? true : undefined),
    },
  });
  try {
    const project = api.updateSnapshot({ openProject: config }).getProject(config);
    if (!project) throw new Error('the compiler opened no project for the scan');
    const result = new Map<string, { found: FoundImport[]; compilerImports: string[] }>();
    for (const file of files) {
      const sf = project.program.getSourceFile(file);
      if (!sf) throw new Error(`the compiler did not parse ${path.relative(root, file)}`);
      const compilerImports = sf.imports.map((node) => literalText(node)).filter((s): s is string => s !== undefined);
      result.set(file, { found: importsIn(sf), compilerImports });
    }
    return result;
  } finally {
    api.close();
  }
}

/** Why an import breaks the layer's rule, or `undefined` when it is allowed. `file` is relative to the root. */
export function violation(layer: string, file: string, imp: FoundImport): string | undefined {
  const rule = LAYERS[layer];
  if (!rule) return `${file}: no rule for layer ${layer}`;
  const isTest = /\.test\.tsx?$/.test(file);
  const folders = isTest ? [...new Set([...rule.folders, ...TEST_EXTRA.folders])] : rule.folders;
  const packages = isTest ? [...new Set([...rule.packages, ...TEST_EXTRA.packages])] : rule.packages;
  const mayUseBuiltins = rule.builtins || isTest;
  const where = `${file}:${imp.line}: ${imp.form} '${imp.spec ?? '<computed>'}' in ${layer}/`;
  const { spec } = imp;
  if (spec === undefined) {
    return layer === 'tests' ? undefined : `${where}: a specifier that is not a string literal cannot be checked`;
  }
  if (spec.startsWith('.')) {
    const target = path.relative(root, path.resolve(root, path.dirname(file), spec)).split(path.sep)[0]!;
    if (folders.includes(target)) return undefined;
    return `${where}: reaches ${target}/, but ${layer}/ may import only ${folders.map((f) => `${f}/`).join(', ')}`;
  }
  if (isBuiltin(spec)) {
    return mayUseBuiltins ? undefined : `${where}: a Node built-in, which ${layer}/ may not use`;
  }
  const pkg = packageOf(spec);
  const listed = (list: readonly string[]) => list.some((p) => p === pkg || (p.endsWith('/*') && pkg.startsWith(p.slice(0, -1))));
  if (listed(packages)) return undefined;
  if (imp.typeOnly && listed(rule.typePackages ?? [])) return undefined;
  const allowed = [...packages, ...(rule.typePackages ?? []).map((p) => `${p} (types only)`)];
  return `${where}: package ${pkg} is not on ${layer}/'s list (${allowed.join(', ') || 'none'})`;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.([cm]?[jt]s|[jt]sx)$/.test(name)) out.push(full);
  }
  return out;
}

describe('layering', () => {
  const files = Object.keys(LAYERS).flatMap((layer) => sources(path.join(root, layer)).map((full) => ({ layer, full })));
  let parsed: ReturnType<typeof parseFiles>;
  beforeAll(() => {
    parsed = parseFiles(files.map((f) => f.full));
  });

  for (const [layer, rule] of Object.entries(LAYERS)) {
    const packages = [...rule.packages, ...(rule.typePackages ?? []).map((p) => `${p} (types)`)];
    it(`${layer}/ imports only ${rule.folders.join(', ')}${rule.builtins ? ', Node built-ins' : ''}${packages.length ? `, ${packages.join(', ')}` : ''}`, () => {
      const bad: string[] = [];
      for (const { full } of files.filter((f) => f.layer === layer)) {
        const rel = path.relative(root, full).split(path.sep).join('/');
        for (const imp of parsed.get(full)!.found) {
          const why = violation(layer, rel, imp);
          if (why) bad.push(why);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('finds every import the compiler itself records, in every file it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    const missed: string[] = [];
    let total = 0;
    for (const { full } of files) {
      const { found, compilerImports } = parsed.get(full)!;
      const specs = new Set(found.map((f) => f.spec));
      total += compilerImports.length;
      for (const spec of compilerImports) if (!specs.has(spec)) missed.push(`${path.relative(root, full)} → ${spec}`);
    }
    expect(missed).toEqual([]);
    expect(total).toBeGreaterThan(500);
    expect(parsed.get(path.join(root, 'domain/validate.ts'))!.found.map((f) => f.spec)).toContain('./schema-check.js');
  });
});

describe('the import scan itself', () => {
  const dir = path.join(root, '.layers-self-test');
  const sample = `#!/usr/bin/env node
/// <reference types="node" />
/// <reference path="./ambient.d.ts" />
/// <reference lib="dom" />
import def from './static-default.js';
import { named, type OnlyType } from './static-named.js';
import * as ns from './namespace.js';
import './side-effect.js';
import type { T } from './type-only.js';
import type * as TNs from './type-namespace.js';
export * from './star.js';
export * as star from './star-as.js';
export { x } from './named-export.js';
export type { Y } from './type-export.js';
import legacy = require('./import-equals.js');
type Lazy = typeof import('./import-type.js');
type Member = import('./import-type-member.js').Thing;
const later = async () => await import('./dynamic.js');
const later2 = () => import(\`./dynamic-template.js\`);
const computed = (name: string) => import(name);
const cjs = require('./required.js');
// import './in-a-comment.js';
/* export * from './in-a-block-comment.js'; */
const s = "import './in-a-string.js'";
const t = \`import './in-a-template.js'\`;
function f() { if (true) { return import('./nested-dynamic.js'); } }
`;
  let found: FoundImport[];
  let compilerImports: string[];
  let tsx: FoundImport[];
  beforeAll(() => {
    const file = path.join(dir, 'sample.ts');
    const jsxFile = path.join(dir, 'view.tsx');
    const result = parseFiles([file, jsxFile], {
      [file]: sample,
      [jsxFile]: `import { useState } from 'react';\nexport const V = () => <div>{"import './no.js'"}</div>;\nimport('@mui/material/Button');\n`,
    });
    ({ found, compilerImports } = result.get(file)!);
    tsx = result.get(jsxFile)!.found;
  });

  const expected: [string | undefined, ImportForm, boolean][] = [
    ['node', 'reference types', true],
    ['./ambient.d.ts', 'reference path', true],
    ['lib:dom', 'reference lib', true],
    ['./static-default.js', 'import', false],
    ['./static-named.js', 'import', false],
    ['./namespace.js', 'import', false],
    ['./side-effect.js', 'side-effect import', false],
    ['./type-only.js', 'import type', true],
    ['./type-namespace.js', 'import type', true],
    ['./star.js', 'export from', false],
    ['./star-as.js', 'export from', false],
    ['./named-export.js', 'export from', false],
    ['./type-export.js', 'export from', true],
    ['./import-equals.js', 'import = require', false],
    ['./import-type.js', 'import()-type', true],
    ['./import-type-member.js', 'import()-type', true],
    ['./dynamic.js', 'dynamic import', false],
    ['./dynamic-template.js', 'dynamic import', false],
    [undefined, 'dynamic import', false],
    ['./required.js', 'require', false],
    ['./nested-dynamic.js', 'dynamic import', false],
  ];
  for (const [spec, form, typeOnly] of expected) {
    it(`finds ${form} ${spec ?? '(computed)'}${typeOnly ? ' as type-only' : ''}`, () => {
      expect(found).toContainEqual(expect.objectContaining({ spec, form, typeOnly }));
    });
  }

  it('finds nothing else: not in comments, strings or templates', () => {
    expect(found.map((f) => f.spec).sort()).toEqual(expected.map(([s]) => s).sort());
    expect(found.find((f) => f.spec === './side-effect.js')!.line).toBe(8);
    expect(found.find((f) => f.spec === 'node')!.line).toBe(2);
    expect(found.find((f) => f.spec === './nested-dynamic.js')!.line).toBe(26);
  });

  it('finds what the compiler records as imports', () => {
    const specs = new Set(found.map((f) => f.spec));
    expect(compilerImports.length).toBeGreaterThan(10);
    for (const spec of compilerImports) expect(specs).toContain(spec);
  });

  it('reads .tsx', () => {
    expect(tsx.map((f) => [f.spec, f.form])).toEqual([
      ['react', 'import'],
      ['@mui/material/Button', 'dynamic import'],
    ]);
  });

  it('knows the Node built-ins with and without node:, and the package a specifier names', () => {
    for (const spec of ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'worker_threads', 'node:worker_threads', 'crypto', 'node:test']) {
      expect(isBuiltin(spec), spec).toBe(true);
    }
    for (const spec of ['react', 'electron', 'ajv', '@mui/material', 'fsevents']) expect(isBuiltin(spec), spec).toBe(false);
    expect(packageOf('@mui/material/Button')).toBe('@mui/material');
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('ajv')).toBe('ajv');
  });

  const imp = (spec: string | undefined, form: ImportForm = 'import', typeOnly = false): FoundImport => ({ spec, form, typeOnly, line: 1 });
  it('refuses what each layer may not import, naming file, import and layer', () => {
    expect(violation('domain', 'domain/x.ts', imp('../node/x.js', 'side-effect import'))).toBe(
      "domain/x.ts:1: side-effect import '../node/x.js' in domain/: reaches node/, but domain/ may import only domain/, schemas/",
    );
    expect(violation('domain', 'domain/a/b.ts', imp('../../engine/x.js', 'import type', true))).toMatch(/reaches engine\//);
    expect(violation('renderer', 'renderer/ui/a.tsx', imp('../../engine/protocol.js', 'import type', true))).toMatch(/reaches engine\//);
    expect(violation('engine', 'engine/x.ts', imp('worker_threads'))).toMatch(/Node built-in, which engine\/ may not use/);
    expect(violation('engine', 'engine/x.ts', imp('node:crypto'))).toMatch(/Node built-in/);
    expect(violation('engine', 'engine/x.ts', imp('react'))).toMatch(/package react is not on engine\/'s list \(none\)/);
    expect(violation('engine', 'engine/x.ts', imp('node', 'reference types', true))).toMatch(/package node is not on/);
    expect(violation('domain', 'domain/x.ts', imp('lib:dom', 'reference lib', true))).toMatch(/package lib:dom is not on/);
    expect(violation('domain', 'domain/x.ts', imp('ajv'))).toMatch(/package ajv is not on domain\/'s list \(ajv \(types only\)\)/);
    expect(violation('domain', 'domain/x.ts', imp(undefined, 'dynamic import'))).toMatch(/not a string literal/);
    expect(violation('renderer', 'renderer/x.tsx', imp('fs'))).toMatch(/Node built-in/);
    expect(violation('renderer', 'renderer/x.tsx', imp('electron'))).toMatch(/package electron/);
    expect(violation('cli', 'cli/x.ts', imp('playwright-core'))).toMatch(/package playwright-core/);
    expect(violation('node', 'node/x.ts', imp('electron'))).toMatch(/package electron/);
    expect(violation('engine', 'engine/x.test.ts', imp('../node/x.js'))).toMatch(/reaches node\//);
    expect(violation('domain', 'domain/x.ts', imp('../package.json'))).toMatch(/reaches package.json\//);
  });

  it('fails files that cross, from the text to the message (files given in memory, nothing written)', () => {
    const probes: Record<string, string> = {
      'domain/__probe__.ts': "import '../node/document-store.js';\nexport type { X } from '../engine/protocol.js';\n",
      'engine/__probe__.ts': "import { Worker } from 'worker_threads';\nimport { randomInt } from 'crypto';\nimport { useState } from 'react';\n",
      'renderer/__probe__.tsx': "/// <reference types=\"node\" />\nconst m = await import('node:fs');\nexport const A = () => <b />;\n",
    };
    const virtual = Object.fromEntries(Object.entries(probes).map(([rel, text]) => [path.join(root, rel), text]));
    const result = parseFiles(Object.keys(virtual), virtual);
    const bad = Object.keys(probes).flatMap((rel) =>
      result.get(path.join(root, rel))!.found.map((f) => violation(rel.split('/')[0]!, rel, f)),
    );
    expect(bad).toEqual([
      "domain/__probe__.ts:1: side-effect import '../node/document-store.js' in domain/: reaches node/, but domain/ may import only domain/, schemas/",
      "domain/__probe__.ts:2: export from '../engine/protocol.js' in domain/: reaches engine/, but domain/ may import only domain/, schemas/",
      "engine/__probe__.ts:1: import 'worker_threads' in engine/: a Node built-in, which engine/ may not use",
      "engine/__probe__.ts:2: import 'crypto' in engine/: a Node built-in, which engine/ may not use",
      "engine/__probe__.ts:3: import 'react' in engine/: package react is not on engine/'s list (none)",
      "renderer/__probe__.tsx:1: reference types 'node' in renderer/: package node is not on renderer/'s list (react, react-dom, @mui/*, @emotion/*, konva, react-konva)",
      "renderer/__probe__.tsx:2: dynamic import 'node:fs' in renderer/: a Node built-in, which renderer/ may not use",
    ]);
  });

  it('lets each layer import what its rule allows', () => {
    expect(violation('domain', 'domain/x.ts', imp('ajv', 'import type', true))).toBeUndefined();
    expect(violation('domain', 'domain/x.ts', imp('../schemas/scenario.schema.json'))).toBeUndefined();
    expect(violation('renderer', 'renderer/x.tsx', imp('@mui/material/Button'))).toBeUndefined();
    expect(violation('renderer', 'renderer/x.tsx', imp('@emotion/react'))).toBeUndefined();
    expect(violation('electron', 'electron/x.ts', imp('electron'))).toBeUndefined();
    expect(violation('electron', 'electron/x.ts', imp('node:fs'))).toBeUndefined();
    expect(violation('node', 'node/x.ts', imp('worker_threads'))).toBeUndefined();
    expect(violation('engine', 'engine/x.test.ts', imp('vitest'))).toBeUndefined();
    expect(violation('engine', 'engine/x.test.ts', imp('node:fs'))).toBeUndefined();
    expect(violation('engine', 'engine/x.test.ts', imp('../tests/fixtures.js'))).toBeUndefined();
    expect(violation('tests', 'tests/x.ts', imp(undefined, 'dynamic import'))).toBeUndefined();
  });
});
