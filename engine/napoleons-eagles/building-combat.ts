// A charge on troops holding building blocks, resolved in step 9 ('Close Actions in Buildings' 1–5; rules notes
// §14) in place of the melee values: a d6 each on the struck block side, the loser pushed out. The defenders, as
// infantry in buildings, take no morale check when charged ('Morale Checks' under 'Buildings'); the charger still
// checks to close, as in every close action.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { blockFight, inBuildings, pushedOut, rollBlockFight, rollBlockFire, throwBack, type BlockFireSituation } from './buildings.js';
import type { NeDice } from './dice.js';
import { inflict } from './fire-step.js';
import { checkOutOfControl } from './out-of-control.js';
import { retreat } from './retreats.js';
import type { CloseAction, NeGameState } from './state.js';
import type { NeUnit } from './types.js';

function tire(u: NeUnit, events: GameEvent[]): void {
  const was = u.fatigue;
  u.fatigue = Math.min(3, u.fatigue + 1) as NeUnit['fatigue'];
  if (u.fatigue !== was) events.push({ type: 'fatigue', unit: u.id, level: u.fatigue });
}

const standing = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat';

/** Fights the block side the charger struck. Returns false when `target` is not in the buildings after all. */
export function fightInBuildings(s: NeGameState, c: CloseAction, charger: NeUnit, target: NeUnit, dice: NeDice, events: GameEvent[]): boolean {
  const fight = blockFight(s, charger, target);
  if (!fight) return false;
  const out = rollBlockFight(fight, dice);
  events.push({
    type: 'building-assault',
    charger: charger.id,
    target: target.id,
    block: fight.block,
    side: fight.side,
    figures: fight.figures,
    modifiers: { charger: fight.charger.map((m) => `${m.id} ${m.value}`), target: fight.defender.map((m) => `${m.id} ${m.value}`) },
    rolls: out.rolls,
    totals: out.totals,
    winner: out.winner,
  });
  const pushed = out.winner === 'charger' ? pushedOut(s, target, fight.block) : 0;
  inflict(s, target, out.onDefender, dice, events);
  inflict(s, charger, out.onCharger, dice, events);
  if (out.winner === 'charger') {
    if (standing(target)) {
      // Step 5: the unit goes when most of its figures are pushed out of the town.
      const left = Math.min(pushed, target.figures);
      events.push({ type: 'pushed-out', unit: target.id, block: fight.block, figures: left });
      if (left * 2 > target.figures) retreat(s, target, 'pushed out of the buildings', dice, events);
    }
    if (charger.arm === 'cavalry') checkOutOfControl(s, charger, { riddenDown: false, destroyed: target.status === 'eliminated' || target.status === 'surrendered', byOutOfControl: c.outOfControl === true }, dice, events);
  } else if (standing(charger) && !inBuildings(s, charger)) {
    const d = throwBack(s, charger);
    events.push({ type: 'thrown-back', unit: charger.id, from: fight.block, distance: d });
  }
  tire(charger, events);
  tire(target, events);
  return true;
}

/** Rolls a fire out of the buildings and applies it: casualties, and a morale mark on the target if it lost any. */
export function fireOutOfBlocks(s: NeGameState, shooter: NeUnit, target: NeUnit, sit: Extract<BlockFireSituation, { allowed: true }>, dice: NeDice, events: GameEvent[]): number {
  const r = rollBlockFire(sit, dice);
  events.push({ type: 'fire', unit: shooter.id, target: target.id, kind: 'block', actions: sit.actions, blocks: sit.blocks.map((b) => b.block), dice: r.dice, casualties: r.casualties });
  inflict(s, target, r.casualties, dice, events);
  const f = s.flow[target.id];
  if (f && r.casualties > 0) f.morale = true;
  return r.casualties;
}
