// Objectives and victory: who controls each objective, the victory points, whether the game ends at the end of a
// turn, and who won. The conditions themselves are checked by engine/victory-conditions.ts for every engine; this
// file answers its questions from a Square Eagles state.
import type { Outcome } from '../rules-engine.js';
import { firstMet, noVictory, type Decision, type VictoryProbes } from '../victory-conditions.js';
import { boardTables } from './board-tables.js';
import { editControl, isSpent, onTable, other, type GameState, type SideIndex } from './types.js';

/** A finished game as the rules report it; the adapter adds the structured `decidedBy`. */
export type GameResult = Outcome;

/** A side controls an objective when only its units stand in it; an empty or contested one keeps its holder. */
export function updateControl(s: GameState): void {
  const b = s.board;
  // With nobody (able to hold one) standing on any objective, every holder stays: asked once, not per objective.
  const objectiveBox = boardTables(b).objectiveBox;
  let anyone = false;
  for (const u of s.units) {
    if (onTable(u) && !isSpent(u) && objectiveBox[u.cell] === 1) {
      anyone = true;
      break;
    }
  }
  if (!anyone) return;
  b.objectives.forEach((o, k) => {
    let present = 0;
    for (const u of s.units) {
      if (!onTable(u) || isSpent(u) || !o.cells.includes(u.cell)) continue;
      present |= u.side === 0 ? 1 : 2;
    }
    // Written only when it changes hands: the holders are shared with the state before until then.
    const holder = present === 1 ? 0 : present === 2 ? 1 : s.control[k]!.holder;
    if (holder !== s.control[k]!.holder) editControl(s)[k]!.holder = holder;
  });
}

export function victoryPoints(s: GameState): [number, number] {
  const vp: [number, number] = [0, 0];
  for (const u of s.units) if (u.status === 'eliminated') vp[other(u.side)] += u.vp;
  s.board.objectives.forEach((o, k) => {
    const h = s.control[k]!.holder;
    if (h === 0 || h === 1) vp[h] += o.vp;
  });
  return vp;
}

/** How many units a side has and how many of them are eliminated (counted, not filtered: an empty `filter` result is an array of another kind, which the reads after it met late). */
export function sideLosses(s: GameState, side: SideIndex): { units: number; lost: number } {
  let units = 0;
  let lost = 0;
  for (const u of s.units) {
    if (u.side !== side) continue;
    units++;
    if (u.status === 'eliminated') lost++;
  }
  return { units, lost };
}

function destroyedShare(s: GameState, side: SideIndex): number {
  const { units, lost } = sideLosses(s, side);
  return units === 0 ? 0 : lost / units;
}

function exitedCount(s: GameState, side: SideIndex): number {
  return s.units.filter((u) => u.side === side && u.status === 'exited').length;
}

/** The questions the shared victory conditions ask, answered from this game's state. */
function probes(s: GameState): VictoryProbes {
  return {
    sides: s.meta.sides,
    holder: (id) => {
      const h = s.control.find((c) => c.id === id)?.holder;
      return h === 0 || h === 1 ? h : -1;
    },
    exited: (side) => exitedCount(s, side),
    destroyedShare: (side) => destroyedShare(s, side),
    points: () => victoryPoints(s),
  };
}

/**
 * The exit and destroy conditions met now, the first in the scenario's order: they end the game at the end of the
 * turn in which they are met, so the one that ended it decides it, for the side that met it. Null when none is met.
 */
function suddenDeathVerdict(s: GameState): Decision | null {
  return firstMet(probes(s), s.meta.victory, ['exit', 'destroy']);
}

/** Exit and destroy conditions end the game as soon as they are met (at the end of a turn), as does a side with
 * nothing left to fight with. */
export function suddenDeath(s: GameState): boolean {
  if (suddenDeathVerdict(s)) return true;
  for (const side of [0, 1] as const) {
    const alive = s.units.some((u) => u.side === side && (u.status === 'table' || u.status === 'reserve'));
    if (!alive) return true;
  }
  return false;
}

export function evaluateVictory(s: GameState): { winner: SideIndex | -1; reason: string; condition: number } {
  // A met exit or destroy condition is what ends the game, so it decides: a hold or points condition listed above
  // it does not take the game from the side that met it. Otherwise (turn limit, or a side with nothing left) the
  // conditions are checked in order and the first met decides.
  return suddenDeathVerdict(s) ?? firstMet(probes(s), s.meta.victory) ?? noVictory(s.turn >= s.meta.limit);
}

export function result(s: GameState): GameResult {
  const outcome = s.outcome ?? evaluateVictory(s);
  const [r, b] = victoryPoints(s);
  const vp = s.meta.sides[0].key === 'red' ? { red: r, blue: b } : { red: b, blue: r };
  return {
    winner: outcome.winner === -1 ? 'draw' : s.meta.sides[outcome.winner].key,
    reason: outcome.reason,
    turns: s.turn,
    vp,
    condition: outcome.condition,
  };
}
