// Totals of an order of battle or any part of it: units by arm, figures, guns, men and victory points.
import { walkForces } from '../../domain/forces.js';
import type { Formation, RuleSystem, Unit } from '../../domain/model.js';
import { isArm } from '../../domain/model.js';
import { unitVp } from '../../domain/victory-points.js';

export interface Totals {
  units: number;
  byArm: { infantry: number; cavalry: number; artillery: number; train: number; other: number };
  figures: number;
  guns: number;
  howitzers: number;
  men: number;
  leaders: number;
  vp: number;
  /** Units whose VP come from the rule system's default table. */
  vpFromTable: number;
  /** Units with neither their own VP nor a rule system to supply one. */
  vpUnknown: number;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function emptyTotals(): Totals {
  return { units: 0, byArm: { infantry: 0, cavalry: 0, artillery: 0, train: 0, other: 0 }, figures: 0, guns: 0, howitzers: 0, men: 0, leaders: 0, vp: 0, vpFromTable: 0, vpUnknown: 0 };
}

export function addUnit(t: Totals, unit: Unit, system: RuleSystem | undefined): void {
  t.units++;
  const arm: keyof Totals['byArm'] = isArm(unit.arm) ? unit.arm : 'other';
  t.byArm[arm]++;
  const ne = unit.ratings?.['napoleons-eagles'];
  t.figures += num(ne?.figures);
  t.guns += num(ne?.guns);
  t.howitzers += num(ne?.howitzers);
  t.men += num(unit.men);
  if (typeof unit.vp === 'number') t.vp += unit.vp;
  else if (system) {
    const v = unitVp(unit, system);
    t.vp += v.vp;
    t.vpFromTable++;
  } else t.vpUnknown++;
}

/** Totals of a formation and everything under it. */
export function formationTotals(formation: Formation, system: RuleSystem | undefined): Totals {
  const t = emptyTotals();
  for (const n of walkForces(formation, '')) {
    if (n.kind === 'unit') addUnit(t, n.node, system);
    else if (n.kind === 'leader') t.leaders++;
  }
  return t;
}

/** Adds `b` into `a`. */
function addTotals(a: Totals, b: Totals): void {
  a.units += b.units;
  for (const k of Object.keys(a.byArm) as (keyof Totals['byArm'])[]) a.byArm[k] += b.byArm[k];
  a.figures += b.figures;
  a.guns += b.guns;
  a.howitzers += b.howitzers;
  a.men += b.men;
  a.leaders += b.leaders;
  a.vp += b.vp;
  a.vpFromTable += b.vpFromTable;
  a.vpUnknown += b.vpUnknown;
}

const remembered = new WeakMap<Formation, Map<RuleSystem | undefined, Readonly<Totals>>>();

/**
 * `formationTotals` remembered per formation object, for the editor's documents, which are never changed in place:
 * an edit copies only the formations on the path to what changed, so the tree's and table's totals after an edit
 * sum a few formations again instead of walking the whole army. Never give it a draft that is changed afterwards.
 */
export function totalsOf(formation: Formation, system: RuleSystem | undefined): Readonly<Totals> {
  let bySystem = remembered.get(formation);
  const had = bySystem?.get(system);
  if (had) return had;
  const t = emptyTotals();
  // A draft may hold anything where a list should be, whatever its type says.
  if (Array.isArray(formation.units)) for (const u of formation.units) if (u && typeof u === 'object') addUnit(t, u, system);
  if (formation.leader && typeof formation.leader === 'object') t.leaders++;
  if (Array.isArray(formation.formations)) for (const f of formation.formations) if (f && typeof f === 'object') addTotals(t, totalsOf(f, system));
  if (!bySystem) remembered.set(formation, (bySystem = new Map<RuleSystem | undefined, Readonly<Totals>>()));
  bySystem.set(system, t);
  return t;
}

// One formatter for every line: toLocaleString makes a new one each call, which a table of many groups felt.
const GB = new Intl.NumberFormat('en-GB');
const plural = (n: number, word: string) => `${GB.format(n)} ${word}${n === 1 ? '' : 's'}`;

/** "4 inf · 1 cav · 1 art" */
const armsLines = new WeakMap<Totals, string>();
const totalsLines = new WeakMap<Totals, string>();

/**
 * The lines below are asked for every drawn formation (tree rows, table headings, side cards) on every render, of
 * totals that `totalsOf` keeps per formation object: each is worked out once per totals object. Totals are never
 * changed once made.
 */
export function armsLine(t: Totals): string {
  let line = armsLines.get(t);
  if (line === undefined) {
    line = armsLineOf(t);
    armsLines.set(t, line);
  }
  return line;
}

function armsLineOf(t: Totals): string {
  const short: [keyof Totals['byArm'], string][] = [['infantry', 'inf'], ['cavalry', 'cav'], ['artillery', 'art'], ['train', 'train'], ['other', 'other']];
  const parts = short.filter(([k]) => t.byArm[k] > 0).map(([k, s]) => `${t.byArm[k]} ${s}`);
  return parts.length ? parts.join(' · ') : 'no units';
}

/** The totals in one line, leaving out what is zero. */
export function totalsLine(t: Totals): string {
  let line = totalsLines.get(t);
  if (line === undefined) {
    line = totalsLineOf(t);
    totalsLines.set(t, line);
  }
  return line;
}

function totalsLineOf(t: Totals): string {
  const parts = [t.units ? `${plural(t.units, 'unit')} (${armsLine(t)})` : 'no units'];
  if (t.figures) parts.push(plural(t.figures, 'figure'));
  if (t.guns || t.howitzers) parts.push(t.howitzers ? `${t.guns} guns + ${t.howitzers} how.` : plural(t.guns, 'gun'));
  if (t.men) parts.push(`${GB.format(t.men)} men`);
  parts.push(`${GB.format(t.vp)} VP`);
  return parts.join(' · ');
}
