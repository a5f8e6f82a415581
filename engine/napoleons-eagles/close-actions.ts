// Step 9: close actions, in the order they were declared ('Resolving Close Actions' 1–9, 'Cavalry Charges Against
// Infantry or Artillery' 1–8, 'Ties', 'Multiple Unit Actions'; rules notes §13). Resolution stops at step 3 when
// the defender holds an action for defence: its side then chooses (the `defend` decision) and resolution goes on.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { hasDefenceAction } from './activation.js';
import type { NeDice } from './dice.js';
import { rectOf } from './footprint.js';
import { aspectOf, bearing } from './geometry.js';
import { closeCasualties, firePlan, frontRankFigures, meleeValue, placeProblem, rollFire } from './interim.js';
import { checkMorale } from './morale-step.js';
import { retreat, rout } from './retreats.js';
import { unitById, type CloseAction, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

export type DefenceChoice = 'fire' | 'face' | 'square' | 'none';

/** Figures lost, to zero at least; a battery's losses are crew hits, silencing it at its cannons (+1 guard). */
export function inflict(s: NeGameState, u: NeUnit, n: number, events: GameEvent[]): void {
  if (n <= 0) return;
  if (u.arm === 'artillery') {
    u.crewHits += n;
    if (u.crewHits >= u.guns + (u.guardBattery ? 1 : 0) && u.status !== 'routed') {
      u.status = 'silenced';
      events.push({ type: 'silenced', unit: u.id });
    }
    return;
  }
  u.figures = Math.max(0, u.figures - n);
  if (u.figures === 0) {
    u.status = 'eliminated';
    events.push({ type: 'eliminated', unit: u.id });
  }
}

const fighting = (u: NeUnit | undefined): u is NeUnit => !!u && (u.status === 'table' || u.status === 'retreat');

/** Steps 2–3: the defender's morale, then whether it gets a defence decision. Returns true when one is awaited. */
function openCloseAction(s: NeGameState, c: CloseAction, dice: NeDice, events: GameEvent[]): boolean {
  const charger = unitById(s, c.charger);
  const target = unitById(s, c.target);
  if (!fighting(charger) || !fighting(target)) {
    c.stage = 'done';
    events.push({ type: 'close-action-void', charger: c.charger, target: c.target });
    return false;
  }
  s.flow[target.id]!.closeAction = true;
  s.flow[charger.id]!.closeAction = true;
  events.push({ type: 'close-action', charger: charger.id, target: target.id, aspect: c.aspect, contact: c.contact });
  const cavalryCharge = charger.arm === 'cavalry' && target.arm !== 'cavalry';
  const flankCharged = c.aspect !== 'front' ? -4 : 0;
  const byCavalry = charger.arm === 'cavalry' && target.arm === 'infantry' && target.formation !== 'square' ? -3 : 0;
  const square = charger.arm === 'cavalry' && target.formation === 'square' ? 3 : 0;
  if (!checkMorale(s, target, flankCharged + byCavalry + square, 'charged', dice, events)) {
    if (cavalryCharge) rideDown(s, charger, target, dice, events);
    else retreat(s, target, 'broke before the charge', dice, events);
    fatigue(charger, 1, events);
    c.stage = 'done';
    return false;
  }
  if (hasDefenceAction(s.flow[target.id]!) && target.status !== 'retreat') {
    c.stage = 'defence';
    return true;
  }
  return false;
}

function fatigue(u: NeUnit, by: number, events: GameEvent[]): void {
  const was = u.fatigue;
  u.fatigue = Math.min(3, u.fatigue + by) as NeUnit['fatigue'];
  if (u.fatigue !== was) events.push({ type: 'fatigue', unit: u.id, level: u.fatigue });
}

function rideDown(s: NeGameState, cav: NeUnit, target: NeUnit, dice: NeDice, events: GameEvent[]): void {
  const casualties = Math.floor(cav.figures / 2);
  const hadSix = target.arm === 'artillery' || target.figures >= 6;
  events.push({ type: 'ride-down', charger: cav.id, target: target.id, casualties, cavalryLoses: hadSix ? 1 : 0 });
  inflict(s, target, casualties, events);
  if (hadSix) inflict(s, cav, 1, events);
  if (fighting(target)) {
    if (!checkMorale(s, target, -1, 'ridden down', dice, events)) rout(s, target, 'ridden down and broken', events);
    else retreat(s, target, 'ridden down', dice, events, true);
  }
  fatigue(target, 1, events);
}

/** The defence action (steps 3–4): fire at the charger, turn to face it, or form square. */
export function defend(s: NeGameState, c: CloseAction, choice: DefenceChoice, dice: NeDice, events: GameEvent[]): void {
  const charger = unitById(s, c.charger)!;
  const target = unitById(s, c.target)!;
  const f = s.flow[target.id]!;
  f.stand = false;
  f.ended = true;
  events.push({ type: 'defence', unit: target.id, choice });
  if (choice === 'fire') {
    const plan = firePlan(s.table, s.units, target, charger);
    if (plan.ok) {
      const r = rollFire(plan, 1, dice.d6);
      events.push({ type: 'fire', unit: target.id, target: charger.id, kind: plan.kind, actions: 1, dice: r.dice, casualties: r.casualties, defensive: true });
      inflict(s, charger, r.casualties, events);
    } else events.push({ type: 'defence-fire-refused', unit: target.id, reason: plan.reason });
  } else if (choice === 'face' || choice === 'square') {
    const cavalry = charger.arm === 'cavalry';
    if (cavalry && c.distance <= 10) {
      events.push({ type: 'defence-too-late', unit: target.id, reason: 'the cavalry charged from 10" or less' });
    } else {
      const bonus = (cavalry ? c.distance >= 16 : c.usedBefore >= 2) ? 2 : 0;
      if (!checkMorale(s, target, bonus, choice === 'face' ? 'facing the charge' : 'forming square', dice, events)) {
        target.disordered = true;
        events.push({ type: 'disordered', unit: target.id });
      } else {
        const was = { facing: target.facing, formation: target.formation };
        if (choice === 'face') target.facing = bearing([target.x, target.y], [charger.x, charger.y]);
        else target.formation = 'square';
        if (placeProblem(s.table, s.units, target, { centre: [target.x, target.y], width: 0, depth: 0, facing: target.facing }, [charger.id])) {
          Object.assign(target, was);
          events.push({ type: 'defence-no-room', unit: target.id });
        } else {
          c.aspect = choice === 'square' ? 'front' : aspectOf(rectOf(target, s.table), [charger.x, charger.y]);
        }
      }
    }
  }
  c.stage = 'defended';
}

/** Steps 5–9 once the defence is settled. */
function closeIn(s: NeGameState, c: CloseAction, dice: NeDice, events: GameEvent[]): void {
  c.stage = 'done';
  const charger = unitById(s, c.charger)!;
  const target = unitById(s, c.target)!;
  if (!fighting(charger) || !fighting(target)) return;
  const flank = c.aspect !== 'front' ? 1 : 0;
  if (!checkMorale(s, charger, flank, 'closing', dice, events)) {
    retreat(s, charger, 'would not close', dice, events);
    fatigue(charger, 1, events);
    return;
  }
  if (charger.arm === 'cavalry' && target.arm !== 'cavalry') {
    const contact = Math.min(frontRankFigures(charger), charger.figures);
    const holds = target.formation === 'square' || (target.arm === 'infantry' && target.formation === 'line' && c.aspect === 'front' && frontRankFigures(target) >= Math.floor(1.5 * contact));
    if (holds && !target.disordered) {
      events.push({ type: 'charge-fails', charger: charger.id, target: target.id });
      retreat(s, charger, 'its charge failed against formed infantry', dice, events);
    } else rideDown(s, charger, target, dice, events);
    fatigue(charger, 1, events);
    return;
  }
  const mvC = meleeValue(charger, s.leaders, 'charger', c.aspect, c.contact);
  const mvD = meleeValue(target, s.leaders, 'defender', c.aspect, c.contact);
  const dC = dice.d6();
  const dD = dice.d6();
  let winner: 'charger' | 'defender' | 'again';
  let bothLose = false;
  if (dC * mvC !== dD * mvD) winner = dC * mvC > dD * mvD ? 'charger' : 'defender';
  else if (charger.melee !== target.melee) {
    winner = charger.melee > target.melee ? 'charger' : 'defender';
    bothLose = true;
  } else winner = 'again';
  events.push({ type: 'melee', charger: charger.id, target: target.id, values: [mvC, mvD], rolls: [dC, dD], totals: [dC * mvC, dD * mvD], winner });
  const contact = Math.max(1, Math.min(frontRankFigures(charger), charger.figures));
  const cc = charger.arm === 'cavalry' && target.arm === 'cavalry' ? 1 : 0;
  const byC = dice.d6() + (winner === 'charger' && !bothLose ? 1 : 0) + cc + flank;
  const byD = dice.d6() + (winner === 'defender' && !bothLose ? 1 : 0) + cc;
  const onD = closeCasualties(contact, byC);
  const onC = closeCasualties(contact, byD);
  events.push({ type: 'close-casualties', charger: charger.id, target: target.id, onTarget: onD, onCharger: onC });
  inflict(s, target, onD, events);
  inflict(s, charger, onC, events);
  if (winner !== 'again') {
    const loser = winner === 'charger' ? target : charger;
    const won = winner === 'charger' ? charger : target;
    if (won.status === 'retreat') {
      won.status = 'table';
      won.retreatActions = 0;
      events.push({ type: 'recovered', unit: won.id });
    }
    if (fighting(loser)) {
      if (loser.status === 'retreat') rout(s, loser, 'lost a close action while retreating', events);
      else if (!checkMorale(s, loser, loser === charger ? 2 : 0, 'lost the close action', dice, events)) rout(s, loser, 'lost the close action and broke', events);
      else retreat(s, loser, 'lost the close action', dice, events);
    }
  }
  fatigue(charger, 1, events);
  fatigue(target, 1, events);
}

/**
 * Resolves close actions from the first not done; stops when a defender's side must choose its defence. Returns
 * the close action awaiting a defence, or null when all are done.
 */
export function resolveCloseActions(s: NeGameState, dice: NeDice, events: GameEvent[]): CloseAction | null {
  for (const c of s.closeActions) {
    if (c.stage === 'done') continue;
    if (c.stage === 'defence') return c;
    if (c.stage === 'pending') {
      if (openCloseAction(s, c, dice, events)) return c;
      // openCloseAction may have ended it (the defender broke, or a side was gone).
      if ((c.stage as CloseAction['stage']) === 'done') continue;
    }
    closeIn(s, c, dice, events);
  }
  return null;
}
