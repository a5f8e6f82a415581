// Target priority ('Shooting Over Units and Target Priority' rule 2; rules notes §15): a unit fires at the nearest
// enemy that is a potential or actual threat, skirmishers ignored. A threat is any enemy in good order on the table
// that is neither a skirmish screen nor a train: retreating units are no threat (as 'Surrendering' says of
// surrounded units), and a battery silenced or a unit already in a close action cannot be fired at. A fire is refused when the firer could
// fire, with the same actions, at such a threat strictly nearer than its target (range from its front edge, as every
// range). A screen or a retreating unit nearer than every threat may be fired at: they are ignored, not forbidden.
// Defensive fire at a charger is not chosen, so the rule does not touch it.
import { rectOf } from './footprint.js';
import type { FireSituation } from './fire.js';
import { frontEdgeDistance } from './geometry.js';
import { onTable, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** Ranges within this much of each other count as equal: the player chooses between them. */
const SAME_RANGE = 0.01;

// A train (caisson, baggage, engineers) carries no weapon and threatens nobody.
export const isThreat = (u: NeUnit): boolean => u.status === 'table' && u.formation !== 'skirmish' && u.arm !== 'train';

/**
 * The nearer threat `shooter` must fire at instead of `target`, or null when `target` is a fair choice.
 * `situationFor` prices a fire at another unit the way the game would (game.ts fireCheck's own test).
 */
export function nearerThreat(
  s: NeGameState,
  shooter: NeUnit,
  target: NeUnit,
  range: number,
  situationFor: (other: NeUnit) => FireSituation,
): NeUnit | null {
  const sr = rectOf(shooter, s.table);
  const inFight = new Set(s.closeActions.filter((c) => c.stage !== 'done').flatMap((c) => [c.charger, c.target]));
  let best: { u: NeUnit; range: number } | null = null;
  for (const o of s.units) {
    if (o.id === target.id || o.side === shooter.side || !onTable(o) || !isThreat(o) || inFight.has(o.id)) continue;
    const r = frontEdgeDistance(sr, rectOf(o, s.table));
    if (r >= range - SAME_RANGE || (best && r >= best.range)) continue;
    if (!situationFor(o).allowed) continue;
    best = { u: o, range: r };
  }
  return best?.u ?? null;
}
