// Army lists and scenario sides: copying a list into a side (its ids kept unique in the scenario), and making a
// list from a side.
import { walkForces } from '../../domain/forces.js';
import type { ArmyList, Formation, Scenario } from '../../domain/model.js';
import { ARMY_TYPE } from '../../domain/model.js';
import { collectIds, reidForces, slug, uniqueId } from './forces.js';

export type CopyMode = 'replace' | 'add';

export interface CopyResult {
  doc: Scenario;
  /** Ids of the list that clashed with the scenario, and what they became. */
  renamed: [string, string][];
  notes: string[];
}

/**
 * Copies the list's army into a side: `replace` makes it the side's army, `add` puts it under the side's army as
 * a formation. Ids already used elsewhere in the scenario are renamed; in `replace` the side's old forces give up
 * theirs, so copying the same list again keeps its ids.
 */
export function copyArmyIntoSide(doc: Scenario, sideIndex: number, list: ArmyList, mode: CopyMode, opts: { deploy?: boolean } = {}): CopyResult {
  const out = structuredClone(doc);
  const side = out.sides[sideIndex];
  if (!side) throw new Error(`No side ${sideIndex}`);
  const army = structuredClone(list.army);
  const taken = collectIds(out);
  const oldUnits = new Set<string>();
  if (mode === 'replace') {
    for (const n of walkForces(side.army, '')) {
      taken.delete(String(n.node.id));
      if (n.kind === 'unit') oldUnits.add(n.node.id);
    }
  }
  const renamed = reidForces(army, taken);
  const notes: string[] = [];
  if (mode === 'replace') {
    side.army = army;
    // Deployment and reinforcement lists may only name units the side still has.
    for (const n of walkForces(army, '')) if (n.kind === 'unit') oldUnits.delete(n.node.id);
    if (oldUnits.size) {
      if (Array.isArray(side.deployment)) {
        side.deployment = side.deployment.flatMap((d) => (Array.isArray(d.units) ? (d.units.some((u) => !oldUnits.has(u)) ? [{ ...d, units: d.units.filter((u) => !oldUnits.has(u)) }] : []) : [d]));
      }
      if (Array.isArray(side.reinforcements)) {
        side.reinforcements = side.reinforcements.flatMap((r) => (r.units.some((u) => !oldUnits.has(u)) ? [{ ...r, units: r.units.filter((u) => !oldUnits.has(u)) }] : []));
      }
    }
  } else {
    side.army = { ...side.army, formations: [...(Array.isArray(side.army.formations) ? side.army.formations : []), army] };
  }
  const copied: string[] = [];
  for (const n of walkForces(army, '')) if (n.kind === 'unit' && !n.node.setup) copied.push(n.node.id);
  const zone = Array.isArray(side.deployment) ? side.deployment.findIndex((d) => Array.isArray(d.units)) : -1;
  const coversAll = Array.isArray(side.deployment) && side.deployment.some((d) => !Array.isArray(d.units));
  if (opts.deploy && zone >= 0 && copied.length) {
    const d = side.deployment![zone]!;
    side.deployment![zone] = { ...d, units: [...new Set([...d.units!, ...copied])] };
  } else if (copied.length && !coversAll) {
    notes.push(`The ${copied.length} copied unit${copied.length === 1 ? ' has' : 's have'} no set-up yet: place them on the map, or list them in a deployment zone or reinforcement.`);
  }
  if (list.ruleSystem && list.ruleSystem !== doc.ruleSystem) {
    notes.push(`The list is rated for ${list.ruleSystem}, the scenario plays ${doc.ruleSystem}; add ${doc.ruleSystem} ratings to its units.`);
  }
  const from = list.scale?.figureRatio;
  const to = doc.scale?.figureRatio;
  if (doc.ruleSystem === 'napoleons-eagles' && from !== undefined && to !== undefined && from !== to) {
    notes.push(`The list is at 1:${from} and the scenario at 1:${to}; convert one of them so the figures agree.`);
  }
  return { doc: out, renamed, notes };
}

/** An army list holding a copy of a side's army; set-up positions belong to the scenario and are left out. */
export function armyListFromSide(doc: Scenario, sideIndex: number): ArmyList {
  const side = doc.sides[sideIndex]!;
  const army: Formation = structuredClone(side.army);
  for (const n of walkForces(army, '')) if (n.kind !== 'formation') delete n.node.setup;
  const taken = new Set<string>();
  for (const n of walkForces(army, '')) taken.add(String(n.node.id));
  const list: ArmyList = {
    type: ARMY_TYPE,
    schemaVersion: 1,
    id: uniqueId(slug(`${doc.id}-${side.id}`, 'army-list'), taken),
    name: army.name || side.name,
    ...(side.nation ? { nation: side.nation } : {}),
    ruleSystem: doc.ruleSystem,
    ...(doc.scale ? { scale: { ...doc.scale } } : {}),
    army,
    source: `Side "${side.name}" of the scenario "${doc.title}"`,
  };
  return list;
}

/** Whether a side has a deployment zone that lists its units, which copied units can join. */
export const hasListedZone = (doc: Scenario, sideIndex: number): boolean =>
  (doc.sides[sideIndex]?.deployment ?? []).some((d) => Array.isArray(d.units));

/** A file name for a side saved as a list: "french.army.json". */
export const armyFileName = (doc: Scenario, sideIndex: number): string =>
  `${slug(doc.sides[sideIndex]?.name ?? doc.sides[sideIndex]?.id ?? 'side', 'side')}.army.json`;
