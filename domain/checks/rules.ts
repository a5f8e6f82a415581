// Checks that depend on the scenario's rule system: the map it needs, the ratings it reads, its conventions.
import { gridSize, isCellGrid } from '../grid.js';
import { ARMS, isScenario } from '../model.js';
import type { RuleProfile } from '../rule-systems/profile.js';
import type { CheckContext } from './context.js';

export function checkRules(ctx: CheckContext, profile: RuleProfile | undefined): void {
  const doc = ctx.doc;
  const ratio = typeof doc.scale?.figureRatio === 'number' ? doc.scale.figureRatio : undefined;
  if (ratio !== undefined && ratio !== 30 && ratio !== 60) {
    ctx.warn('/scale/figureRatio', `A figure ratio of 1:${ratio} is unusual`, 'Most lists use 1:30 or 1:60.');
  }
  if (!profile) return;
  if (!isScenario(doc) && profile.id === 'napoleons-eagles' && ratio === undefined) {
    ctx.error('', `A Napoleon's Eagles army list needs "scale"`, 'Add "scale": {"figureRatio": 60} (or 30).');
  }

  if (ctx.scenario) checkMap(ctx, profile);

  for (const entry of ctx.units) {
    // A unit without a known arm has already failed the schema, and its ratings cannot be judged without one.
    if (typeof entry.unit.arm !== 'string' || !Object.hasOwn(ARMS, entry.unit.arm)) continue;
    const ratings = entry.unit.ratings;
    const block = ratings && typeof ratings === 'object' ? ratings[profile.id] : undefined;
    if (block === undefined || block === null || typeof block !== 'object') {
      // These systems need no ratings for train units, but still say what they make of them.
      if (profile.trainsNeedNoRatings && entry.unit.arm === 'train') {
        profile.checkUnit(ctx, entry, {}, `${entry.path}/ratings/${profile.id}`, ratio);
        continue;
      }
      const path = ratings && typeof ratings === 'object' ? `${entry.path}/ratings` : entry.path;
      ctx.error(
        path,
        `"${entry.unit.name}" has no ${profile.title} ratings`,
        `Add "ratings": {"${profile.id}": {…}}; ratings for other rule systems are kept but not used.`,
      );
      continue;
    }
    profile.checkUnit(ctx, entry, block, `${entry.path}/ratings/${profile.id}`, ratio);
  }
  for (const n of ctx.forces) {
    if (n.kind === 'leader' && profile.checkLeader) profile.checkLeader(ctx, n.node, n.path, n.parent);
  }

  if (ctx.scenario) profile.checkScenario?.(ctx);
}

function checkMap(ctx: CheckContext, profile: RuleProfile): void {
  const s = ctx.scenario!;
  const grid = s.grid ?? { kind: 'none' as const };
  if (!s.table || typeof s.table.width !== 'number' || typeof s.table.height !== 'number') return;
  const path = s.grid ? '/grid/kind' : '';
  if (profile.map === 'square' && grid.kind !== 'square') {
    ctx.error(path, `${profile.title} is played on a square grid, but this map has ${grid.kind === 'hex' ? 'a hex grid' : 'no grid'}`, 'Set "grid": {"kind": "square", "cell": 6}.');
    return;
  }
  if (profile.map === 'hex' && grid.kind !== 'hex') {
    ctx.error(path, `${profile.title} is played on hexes, but this map has ${grid.kind === 'square' ? 'a square grid' : 'no grid'}`, 'Set "grid": {"kind": "hex", "cell": 6, "orientation": "flat"}.');
    return;
  }
  if (!isCellGrid(grid) || typeof grid.cell !== 'number' || grid.cell <= 0) return;
  const size = gridSize(grid, s.table);
  if (size.tooLarge) return; // the geometry check names the limit
  if (size.cols === 0 || size.rows === 0) {
    ctx.error('/grid/cell', `Cells of ${grid.cell}" do not fit on a ${s.table.width}" × ${s.table.height}" table`, 'Use smaller cells.');
  } else if (!size.exact) {
    ctx.warn('/grid/cell', `Cells of ${grid.cell}" do not tile the ${s.table.width}" × ${s.table.height}" table exactly (${size.cols} × ${size.rows} whole cells)`, 'Pick a cell size that divides the table, e.g. 6" on a 36" table.');
  }
  const usual = profile.usualCell;
  if (usual && (grid.cell < usual.min || grid.cell > usual.max)) {
    ctx.warn('/grid/cell', `${profile.title} ${usual.noun} are usually ${usual.min}–${usual.max}", not ${grid.cell}"`, `Use a ${usual.noun.replace(/e?s$/, '')} of ${usual.min} to ${usual.max} inches.`);
  }
}
