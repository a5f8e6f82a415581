// The end of a Hex Skirmish game: victory points with the objectives' value added for their holders, and the
// scenario's victory conditions checked in order (file-format.md "Objectives and victory"; rules notes §7.7).
import { other, stands, type GameState, type Side } from './types.js';

/** Each side's VP: what it scored in play, plus every objective it holds. */
export function totalVp(s: GameState): [number, number] {
  const out: [number, number] = [s.vp[0], s.vp[1]];
  s.board.objectives.forEach((o, k) => {
    const h = s.control[k];
    if (h === 0 || h === 1) out[h] += o.vp;
  });
  return out;
}

const sideIndex = (s: GameState, id: unknown): Side | -1 => (id === s.meta.sides[0].id ? 0 : id === s.meta.sides[1].id ? 1 : -1);

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

export function endOfGame(s: GameState): { winner: Side | -1; reason: string; condition: number } {
  const name = (i: Side) => s.meta.sides[i].key;
  const list = s.meta.victory;
  for (let k = 0; k < list.length; k++) {
    const v = list[k]!;
    switch (v.kind) {
      case 'hold': {
        const si = sideIndex(s, v.side);
        if (si === -1 || v.objectives.length === 0) break;
        const all = v.objectives.every((id) => {
          const j = s.board.objectives.findIndex((o) => o.id === id);
          return j >= 0 && s.control[j] === si;
        });
        if (all) return { winner: si, reason: `${name(si)} holds ${v.objectives.join(', ')}`, condition: k };
        break;
      }
      case 'exit': {
        const si = sideIndex(s, v.side);
        if (si === -1) break;
        const n = exitedUnits(s, si, v.edge);
        if (n >= v.count) return { winner: si, reason: `${name(si)} moved ${n} units off the ${v.edge} edge`, condition: k };
        break;
      }
      case 'destroy': {
        const need = v.percent / 100 - 1e-9;
        const met = ([0, 1] as Side[]).filter((si) => (v.side === 'any' || sideIndex(s, v.side) === si) && destroyedShare(s, other(si)) >= need);
        if (met.length === 0) break;
        let si = met[0]!;
        if (met.length === 2) {
          const a = destroyedShare(s, 1);
          const c = destroyedShare(s, 0);
          if (a === c) break;
          si = a > c ? 0 : 1;
        }
        return { winner: si, reason: `${name(si)} destroyed ${Math.round(destroyedShare(s, other(si)) * 100)}% of the enemy's units`, condition: k };
      }
      case 'points': {
        const [r, b] = totalVp(s);
        const only = v.side === undefined || v.side === 'any' ? -1 : sideIndex(s, v.side);
        if (r === b) break;
        const si: Side = r > b ? 0 : 1;
        if (only >= 0 && only !== si) break;
        return { winner: si, reason: `${name(si)} wins on points, ${Math.max(r, b)} to ${Math.min(r, b)}`, condition: k };
      }
      default:
        break;
    }
  }
  return { winner: -1, reason: s.turn >= s.meta.limit ? 'turn limit reached with no victory condition met' : 'no victory condition met', condition: -1 };
}
