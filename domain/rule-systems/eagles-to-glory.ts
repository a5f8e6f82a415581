// Eagles to Glory: free-form inches, stands of class A–E, divisions with effectiveness points.
// See docs/rules/eagles-to-glory.md.
import type { Unit } from '../model.js';
import { checkOptionalStands, checkScenario } from './eagles-to-glory-checks.js';
import { ETG_OPTIONS } from './eagles-to-glory-options.js';
import { commonBarrier, type RuleProfile } from './profile.js';

/** Per-stand VP by type: infantry 20 and heavy cavalry 100 come from the rules' "Victory Points"; the rest are house values. */
const STAND_VP: Record<string, number> = {
  infantry: 20,
  'cavalry/light': 75,
  'cavalry/medium': 75,
  'cavalry/cossack': 75,
  'cavalry/heavy': 100,
  'cavalry/guard': 100,
  'artillery/foot': 60,
  'artillery/heavy': 60,
  'artillery/horse': 80,
  'train/baggage': 200,
  'train/caisson': 50,
  'train/engineers': 20,
};
/** Class A adds 20 per stand (rules); B–E are house values. */
const CLASS_VP: Record<string, number> = { A: 20, B: 10, C: 0, D: -5, E: -10 };

export function eaglesToGloryVp(unit: Unit): number {
  const block = unit.ratings?.['eagles-to-glory'];
  const stands = typeof block?.stands === 'number' ? block.stands : 1;
  const base = unit.arm === 'infantry' ? STAND_VP.infantry! : (STAND_VP[`${unit.arm}/${unit.type}`] ?? 0);
  const bonus = unit.arm === 'train' ? 0 : (CLASS_VP[String(block?.class)] ?? 0);
  return Math.max(0, base + bonus) * stands;
}

export const eaglesToGlory: RuleProfile = {
  id: 'eagles-to-glory',
  title: 'Eagles to Glory',
  description: 'Grand tactics on an open table: divisions of stands classed A–E, 15-minute turns, effectiveness points.',
  map: 'free',
  // A table that holds the rules' 36″ and 72″ distances (rules notes §1), four hours of 15-minute turns as in etg-01,
  // and no more turns than a division's 48 effectiveness points can order. Stands count no figures.
  defaults: { grid: { kind: 'none' }, table: { width: 72, height: 48 }, turnLimit: 16, maxTurns: 48 },
  oneUnitPerCell: false,
  testPlay: false,
  // Marsh is swamp here: slow going, not closed.
  setupBarrier: (_unit, features) => commonBarrier(features, true),
  checkUnit(ctx, entry, block, blockPath) {
    const { unit } = entry;
    if (block.class === undefined) ctx.error(blockPath, `"${unit.name}" has no class`, 'Add "class", from A (guard) to E (militia).');
    if (block.stands === undefined) ctx.error(blockPath, `"${unit.name}" has no number of stands`, 'Add "stands", e.g. 4.');
    if (unit.type === 'militia' && (block.class === 'A' || block.class === 'B')) {
      ctx.warn(`${blockPath}/class`, `Militia rated class ${block.class} is unusual`, 'Militia are usually class E.');
    }
    if (unit.type === 'guard' && (block.class === 'D' || block.class === 'E')) {
      ctx.warn(`${blockPath}/class`, `Guard rated class ${block.class} is unusual`, 'Guards are usually class A.');
    }
    const setup = unit.setup;
    if (setup?.formation === 'square' && unit.arm !== 'infantry') {
      ctx.warn(`${entry.path}/setup/formation`, `Only infantry form square; "${unit.name}" is ${unit.arm}`, 'Use line or column.');
    }
    checkOptionalStands(ctx, entry);
  },
  checkScenario,
  options: ETG_OPTIONS,
  vp: {
    name: 'Eagles to Glory table per stand: infantry 20, heavy cavalry 100, class A +20, supply wagon 200 (others house values); objectives 100',
    source: 'rules',
    unit: eaglesToGloryVp,
    objective: 100,
  },
};
