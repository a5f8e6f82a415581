// What a picker offers instead of an id to type: the scenario's sides, a side's units, its terrain features and its
// objectives, each as the id the file stores and the name the user reads. A select shows the names; the document
// keeps the ids, so renaming something never breaks what refers to it.
import { walkForces } from '../../domain/forces.js';
import { gridSize, isCellGrid, isCellOnGrid, cellName } from '../../domain/grid.js';
import { FEATURE_KIND_LABEL, type Scenario } from '../../domain/model.js';
import { featureNames, objectiveName, sideName } from '../../domain/sheet/words.js';

export interface Choices {
  /** The stored values, in the order offered. */
  options: string[];
  /** What each value reads as. */
  labels: Record<string, string>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const named = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function choices(pairs: [string, string][]): Choices {
  return { options: pairs.map(([id]) => id), labels: Object.fromEntries(pairs) };
}

/** The two sides by name; `Side 1` for a side still without one. */
export function sideChoices(doc: Scenario): Choices {
  return choices(
    listOf(doc.sides).flatMap((s, i) =>
      isRecord(s) && typeof s.id === 'string' ? [[s.id, sideName(s as unknown as Scenario['sides'][number], `Side ${i + 1}`)] as [string, string]] : [],
    ),
  );
}

/**
 * The units and leaders of one side, by name, in the order of battle's order; a leader is marked ★ as in the
 * outline. Two with the same name are told apart by their formation.
 */
export function unitChoices(doc: Scenario, sideIndex: number): Choices {
  const side = listOf(doc.sides)[sideIndex];
  if (!isRecord(side) || !isRecord(side.army)) return { options: [], labels: {} };
  const rows: { id: string; name: string; where: string }[] = [];
  for (const n of walkForces(side.army as unknown as Scenario['sides'][number]['army'], '')) {
    if (n.kind === 'formation' || typeof n.node.id !== 'string') continue;
    const where = named(n.parent.name);
    rows.push({ id: n.node.id, name: `${n.kind === 'leader' ? '★ ' : ''}${named(n.node.name) || 'Unnamed'}`, where });
  }
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  return choices(rows.map((r) => [r.id, (count.get(r.name) ?? 0) > 1 && r.where ? `${r.name} (${r.where})` : r.name]));
}

/** Terrain features by name and kind; an unnamed one is numbered among its kind ("Unnamed woods 2"). */
export function featureChoices(doc: Scenario): Choices {
  const names = featureNames(doc);
  return choices(
    listOf(doc.terrain).flatMap((f) => {
      if (!isRecord(f) || typeof f.id !== 'string') return [];
      const kind = (FEATURE_KIND_LABEL as Record<string, string>)[String(f.kind)] ?? String(f.kind);
      const name = named(f.name);
      return [[f.id, name ? `${name} (${kind})` : (names.get(f.id) ?? f.id)] as [string, string]];
    }),
  );
}

/** The objectives by the name the sheet prints. */
export function objectiveChoices(doc: Scenario): Choices {
  return choices(
    listOf(doc.objectives).flatMap((o) => (isRecord(o) && typeof o.id === 'string' ? [[o.id, objectiveName(doc, o as unknown as NonNullable<Scenario['objectives']>[number])] as [string, string]] : [])),
  );
}

/** Why a typed cell name is no cell of this map, or null when it is one. */
export function cellProblem(doc: Scenario, name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return null;
  if (!isCellGrid(doc.grid)) return 'This map has no grid: place the objective on a feature or at a point.';
  if (!/^[A-Z]+[1-9]\d*$/.test(name)) return 'A cell is named by column letters and row number, like C4.';
  if (isRecord(doc.table) && isCellOnGrid(doc.grid, doc.table, name)) return null;
  const size = isRecord(doc.table) ? gridSize(doc.grid, doc.table) : { cols: 0, rows: 0 };
  return size.cols > 0 && size.rows > 0 ? `No cell ${name} on this map: cells run from A1 to ${cellName(size.cols - 1, size.rows - 1)}.` : `No cell ${name} on this map.`;
}
