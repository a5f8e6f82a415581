// Shared state for the semantic checks: the document, where each id lives, and the problem list.
import { walkForces, type ForceNode } from '../forces.js';
import type { AdcDocument, Feature, Formation, Leader, Objective, RuleSystem, Scenario, Side, Unit } from '../model.js';
import { SCENARIO_TYPE } from '../model.js';
import type { Problem } from '../problems.js';

interface IdEntryBase {
  /** Pointer to the object that carries the id. */
  path: string;
  /** For units, leaders and formations: the index of their side in a scenario. */
  side?: number;
}

/** What an id names; the kind says what the node is, so a check can read it without a cast. */
export type IdEntry = IdEntryBase &
  (
    | { kind: 'document'; node: AdcDocument }
    | { kind: 'side'; node: Side }
    | { kind: 'formation'; node: Formation }
    | { kind: 'leader'; node: Leader }
    | { kind: 'unit'; node: Unit }
    | { kind: 'feature'; node: Feature }
    | { kind: 'objective'; node: Objective }
  );

export type IdKind = IdEntry['kind'];

export interface UnitEntry {
  unit: Unit;
  path: string;
  parent: Formation;
  side: number;
}

export interface CheckContext {
  doc: AdcDocument;
  scenario?: Scenario;
  system?: RuleSystem;
  ids: Map<string, IdEntry>;
  units: UnitEntry[];
  forces: (ForceNode & { side: number })[];
  problems: Problem[];
  error(path: string, message: string, hint?: string): void;
  warn(path: string, message: string, hint?: string): void;
}

const arr = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);

/** Built per kind so that the entry's node has the type its kind says. */
function forceIdEntry(n: ForceNode, side: number): IdEntry {
  switch (n.kind) {
    case 'formation':
      return { kind: n.kind, path: n.path, node: n.node, side };
    case 'leader':
      return { kind: n.kind, path: n.path, node: n.node, side };
    case 'unit':
      return { kind: n.kind, path: n.path, node: n.node, side };
  }
}

export function buildContext(doc: AdcDocument): CheckContext {
  const problems: Problem[] = [];
  const add = (severity: Problem['severity']) => (path: string, message: string, hint?: string) => {
    problems.push(hint === undefined ? { severity, path, message } : { severity, path, message, hint });
  };
  const ctx: CheckContext = {
    doc,
    system: doc.ruleSystem,
    ids: new Map(),
    units: [],
    forces: [],
    problems,
    error: add('error'),
    warn: add('warning'),
  };
  if (doc.type === SCENARIO_TYPE) ctx.scenario = doc;

  const register = (id: unknown, entry: IdEntry) => {
    if (typeof id !== 'string') return;
    const first = ctx.ids.get(id);
    if (first) {
      ctx.error(
        `${entry.path}/id`,
        `The id "${id}" is used twice: by this ${entry.kind} and by the ${first.kind} at ${first.path || 'the top'}`,
        'Ids are shared by everything in a document; rename one of them.',
      );
      return;
    }
    ctx.ids.set(id, entry);
  };
  register(doc.id, { kind: 'document', path: '', node: doc });

  const addForces = (army: Formation | undefined, path: string, side: number) => {
    if (!army || typeof army !== 'object') return;
    for (const n of walkForces(army, path)) {
      ctx.forces.push({ ...n, side });
      register(n.node.id, forceIdEntry(n, side));
      if (n.kind === 'unit') ctx.units.push({ unit: n.node, path: n.path, parent: n.parent, side });
    }
  };

  if (doc.type === SCENARIO_TYPE) {
    const s = doc;
    arr<Side>(s.sides).forEach((side, i) => {
      if (!side || typeof side !== 'object') return;
      register(side.id, { kind: 'side', path: `/sides/${i}`, node: side });
      addForces(side.army, `/sides/${i}/army`, i);
    });
    arr<Feature>(s.terrain).forEach((f, i) => {
      if (f && typeof f === 'object') register(f.id, { kind: 'feature', path: `/terrain/${i}`, node: f });
    });
    arr(s.objectives).forEach((o, i) => {
      if (o && typeof o === 'object') register(o.id, { kind: 'objective', path: `/objectives/${i}`, node: o });
    });
  } else {
    addForces(doc.army, '/army', 0);
  }
  return ctx;
}

export const list = arr;
