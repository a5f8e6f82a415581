// The scenario's own lists edited as labelled history steps: victory conditions (added, removed, moved up and down,
// their kind and fields), objectives (added, removed from the conditions that name them, placed on a feature, in a
// cell or at a point), briefings per side and the special rules. Each function is pure and returns one undo step.
// A list that is reordered, added to or cut is recorded whole: it is small, and one change of the whole list undoes
// exactly. Text being typed records one path with a merge key, so the keystrokes of one field make one step.
import { cellNameAt, isCellGrid } from '../../domain/grid.js';
import { isPoint } from '../../domain/geometry.js';
import { buildScene } from '../../domain/map/scene.js';
import { collectIds, freshObjectiveName, tidyPoint, uniqueId } from '../../domain/map/edit.js';
import type { Edge, Objective, Point, Scenario, VictoryCondition } from '../../domain/model.js';
import { objectiveName, sideName } from '../../domain/sheet/words.js';
import { VICTORY_KIND_WORDS, type VictoryKind } from '../../domain/victory-words.js';
import { deepEqual } from '../army/diff.js';
import type { EditorAction } from '../state/editor.js';
import { ABSENT, getAt, type PathKey } from '../state/history.js';

export type Edit = Extract<EditorAction, { type: 'edit' }>;

type Doc = Scenario;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** One step that sets `path` to `after` (ABSENT removes it); no change when it already holds that. */
function step(doc: Doc, path: PathKey[], after: unknown, label: string, mergeKey?: string, select?: string[]): Edit {
  const before = getAt(doc, path);
  const changes = deepEqual(before, after) || (before === ABSENT && after === ABSENT) ? [] : [{ path, before, after }];
  return { type: 'edit', label, changes, ...(mergeKey !== undefined ? { mergeKey } : {}), ...(select ? { select } : {}) };
}

const nth = (index: number): string => String(index + 1);

// ---- Victory conditions --------------------------------------------------------------------------------------------

const KIND_FIELDS = ['objectives', 'count', 'edge', 'percent'] as const;

function firstSideId(doc: Doc): string | undefined {
  const side = listOf(doc.sides).find((s) => isRecord(s) && typeof s.id === 'string') as { id: string } | undefined;
  return side?.id;
}

const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };

/** The edge facing the side's own deployment edge, where an exit condition usually sends it; else north. */
function farEdge(doc: Doc, side: string): Edge {
  const s = listOf(doc.sides).find((x) => isRecord(x) && x.id === side);
  const zones = isRecord(s) ? listOf(s.deployment) : [];
  for (const d of zones) {
    const edge = isRecord(d) && isRecord(d.zone) ? d.zone.edge : undefined;
    if (typeof edge === 'string' && Object.hasOwn(OPPOSITE, edge)) return OPPOSITE[edge as Edge];
  }
  return 'north';
}

/**
 * A new condition of `kind`, for the first side. Its numbers are the usual ones (two units off the edge facing its
 * deployment, half the enemy destroyed), shown in its sentence at once; a hold condition waits for its objectives.
 */
export function newCondition(doc: Doc, kind: VictoryKind, side = firstSideId(doc)): VictoryCondition {
  const s = side ?? 'red';
  switch (kind) {
    case 'hold':
      return { kind, side: s, objectives: [] };
    case 'exit':
      return { kind, side: s, count: 2, edge: farEdge(doc, s) };
    case 'destroy':
      return { kind, side: s, percent: 50 };
    case 'points':
      return { kind };
  }
}

const conditionsOf = (doc: Doc): unknown[] => listOf(doc.victory);

export function addConditionEdit(doc: Doc, kind: VictoryKind): Edit {
  return step(doc, ['victory'], [...conditionsOf(doc), newCondition(doc, kind)], `Add victory condition: ${VICTORY_KIND_WORDS[kind].toLowerCase()}`);
}

export function removeConditionEdit(doc: Doc, index: number): Edit {
  const list = conditionsOf(doc);
  return step(doc, ['victory'], list.filter((_c, i) => i !== index), `Remove victory condition ${nth(index)}`);
}

/** Moves a condition one place earlier (-1) or later (1): the first condition met decides, so order matters. */
export function moveConditionEdit(doc: Doc, index: number, delta: -1 | 1): Edit | null {
  const list = conditionsOf(doc);
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return null;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return step(doc, ['victory'], next, `Move victory condition ${nth(index)} ${delta < 0 ? 'up' : 'down'}`);
}

/** Turns a condition into another kind, keeping its side where the new kind has one and any field it does not own. */
export function setConditionKindEdit(doc: Doc, index: number, kind: VictoryKind): Edit {
  const had = conditionsOf(doc)[index];
  const old: Record<string, unknown> = isRecord(had) ? had : {};
  if (old.kind === kind) return step(doc, ['victory', index], old, '');
  const rest = Object.fromEntries(Object.entries(old).filter(([k]) => k !== 'kind' && k !== 'side' && !(KIND_FIELDS as readonly string[]).includes(k)));
  const side = typeof old.side === 'string' ? old.side : undefined;
  // Hold and exit are for one side; "either side" does not carry over to them.
  const keep = side !== undefined && !(side === 'any' && (kind === 'hold' || kind === 'exit'));
  const fresh = newCondition(doc, kind, keep ? side : undefined);
  const next = { ...fresh, ...rest, ...(keep && kind === 'points' ? { side } : {}) };
  return step(doc, ['victory', index], next, `Make victory condition ${nth(index)} "${VICTORY_KIND_WORDS[kind].toLowerCase()}"`);
}

const FIELD_WORDS: Record<'side' | 'objectives' | 'count' | 'edge' | 'percent', string> = {
  side: 'side',
  objectives: 'objectives',
  count: 'units to move off',
  edge: 'edge',
  percent: 'share to destroy',
};

/**
 * Sets one field of a condition; undefined removes it (a points condition for either side has no side). Numbers
 * being typed pass `typing`, so the keystrokes make one step.
 */
export function setConditionFieldEdit(doc: Doc, index: number, field: keyof typeof FIELD_WORDS, value: unknown, typing = false): Edit {
  const label = `Set ${FIELD_WORDS[field]} of victory condition ${nth(index)}`;
  const after = value === undefined ? ABSENT : field === 'objectives' && !Array.isArray(value) ? [] : value;
  return step(doc, ['victory', index, field], after, label, typing ? `victory/${index}/${field}` : undefined);
}

// ---- Objectives ----------------------------------------------------------------------------------------------------

const objectivesOf = (doc: Doc): unknown[] => listOf(doc.objectives);

function tableCentre(doc: Doc): Point {
  const t: Record<string, unknown> = isRecord(doc.table) ? doc.table : {};
  const w = typeof t.width === 'number' && Number.isFinite(t.width) ? t.width : 36;
  const h = typeof t.height === 'number' && Number.isFinite(t.height) ? t.height : 36;
  return [w / 2, h / 2];
}


/**
 * A new objective in the middle of the table: in its centre cell on a gridded map, else a 3″ circle. Its VP is left
 * to the rules' default table until the designer gives one.
 */
export function addObjectiveEdit(doc: Doc): Edit {
  const id = uniqueId('objective', collectIds(doc));
  const centre = tableCentre(doc);
  const cell = isCellGrid(doc.grid) && isRecord(doc.table) ? cellNameAt(doc.grid, doc.table, centre) : null;
  const objective: Objective = cell ? { id, name: freshObjectiveName(doc.objectives), cell } : { id, name: freshObjectiveName(doc.objectives), at: centre, radius: 3 };
  return step(doc, ['objectives'], [...objectivesOf(doc), objective], 'Add objective');
}

const nameAt = (doc: Doc, index: number): string => {
  const o = objectivesOf(doc)[index];
  return isRecord(o) ? objectiveName(doc, o as unknown as Objective) : `objective ${nth(index)}`;
};

/**
 * The scenario without the objectives at `indices`, and without their ids in any hold condition: the one way an
 * objective goes, whether from the objectives list or the map's Delete, so neither leaves a condition naming an
 * objective that is no more. A condition left naming nothing stays and shows its prompt; the designer may mean to
 * pick another objective for it. An id another objective still has (a duplicate the validator reports) is kept.
 */
export function withoutObjectives(doc: Doc, indices: ReadonlySet<number>): Doc {
  const list = objectivesOf(doc);
  const idOf = (o: unknown): unknown => (isRecord(o) ? o.id : undefined);
  const kept = list.filter((_o, i) => !indices.has(i));
  const stillNamed = new Set(kept.map(idOf));
  const gone = new Set(list.filter((o, i) => indices.has(i) && idOf(o) !== undefined && !stillNamed.has(idOf(o))).map(idOf));
  const next: Doc = { ...doc, objectives: kept as Objective[] };
  const conditions = conditionsOf(doc);
  const cleaned = conditions.map((c) =>
    isRecord(c) && c.kind === 'hold' && Array.isArray(c.objectives) && c.objectives.some((o) => gone.has(o)) ? { ...c, objectives: c.objectives.filter((o) => !gone.has(o)) } : c,
  );
  return deepEqual(cleaned, conditions) ? next : { ...next, victory: cleaned as VictoryCondition[] };
}

/** Removes an objective, and its id from every hold condition that names it, in one step (`withoutObjectives`). */
export function removeObjectiveEdit(doc: Doc, index: number): Edit {
  const next = withoutObjectives(doc, new Set([index]));
  const first = step(doc, ['objectives'], next.objectives, `Remove objective ${nameAt(doc, index)}`);
  if (next.victory === doc.victory) return first;
  return { ...first, changes: [...first.changes, { path: ['victory'], before: doc.victory, after: next.victory }] };
}

const OBJECTIVE_FIELD_WORDS: Record<'name' | 'vp' | 'heldBy' | 'radius' | 'feature' | 'cell', string> = {
  name: 'name',
  vp: 'victory points',
  heldBy: 'holder at the start',
  radius: 'radius',
  feature: 'feature',
  cell: 'cell',
};

/** Sets one field of an objective (undefined removes it); typed text and numbers pass `typing`. */
export function setObjectiveFieldEdit(doc: Doc, index: number, field: keyof typeof OBJECTIVE_FIELD_WORDS, value: unknown, typing = false): Edit {
  return step(
    doc,
    ['objectives', index, field],
    value === undefined ? ABSENT : value,
    `Set ${OBJECTIVE_FIELD_WORDS[field]} of ${nameAt(doc, index)}`,
    typing ? `objective/${index}/${field}` : undefined,
  );
}

/** One coordinate of a point objective, typed. */
export function setObjectivePointEdit(doc: Doc, index: number, axis: 0 | 1, value: unknown): Edit {
  const o = objectivesOf(doc)[index];
  const at = isRecord(o) && Array.isArray(o.at) ? [...(o.at as unknown[])] : [...tableCentre(doc)];
  at[axis] = value;
  return step(doc, ['objectives', index, 'at'], at, `Move ${nameAt(doc, index)}`, `objective/${index}/at/${axis}`);
}

export type Placement = 'feature' | 'cell' | 'point';

/** How an objective is placed now; null for a draft that says none. */
export function placementOf(o: unknown): Placement | null {
  if (!isRecord(o)) return null;
  if (o.feature !== undefined) return 'feature';
  if (o.cell !== undefined) return 'cell';
  if (o.at !== undefined || o.radius !== undefined) return 'point';
  return null;
}

/** Where the map draws the objective, or null when it is not drawn (a feature or cell that does not exist). */
function whereDrawn(doc: Doc, index: number): Point | null {
  try {
    const item = buildScene(doc).objectives.find((o) => o.pointer === `/objectives/${index}`);
    return item ? item.at : null;
  } catch {
    return null;
  }
}

/**
 * Places an objective another way, in one step: on a feature (the one given, else the first named feature), in a
 * cell (the cell under where it stands now) or at a point (where it stands now, with its radius or 3″). The fields
 * of the other ways go, since an objective is placed one way only.
 */
export function placeObjectiveEdit(doc: Doc, index: number, how: Placement, featureId?: string): Edit {
  const had = objectivesOf(doc)[index];
  const o: Record<string, unknown> = isRecord(had) ? had : {};
  const { feature: _f, cell: _c, at: _a, radius: _r, ...rest } = o;
  const now = whereDrawn(doc, index) ?? (isPoint(o.at) ? o.at : tableCentre(doc));
  let placed: Record<string, unknown>;
  let words: string;
  if (how === 'feature') {
    const terrain = listOf(doc.terrain).filter(isRecord);
    const id = featureId ?? (terrain.find((f) => typeof f.name === 'string' && f.name.trim()) ?? terrain[0])?.id;
    placed = id === undefined ? { ...rest } : { ...rest, feature: id };
    words = 'on a feature';
  } else if (how === 'cell') {
    const cell = isCellGrid(doc.grid) && isRecord(doc.table) ? cellNameAt(doc.grid, doc.table, now) : null;
    placed = { ...rest, cell: cell ?? 'A1' };
    words = 'in a cell';
  } else {
    placed = { ...rest, at: tidyPoint(now), radius: typeof o.radius === 'number' ? o.radius : 3 };
    words = 'at a point';
  }
  return step(doc, ['objectives', index], placed, `Place ${nameAt(doc, index)} ${words}`);
}

// ---- Briefings and special rules -----------------------------------------------------------------------------------

/** A briefing's title: the side's name, or the umpire's; never the id it is keyed by. */
export function briefingTitle(doc: Doc, key: string): string {
  if (key === 'umpire') return "Umpire's notes";
  const sides = listOf(doc.sides);
  const i = sides.findIndex((s) => isRecord(s) && s.id === key);
  return i >= 0 ? `${sideName(sides[i] as Scenario['sides'][number], `Side ${i + 1}`)} briefing` : 'Briefing for no side';
}

/**
 * Sets one briefing; empty text removes it, and `briefings` goes when none is left. The whole `briefings` value is
 * recorded, so its path stays the same while the user types and the keystrokes make one step.
 */
export function setBriefingEdit(doc: Doc, key: string, text: string): Edit {
  const all = isRecord(doc.briefings) ? { ...doc.briefings } : {};
  if (text === '') delete all[key];
  else all[key] = text;
  const after = Object.keys(all).length ? all : ABSENT;
  return step(doc, ['briefings'], after, `Edit ${briefingTitle(doc, key).replace(/^Umpire's/, "umpire's")}`, `briefing/${key}`);
}

const rulesOf = (doc: Doc): unknown[] => listOf(doc.specialRules);

export function addRuleEdit(doc: Doc): Edit {
  return step(doc, ['specialRules'], [...rulesOf(doc), ''], 'Add special rule');
}

export function removeRuleEdit(doc: Doc, index: number): Edit {
  return step(doc, ['specialRules'], rulesOf(doc).filter((_r, i) => i !== index), `Remove special rule ${nth(index)}`);
}

export function moveRuleEdit(doc: Doc, index: number, delta: -1 | 1): Edit | null {
  const list = rulesOf(doc);
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return null;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return step(doc, ['specialRules'], next, `Move special rule ${nth(index)} ${delta < 0 ? 'up' : 'down'}`);
}

export function setRuleEdit(doc: Doc, index: number, text: string): Edit {
  return step(doc, ['specialRules', index], text, `Edit special rule ${nth(index)}`, `special-rule/${index}`);
}

/** The edges an exit condition may name, in compass order. */
export const EXIT_EDGES: readonly Edge[] = ['north', 'east', 'south', 'west'];
