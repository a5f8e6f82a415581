// Napoleon's Eagles figure-ratio conversion between 1:60 and 1:30, in two modes (file-format.md, "Conversion").
// The input is never changed; the result is a new document and a report of every unit touched.
import { walkForces } from './forces.js';
import type { AdcDocument, Formation, NapoleonsEaglesRatings, Scenario, Unit } from './model.js';
import { isScenario } from './model.js';
import { expectedModels, lineFrontage } from './rule-systems/napoleons-eagles.js';

/** The host's structured clone (every browser, worker and Node has it), declared here because the domain is compiled
 *  against the ECMAScript library alone: no DOM, no Node (tsconfig.core.json). */
declare function structuredClone<T>(value: T): T;

export type ConversionMode = 'double' | 'combine';
export type Ratio = 30 | 60;

export interface UnitValues {
  figures?: number;
  men?: number;
  guns?: number;
  howitzers?: number;
  models?: number;
}

export interface UnitChange {
  id: string;
  name: string;
  before: UnitValues;
  after: UnitValues;
  /** Line frontage in inches after conversion (infantry and cavalry from figures and ranks; batteries 1" a model). */
  frontage: number | null;
  /** For `combine`: the units that became this one, with their values before. */
  mergedFrom?: { id: string; name: string; figures?: number; men?: number }[];
}

export interface ConversionWarning {
  id: string;
  message: string;
}

export interface ConversionReport {
  from: number;
  to: Ratio;
  mode: ConversionMode;
  units: UnitChange[];
  warnings: ConversionWarning[];
}

export type ConversionResult =
  | { ok: true; document: AdcDocument; report: ConversionReport }
  | { ok: false; message: string; hint?: string };

const neBlock = (u: Unit): NapoleonsEaglesRatings | undefined => {
  const b = u.ratings?.['napoleons-eagles'];
  return b && typeof b === 'object' ? b : undefined;
};

const valuesOf = (u: Unit): UnitValues => {
  const b = neBlock(u) ?? {};
  const v: UnitValues = {};
  if (typeof b.figures === 'number') v.figures = b.figures;
  if (typeof u.men === 'number') v.men = u.men;
  if (typeof b.guns === 'number') v.guns = b.guns;
  if (typeof b.howitzers === 'number') v.howitzers = b.howitzers;
  if (typeof b.models === 'number') v.models = b.models;
  return v;
};

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function convertDocument(input: AdcDocument, to: Ratio, mode: ConversionMode = 'double'): ConversionResult {
  const from = input.scale?.figureRatio;
  if (typeof from !== 'number') {
    return { ok: false, message: 'The document has no "scale.figureRatio", so its current ratio is unknown', hint: 'Add "scale": {"figureRatio": 60} (or 30) first.' };
  }
  if (from === to) return { ok: false, message: `The document is already at 1:${to}` };
  if (from !== 30 && from !== 60) {
    return { ok: false, message: `Only 1:30 and 1:60 convert; this document is at 1:${from}` };
  }
  if (mode === 'combine' && to !== 30) {
    return { ok: false, message: 'Combine joins pairs of 1:60 units into 1:30 units; it cannot go from 1:30 to 1:60', hint: 'Use --mode double to halve figures.' };
  }

  const doc = structuredClone(input);
  const report: ConversionReport = { from, to, mode, units: [], warnings: [] };
  const renamed = new Map<string, string>();
  const armies: Formation[] = isScenario(doc) ? doc.sides.map((s) => s.army) : [doc.army];
  let touched = 0;

  for (const army of armies) {
    for (const node of walkForces(army, '')) {
      if (node.kind !== 'formation' || !Array.isArray(node.node.units)) continue;
      const formation = node.node;
      const units = formation.units!;
      const out: Unit[] = [];
      const paired = new Set<number>();
      for (let i = 0; i < units.length; i++) {
        if (paired.has(i)) continue;
        const unit = units[i]!;
        if (!neBlock(unit)) {
          out.push(unit);
          continue;
        }
        touched++;
        if (mode === 'combine' && (unit.arm === 'infantry' || unit.arm === 'cavalry')) {
          const j = units.findIndex(
            (o, k) => k > i && !paired.has(k) && o.arm === unit.arm && o.type === unit.type &&
              neBlock(o) !== undefined && neBlock(o)!.rating === neBlock(unit)!.rating,
          );
          if (j >= 0) {
            paired.add(j);
            touched++;
            out.push(combinePair(unit, units[j]!, report, renamed));
            continue;
          }
        }
        out.push(convertUnit(unit, from, to, report));
      }
      formation.units = out;
    }
  }
  if (touched === 0) {
    return { ok: false, message: "No unit has Napoleon's Eagles ratings, so there is nothing to convert", hint: 'Conversion changes "figures" and "models" in the napoleons-eagles ratings.' };
  }
  doc.scale = { ...doc.scale, figureRatio: to };
  if (isScenario(doc) && renamed.size > 0) renameReferences(doc, renamed);
  return { ok: true, document: doc, report };
}

function convertUnit(unit: Unit, from: number, to: Ratio, report: ConversionReport): Unit {
  const block = neBlock(unit)!;
  const before = valuesOf(unit);
  if (unit.arm === 'infantry' || unit.arm === 'cavalry') {
    if (typeof block.figures === 'number') {
      const scaled = to < from ? block.figures * 2 : Math.ceil(block.figures / 2);
      let figures = scaled;
      if (typeof unit.men === 'number') {
        figures = Math.max(1, Math.round(unit.men / to));
        if (figures !== scaled) {
          report.warnings.push({
            id: unit.id,
            message: `"${unit.name}": ${unit.men} men make ${figures} figures at 1:${to}, but ${to < from ? 'doubling' : 'halving'} ${block.figures} figures gives ${scaled}; used ${figures} from the men`,
          });
        }
      } else if (to > from && block.figures % 2 === 1) {
        report.warnings.push({ id: unit.id, message: `"${unit.name}": ${block.figures} figures do not halve evenly; rounded up to ${figures}` });
      }
      block.figures = figures;
    } else {
      report.warnings.push({ id: unit.id, message: `"${unit.name}" has no figures to convert` });
    }
  } else if (unit.arm === 'artillery' && typeof block.guns === 'number') {
    // Guns are real pieces and never change; only the models standing for them do.
    const pieces = block.guns + (typeof block.howitzers === 'number' ? block.howitzers : 0);
    if (pieces > 0) block.models = expectedModels(block.guns, block.howitzers ?? 0, to);
  }
  const frontage = lineFrontage(unit);
  report.units.push({ id: unit.id, name: unit.name, before, after: valuesOf(unit), frontage: frontage === undefined ? null : round2(frontage) });
  return unit;
}

function combinePair(a: Unit, b: Unit, report: ConversionReport, renamed: Map<string, string>): Unit {
  const fa = neBlock(a)!.figures;
  const fb = neBlock(b)!.figures;
  const merged: Unit = structuredClone(a);
  merged.name = `${a.name} + ${b.name}`;
  merged.mergedFrom = [...(a.mergedFrom ?? [a.id]), ...(b.mergedFrom ?? [b.id])];
  const block = neBlock(merged)!;
  if (typeof fa === 'number' || typeof fb === 'number') block.figures = (fa ?? 0) + (fb ?? 0);
  // One unit's men are not the joined unit's strength: sum them when both units give them, or say they are unknown.
  delete merged.men;
  const men = joinedMen(a, b);
  if (men.total !== undefined) merged.men = men.total;
  if (men.warning) report.warnings.push({ id: a.id, message: men.warning });
  if (typeof a.vp === 'number' || typeof b.vp === 'number') merged.vp = (a.vp ?? 0) + (b.vp ?? 0);
  if (neBlock(a)!.ranks !== neBlock(b)!.ranks) {
    report.warnings.push({ id: a.id, message: `"${a.name}" and "${b.name}" stand in different ranks; the joined unit keeps ${neBlock(a)!.ranks ?? 'the default'}` });
  }
  if (b.setup && a.setup) {
    report.warnings.push({ id: a.id, message: `"${b.name}" had its own set-up position; the joined unit stands where "${a.name}" stood` });
  }
  renamed.set(b.id, a.id);
  const frontage = lineFrontage(merged);
  const before: UnitValues = { ...valuesOf(a), figures: (fa ?? 0) + (fb ?? 0) };
  delete before.men;
  if (merged.men !== undefined) before.men = merged.men;
  report.units.push({
    id: merged.id,
    name: merged.name,
    before,
    after: valuesOf(merged),
    frontage: frontage === undefined ? null : round2(frontage),
    mergedFrom: [a, b].map((u) => {
      const f = neBlock(u)!.figures;
      return {
        id: u.id,
        name: u.name,
        ...(f === undefined ? {} : { figures: f }),
        ...(typeof u.men === 'number' ? { men: u.men } : {}),
      };
    }),
  });
  return merged;
}

/** The joined unit's men: the sum when both units give theirs; otherwise none, with a warning if only one did. */
function joinedMen(a: Unit, b: Unit): { total?: number; warning?: string } {
  const ma = typeof a.men === 'number' ? a.men : undefined;
  const mb = typeof b.men === 'number' ? b.men : undefined;
  if (ma !== undefined && mb !== undefined) return { total: ma + mb };
  if (ma === undefined && mb === undefined) return {};
  const [known, knownMen, missing] = ma !== undefined ? [a, ma, b] : [b, mb!, a];
  return {
    warning:
      `"${a.name} + ${b.name}": the joined unit's men are unknown, because "${missing.name}" gives none; ` +
      `"${known.name}"'s ${knownMen} men are only part of it, so "men" is left out`,
  };
}

/** Units folded into another keep working in deployments, reinforcements and victory lists under the new id. */
function renameReferences(doc: Scenario, renamed: Map<string, string>): void {
  const fix = (ids: string[] | undefined): string[] | undefined =>
    ids === undefined ? undefined : [...new Set(ids.map((id) => renamed.get(id) ?? id))];
  for (const side of doc.sides) {
    for (const d of side.deployment ?? []) if (d.units) d.units = fix(d.units)!;
    for (const r of side.reinforcements ?? []) r.units = fix(r.units)!;
  }
}
