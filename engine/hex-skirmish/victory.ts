// The end of a Hex Skirmish game: victory points with the objectives' value added for their holders, and the
// scenario's victory conditions checked in order (file-format.md "Objectives and victory"; rules notes §7.7).
import { firstMet, noVictory, type VictoryProbes } from '../victory-conditions.js';
import { stands, type GameState, type Side } from './types.js';

/** Each side's VP: what it scored in play, plus every objective it holds. */
export function totalVp(s: GameState): [number, number] {
  const out: [number, number] = [s.vp[0], s.vp[1]];
  s.board.objectives.forEach((o, k) => {
    const h = s.control[k];
    if (h === 0 || h === 1) out[h] += o.vp;
  });
  return out;
}

/** Scenario units of `side` that went off by `edge`: each counts once, however its men were split or joined. */
export function exitedUnits(s: GameState, side: Side, edge: string): number {
  const ids = new Set<string>();
  for (const p of s.pieces) if (p.side === side && p.status === 'exited' && p.exitEdge === edge && (p.men > 0 || p.wagon || p.gun)) for (const o of p.origins) ids.add(o);
  return ids.size;
}

/** Share of `side`'s scenario units with no men left on the map or gone off by an exit (§7.7). */
export function destroyedShare(s: GameState, side: Side): number {
  const units = s.meta.units[side];
  if (units.length === 0) return 0;
  const alive = new Set<string>();
  for (const p of s.pieces) {
    if (p.side !== side) continue;
    if ((stands(p) && p.men > 0) || p.status === 'exited' || p.status === 'reserve' || (p.status === 'table' && p.state === 'routing')) for (const o of p.origins) alive.add(o);
  }
  return units.filter((u) => !alive.has(u)).length / units.length;
}

/** The questions the shared victory conditions ask, answered from this game's state. */
function probes(s: GameState): VictoryProbes {
  return {
    sides: s.meta.sides,
    holder: (id) => {
      const k = s.board.objectives.findIndex((o) => o.id === id);
      return k >= 0 ? s.control[k]! : -1;
    },
    exited: (side, edge) => exitedUnits(s, side, edge),
    destroyedShare: (side) => destroyedShare(s, side),
    points: () => totalVp(s),
  };
}

/** The first victory condition met at the end, in the scenario's order, or a draw. */
export function endOfGame(s: GameState): { winner: Side | -1; reason: string; condition: number } {
  return firstMet(probes(s), s.meta.victory) ?? noVictory(s.turn >= s.meta.limit);
}
