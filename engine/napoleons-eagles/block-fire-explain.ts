// `adc explain --fire` for a unit in building blocks ('Figures Inside Buildings Firing Out'; rules notes §14): the
// block rule replaces the musket table there, so fire.ts (which prices the table) refuses such a firer and this
// answers instead. Each block of the unit holding 8 figures or more, with the target within 6" of it, rolls one d6
// per action; every 6 kills two. No modifier touches that die.
import type { NeBlockFireExplanation, NeExplanation } from '../../domain/engine-protocol.js';
import { blockFireSituation, occupancy, type Board } from './buildings.js';
import type { NeUnit } from './types.js';

/** Casualties a 6 inflicts, and the chance of one. */
const PER_SIX = 2;
const SIX = 1 / 6;

const r3 = (n: number): number => Math.round(n * 1000) / 1000;
const r2 = (n: number): number => Math.round(n * 100) / 100;

/** The explanation when `shooter` stands in the buildings, else null (fire.ts then answers). */
export function explainBlockFire(board: Board, shooter: NeUnit, target: NeUnit, actions: 1 | 2): NeExplanation | null {
  if (occupancy(board, shooter).length === 0) return null;
  const sit = blockFireSituation(board, shooter, target, actions);
  if (!sit.allowed) return sit;
  const dice = sit.blocks.length * actions;
  const out: NeBlockFireExplanation = {
    allowed: true,
    kind: 'block',
    range: r2(Math.min(...sit.blocks.map((b) => b.range))),
    actions,
    blocks: sit.blocks.map((b) => ({ block: b.block, figures: b.figures, range: r2(b.range) })),
    modifiers: [],
    total: 0,
    dice,
    hitOn: 6,
    casualtiesPerHit: PER_SIX,
    expected: r3(dice * SIX * PER_SIX),
  };
  return out;
}
