// The orders of battle of a document as one tree (one root per side, or the list's army), and the structural
// edits on it: add, duplicate, delete and move. Edits work on ids rather than pointers, because pointers shift as
// soon as anything before them moves; each returns the new document, and `diffChanges` makes it a command.
import { unitsOf, walkForces } from '../../domain/forces.js';
import type { AdcDocument, Arm, Echelon, Formation, Leader, RuleSystem, Unit } from '../../domain/model.js';
import { ARMS, ECHELONS, isArm, isScenario } from '../../domain/model.js';

export interface ForceRoot {
  pointer: string;
  label: string;
  /** Index of the side in a scenario; undefined for an army list. */
  side?: number;
  color?: string;
}

interface EntryBase {
  id: string;
  pointer: string;
  depth: number;
  root: number;
}

export interface FormationEntry extends EntryBase {
  kind: 'formation';
  node: Formation;
  /** The formation that holds it; undefined for a root. */
  parentId?: string;
  parentPointer?: string;
}

/** Leaders and units always sit in a formation, so only a formation can be a root. */
export interface LeaderEntry extends EntryBase {
  kind: 'leader';
  node: Leader;
  parentId: string;
  parentPointer: string;
}

export interface UnitEntry extends EntryBase {
  kind: 'unit';
  node: Unit;
  parentId: string;
  parentPointer: string;
}

export type ForceEntry = FormationEntry | LeaderEntry | UnitEntry;
export type NodeKind = ForceEntry['kind'];

export interface ForceIndex {
  roots: ForceRoot[];
  /** Every formation, leader and unit in tree order. */
  entries: ForceEntry[];
  byId: Map<string, ForceEntry>;
  byPointer: Map<string, ForceEntry>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Each root with the army it stands for, taken from the document where the root is found. */
function rootArmies(doc: AdcDocument): { root: ForceRoot; army: Formation }[] {
  if (!isScenario(doc)) return isObject(doc.army) ? [{ root: { pointer: '/army', label: doc.name || 'Army' }, army: doc.army }] : [];
  const sides = Array.isArray(doc.sides) ? doc.sides : [];
  return sides.flatMap((side, i) =>
    isObject(side) && isObject(side.army)
      ? [{ root: { pointer: `/sides/${i}/army`, label: side.name || side.id || `Side ${i + 1}`, side: i, ...(side.color ? { color: side.color } : {}) }, army: side.army }]
      : [],
  );
}

export function forceRoots(doc: AdcDocument): ForceRoot[] {
  return rootArmies(doc).map((r) => r.root);
}

/** A formation's entries (itself, its leader, its units, then its formations'), as indexed at one place. */
interface Subtree {
  pointer: string;
  root: number;
  depth: number;
  parentId: string | undefined;
  /** What the formation held when indexed: a draft changed in place after all is indexed again, not misread. */
  leader: unknown;
  units: unknown;
  unitCount: number;
  formations: unknown;
  formationCount: number;
  entries: ForceEntry[];
}

/**
 * Each formation's entries from the last index that met it. Documents are never changed in place (an edit copies
 * the path to what it changed), so a formation object met again at the same place has the same entries: an edit
 * of one unit indexes its formation and the formations above it again, and takes every other formation's entries
 * as they were (a 2,000-unit list was indexed whole on every edit, about 6 ms). Drafts, which are changed in place,
 * are indexed without it.
 */
const subtrees = new WeakMap<Formation, Subtree>();

function indexFormation(f: Formation, pointer: string, root: number, depth: number, parent: Formation | undefined, out: ForceEntry[], remember: boolean): void {
  const parentId = parent ? String(parent.id) : undefined;
  const kept = remember ? subtrees.get(f) : undefined;
  if (
    kept &&
    kept.pointer === pointer &&
    kept.root === root &&
    kept.depth === depth &&
    kept.parentId === parentId &&
    kept.leader === f.leader &&
    kept.units === f.units &&
    kept.unitCount === (Array.isArray(f.units) ? f.units.length : 0) &&
    kept.formations === f.formations &&
    kept.formationCount === (Array.isArray(f.formations) ? f.formations.length : 0)
  ) {
    for (const e of kept.entries) out.push(e);
    return;
  }
  const start = out.length;
  const id = String(f.id);
  out.push(
    parentId !== undefined
      ? { kind: 'formation', id, pointer, node: f, depth, root, parentId, parentPointer: pointer.replace(/\/formations\/\d+$/, '') }
      : { kind: 'formation', id, pointer, node: f, depth, root },
  );
  if (f.leader && typeof f.leader === 'object') {
    out.push({ kind: 'leader', id: String(f.leader.id), pointer: `${pointer}/leader`, node: f.leader, depth: depth + 1, root, parentId: id, parentPointer: pointer });
  }
  const units = Array.isArray(f.units) ? f.units : [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i];
    if (unit && typeof unit === 'object') out.push({ kind: 'unit', id: String(unit.id), pointer: `${pointer}/units/${i}`, node: unit, depth: depth + 1, root, parentId: id, parentPointer: pointer });
  }
  const children = Array.isArray(f.formations) ? f.formations : [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child && typeof child === 'object') indexFormation(child, `${pointer}/formations/${i}`, root, depth + 1, f, out, remember);
  }
  if (remember) {
    subtrees.set(f, { pointer, root, depth, parentId, leader: f.leader, units: f.units, unitCount: units.length, formations: f.formations, formationCount: children.length, entries: out.slice(start) });
  }
}

/**
 * Every formation, leader and unit of the document in tree order (as `walkForces` walks them), with look-ups.
 * `remember` false for a document that will be changed in place (a draft): its formations' entries are not kept.
 */
export function indexForces(doc: AdcDocument, remember = true): ForceIndex {
  const armies = rootArmies(doc);
  const entries: ForceEntry[] = [];
  armies.forEach(({ root, army }, r) => indexFormation(army, root.pointer, r, 0, undefined, entries, remember));
  const byId = new Map<string, ForceEntry>();
  const byPointer = new Map<string, ForceEntry>();
  for (const entry of entries) {
    if (!byId.has(entry.id)) byId.set(entry.id, entry);
    byPointer.set(entry.pointer, entry);
  }
  return { roots: armies.map((a) => a.root), entries, byId, byPointer };
}

const indexes = new WeakMap<AdcDocument, ForceIndex>();

/**
 * `indexForces` remembered per document object, for the editor's documents, which are never changed in place: the
 * view and its commands ask for the same document's index several times per edit. Never give it a draft.
 */
export function forceIndexOf(doc: AdcDocument): ForceIndex {
  let index = indexes.get(doc);
  if (!index) indexes.set(doc, (index = indexForces(doc)));
  return index;
}

/** True when `pointer` is `ancestor` or lies inside it. */
export const within = (pointer: string, ancestor: string): boolean => pointer === ancestor || pointer.startsWith(`${ancestor}/`);

// ---- Ids -------------------------------------------------------------------

/** Every id in the document: one namespace for sides, forces, terrain and objectives (file-format.md). */
export function collectIds(doc: AdcDocument): Set<string> {
  const ids = new Set<string>();
  const add = (v: unknown) => {
    if (isObject(v) && typeof v.id === 'string') ids.add(v.id);
  };
  add(doc);
  const armies: Formation[] = [];
  if (isScenario(doc)) {
    for (const side of Array.isArray(doc.sides) ? doc.sides : []) {
      add(side);
      if (isObject(side)) armies.push(side.army);
    }
    for (const f of Array.isArray(doc.terrain) ? doc.terrain : []) add(f);
    for (const o of Array.isArray(doc.objectives) ? doc.objectives : []) add(o);
  } else armies.push(doc.army);
  // A draft's army may be missing or not an object whatever its type says, hence the check.
  for (const army of armies) if (isObject(army)) for (const n of walkForces(army, '')) add(n.node);
  return ids;
}

/** A readable id from a name: "1/15e Léger" → "1-15e-leger". */
export function slug(text: string, fallback = 'unit'): string {
  const s = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return s || fallback;
}

/** `base` if free, else `base-2`, `base-3`, …; the id is added to `taken`. */
export function uniqueId(base: string, taken: Set<string>): string {
  const clean = base.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 56) || 'id';
  let id = clean;
  if (taken.has(id)) {
    const stem = clean.replace(/-\d+$/, '');
    for (let n = 2; taken.has((id = `${stem}-${n}`)); n++);
  }
  taken.add(id);
  return id;
}

/**
 * Gives every formation, leader and unit in `army` an id not in `taken`, keeping ids that are free. Mutates `army`
 * (a copy the caller owns) and returns the renames.
 */
export function reidForces(army: Formation, taken: Set<string>): [string, string][] {
  const renamed: [string, string][] = [];
  for (const n of walkForces(army, '')) {
    const old = String(n.node.id ?? '');
    const id = old && !taken.has(old) && /^[A-Za-z0-9_.-]{1,64}$/.test(old) ? (taken.add(old), old) : uniqueId(old || n.kind, taken);
    if (id !== old) {
      renamed.push([old, id]);
      n.node.id = id;
    }
  }
  return renamed;
}

// ---- New nodes -------------------------------------------------------------

export function childEchelon(echelon: unknown): Echelon {
  const i = ECHELONS.findIndex((e) => e === echelon);
  return i < 0 ? 'brigade' : ECHELONS[Math.min(i + 1, ECHELONS.length - 1)]!;
}

export const DEFAULT_TYPE: Record<Arm, string> = { infantry: 'line', cavalry: 'light', artillery: 'foot', train: 'baggage' };

export function newUnit(id: string, name: string, system: RuleSystem | undefined, like?: Partial<Unit>): Unit {
  // `like` comes from a draft, whose arm may be anything whatever its type says.
  const likeArm = like?.arm;
  const arm: Arm = isArm(likeArm) ? likeArm : 'infantry';
  const types: readonly string[] = ARMS[arm];
  const type = like?.type && types.includes(like.type) ? like.type : DEFAULT_TYPE[arm];
  return { id, name, arm, type, ...(system ? { ratings: { [system]: {} } } : {}) };
}

// ---- Structural edits ------------------------------------------------------

export type EditResult = { ok: true; doc: AdcDocument; ids: string[] } | { ok: false; message: string };

/** A private copy of the document, and a way to find each force node in it by id. */
function draft(doc: AdcDocument) {
  const copy = structuredClone(doc);
  const index = indexForces(copy, false);
  const formation = (id: string): FormationEntry | undefined => {
    const entry = index.byId.get(id);
    return entry?.kind === 'formation' ? entry : undefined;
  };
  // By pointer, not by parent id: in a draft with a duplicated id, that id may first name some other node.
  const parentOf = (entry: ForceEntry): Formation | undefined => {
    const parent = entry.parentPointer === undefined ? undefined : index.byPointer.get(entry.parentPointer);
    return parent?.kind === 'formation' ? parent.node : undefined;
  };
  return { copy, index, formation, parentOf };
}

/** The ids a side's deployment and reinforcements could list that go with `entry`: its own, or a formation's units. */
const listedIds = (entry: ForceEntry): string[] => (entry.kind === 'formation' ? unitsOf(entry.node).map((u) => u.id) : [entry.node.id]);

export function addFormation(doc: AdcDocument, parentId: string, name?: string): EditResult {
  const { copy, formation } = draft(doc);
  const parent = formation(parentId)?.node;
  if (!parent) return { ok: false, message: 'Pick a formation to add a formation to.' };
  const echelon = childEchelon(parent.echelon);
  const label = name ?? `New ${echelon}`;
  const id = uniqueId(slug(label, echelon), collectIds(copy));
  parent.formations = [...(Array.isArray(parent.formations) ? parent.formations : []), { id, name: label, echelon, formations: [], units: [] }];
  return { ok: true, doc: copy, ids: [id] };
}

/** Adds units to a formation, after `afterId` if given, else at the end; ids of `units` are made unique. */
export function addUnits(doc: AdcDocument, formationId: string, units: Unit[], afterId?: string): EditResult {
  const { copy, formation: formationEntry } = draft(doc);
  const formation = formationEntry(formationId)?.node;
  if (!formation) return { ok: false, message: 'Pick a formation to add units to.' };
  const taken = collectIds(copy);
  const added = units.map((u) => ({ ...u, id: uniqueId(u.id || slug(u.name), taken) }));
  const list = Array.isArray(formation.units) ? [...formation.units] : [];
  const at = afterId === undefined ? -1 : list.findIndex((u) => u?.id === afterId);
  list.splice(at < 0 ? list.length : at + 1, 0, ...added);
  formation.units = list;
  return { ok: true, doc: copy, ids: added.map((u) => u.id) };
}

export function addLeader(doc: AdcDocument, formationId: string, name = 'New general'): EditResult {
  const { copy, formation: formationEntry } = draft(doc);
  const formation = formationEntry(formationId)?.node;
  if (!formation) return { ok: false, message: 'Pick a formation to give a leader.' };
  if (formation.leader) return { ok: false, message: `${formation.name} already has a leader.` };
  const id = uniqueId(slug(name, 'leader'), collectIds(copy));
  formation.leader = { id, name };
  return { ok: true, doc: copy, ids: [id] };
}

/** Removes the deepest selection first, and ignores nodes already inside another selected formation. */
function topmost(index: ForceIndex, ids: string[]): ForceEntry[] {
  // A side's army cannot be removed or moved, so selecting it must not swallow the rest of the selection.
  const entries = ids.map((id) => index.byId.get(id)).filter((e): e is ForceEntry => e !== undefined && e.parentId !== undefined);
  return entries.filter((e) => !entries.some((o) => o !== e && o.kind === 'formation' && within(e.pointer, o.pointer) && e.pointer !== o.pointer));
}

export function duplicateNodes(doc: AdcDocument, ids: string[]): EditResult {
  const { copy, index, parentOf } = draft(doc);
  const taken = collectIds(copy);
  const created: string[] = [];
  for (const entry of topmost(index, ids)) {
    const parent = parentOf(entry);
    if (!parent || entry.kind === 'leader') continue;
    if (entry.kind === 'unit') {
      const clone = structuredClone(entry.node);
      clone.name = `${clone.name} (copy)`;
      clone.id = uniqueId(clone.id, taken);
      delete clone.setup;
      const list = parent.units!;
      list.splice(list.indexOf(entry.node) + 1, 0, clone);
      created.push(clone.id);
    } else {
      const clone = structuredClone(entry.node);
      clone.name = `${clone.name} (copy)`;
      reidForces(clone, taken);
      for (const n of walkForces(clone, '')) if (n.kind !== 'formation') delete n.node.setup;
      const list = parent.formations!;
      list.splice(list.indexOf(entry.node) + 1, 0, clone);
      created.push(clone.id);
    }
  }
  if (created.length === 0) return { ok: false, message: 'Select units or formations to duplicate (an army itself or a leader cannot be).' };
  return { ok: true, doc: copy, ids: created };
}

/** Unit ids that a scenario side's deployment and reinforcement lists mention, with dead ones dropped. */
function dropReferences(doc: AdcDocument, gone: Set<string>, sides?: Set<number>): void {
  if (!isScenario(doc) || gone.size === 0) return;
  doc.sides.forEach((side, i) => {
    if (sides && !sides.has(i)) return;
    if (Array.isArray(side.deployment)) {
      side.deployment = side.deployment.flatMap((d) => {
        if (!Array.isArray(d.units)) return [d];
        const units = d.units.filter((u) => !gone.has(u));
        return units.length === 0 && d.units.length > 0 ? [] : [{ ...d, units }];
      });
    }
    if (Array.isArray(side.reinforcements)) {
      side.reinforcements = side.reinforcements.flatMap((r) => {
        if (!Array.isArray(r.units)) return [r];
        const units = r.units.filter((u) => !gone.has(u));
        return units.length === 0 ? [] : [{ ...r, units }];
      });
    }
  });
}

export function deleteNodes(doc: AdcDocument, ids: string[]): EditResult {
  const { copy, index, parentOf } = draft(doc);
  const gone = new Set<string>();
  let removed = 0;
  for (const entry of topmost(index, ids)) {
    const parent = parentOf(entry);
    if (!parent) continue;
    if (entry.kind === 'leader') delete parent.leader;
    else if (entry.kind === 'unit') parent.units = parent.units!.filter((u) => u !== entry.node);
    else parent.formations = parent.formations!.filter((f) => f !== entry.node);
    for (const id of listedIds(entry)) gone.add(id);
    removed++;
  }
  if (removed === 0) return { ok: false, message: 'Select what to delete (a side\'s army itself cannot be deleted).' };
  dropReferences(copy, gone);
  return { ok: true, doc: copy, ids: [] };
}

export interface DropTarget {
  /** The formation that receives the nodes. */
  formationId: string;
  /** Insert before this sibling (a unit for units, a formation for formations); at the end when absent. */
  beforeId?: string;
}

/** Moves units, formations and leaders into another formation (or to another place in the same one). */
export function moveNodes(doc: AdcDocument, ids: string[], target: DropTarget): EditResult {
  const { copy, index, formation, parentOf } = draft(doc);
  const dest = formation(target.formationId);
  if (!dest) return { ok: false, message: 'Drop onto a formation.' };
  const into = dest.node;
  const moving = topmost(index, ids).filter((e) => e.parentId !== undefined);
  if (moving.some((e) => e.kind === 'formation' && within(dest.pointer, e.pointer))) {
    return { ok: false, message: 'A formation cannot move inside itself.' };
  }
  const leaders = moving.filter((e) => e.kind === 'leader');
  if (leaders.length > 1 || (leaders.length === 1 && into.leader && into.leader !== leaders[0]!.node)) {
    return { ok: false, message: `${into.name} already has a leader.` };
  }
  const before = target.beforeId === undefined ? undefined : index.byId.get(target.beforeId)?.node;
  const fromSides = new Set<number>();
  const crossing = new Set<string>();
  for (const e of moving) {
    const parent = parentOf(e)!;
    if (e.kind === 'leader') delete parent.leader;
    else if (e.kind === 'unit') parent.units = parent.units!.filter((u) => u !== e.node);
    else parent.formations = parent.formations!.filter((f) => f !== e.node);
    if (e.root !== dest.root) {
      // A unit that changes sides cannot stay in its old side's deployment or reinforcements.
      const side = index.roots[e.root]?.side;
      if (side !== undefined) fromSides.add(side);
      for (const id of listedIds(e)) crossing.add(id);
    }
  }
  const insert = <T extends Formation | Unit>(list: T[] | undefined, items: T[]): T[] => {
    const out = Array.isArray(list) ? [...list] : [];
    const at = before === undefined ? -1 : out.findIndex((x) => x === before);
    out.splice(at < 0 ? out.length : at, 0, ...items);
    return out;
  };
  const units = moving.filter((e) => e.kind === 'unit').map((e) => e.node);
  const formations = moving.filter((e) => e.kind === 'formation').map((e) => e.node);
  if (units.length) into.units = insert(into.units, units);
  if (formations.length) into.formations = insert(into.formations, formations);
  if (leaders.length) into.leader = leaders[0]!.node;
  if (moving.length === 0) return { ok: false, message: 'Nothing to move.' };
  dropReferences(copy, crossing, fromSides);
  return { ok: true, doc: copy, ids: moving.map((e) => e.id) };
}
