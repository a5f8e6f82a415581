// Step 9: close actions, in the order they were declared ('Resolving Close Actions' 1–9, 'Cavalry Charges Against
// Infantry or Artillery' 1–8, 'Ties', 'Multiple Unit Actions'; rules notes §13). The values, morale checks, ride-down
// and casualty rows are the combat part's (melee.ts `assaultSituation`, the one `adc explain` prints), judged where
// the two units stand in contact; the game adds what only its state knows (partial contact, the threshold, hits
// from defensive fire). Resolution stops at step 3 when the defender holds an action for defence: its side then
// chooses (the `defend` decision) and resolution goes on.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { hasDefenceAction } from './activation.js';
import { fightInBuildings } from './building-combat.js';
import { blockFireSituation, inBuildings, rollBlockFire } from './buildings.js';
import { captureCaisson } from './caissons.js';
import type { NeDice } from './dice.js';
import { fireAt, inflict, situationOf } from './fire-step.js';
import { bearing } from './geometry.js';
import { assaultSituation, type CavalryCharge, type CloseAction as MeleeSituation } from './melee.js';
import { moraleCheck, type MoraleCheck } from './morale.js';
import { checkMorale, rollCheck } from './morale-step.js';
import { combinedEnfilade } from './combined-enfilade.js';
import { rideDownByStart } from './flank-ride-down.js';
import { carryOver } from './fought-again.js';
import { againstRefusedFlank, flankSideOf, setRefused } from './refused-flank.js';
import { checkOutOfControl, OUT_OF_CONTROL_CLOSING } from './out-of-control.js';
import { defenderResult, rollTogether } from './several-chargers.js';
import { retreat, rout } from './retreats.js';
import { roomProblem } from './room.js';
import { unitById, type CloseAction, type NeGameState } from './state.js';
import type { NeModifier, NeUnit } from './types.js';

export type DefenceChoice = 'fire' | 'face' | 'square' | 'refuse' | 'none';

export { inflict };

const fighting = (u: NeUnit | undefined): u is NeUnit => !!u && (u.status === 'table' || u.status === 'retreat');
const mod = (id: string, reason: string, value: number): NeModifier => ({ id, reason, value });

/** The combat part's situation for a declared charge, where the two stand now. */
function situation(s: NeGameState, charger: NeUnit, target: NeUnit): MeleeSituation | CavalryCharge | null {
  const sit = assaultSituation({ table: s.table, units: s.units, leaders: s.leaders, attacker: charger, defender: target, resolving: true });
  // A flank held refused turns a flank charge into a fight face on (rules notes §15).
  return sit.allowed ? againstRefusedFlank(s, sit) : null;
}

const withModifier = (check: MoraleCheck, u: NeUnit, m: NeModifier): MoraleCheck => moraleCheck(u, [...check.modifiers, m]);

function voided(c: CloseAction, why: string, events: GameEvent[]): void {
  c.stage = 'done';
  events.push({ type: 'close-action-void', charger: c.charger, target: c.target, why });
}

/** Steps 2–3: the defender's morale, then whether it gets a defence decision. Returns true when one is awaited. */
function openCloseAction(s: NeGameState, c: CloseAction, dice: NeDice, events: GameEvent[]): boolean {
  const charger = unitById(s, c.charger);
  const target = unitById(s, c.target);
  if (!fighting(charger) || !fighting(target)) {
    voided(c, 'a side is no longer on the table', events);
    return false;
  }
  // A charger broken before its turn came (a counter-charge, an earlier fight) no longer charges.
  if (charger.status === 'retreat') {
    voided(c, `${charger.name} is retreating`, events);
    return false;
  }
  if (captureCaisson(s, charger, target, events)) {
    c.stage = 'done';
    return false;
  }
  const sit = situation(s, charger, target);
  if (!sit) {
    voided(c, 'the units are no longer in contact', events);
    return false;
  }
  s.flow[target.id]!.closeAction = true;
  s.flow[charger.id]!.closeAction = true;
  events.push({ type: 'close-action', charger: charger.id, target: target.id, aspect: sit.aspect, contact: c.contact });
  // 'Only one check is made' by a defender charged by several: a later charge finds it already steady or gone.
  const checked = s.closeActions.some((o) => o !== c && o.target === target.id && o.stage !== 'pending');
  // Infantry in buildings never checks morale ('Buildings', Morale Checks): it is charged without a check.
  const exempt = inBuildings(s, target);
  if (!checked && !exempt && !rollCheck(s, target, sit.defender.morale, 'charged', dice, events)) {
    if (sit.kind === 'cavalry-charge') rideDown(s, charger, target, sit, dice, events, c.outOfControl === true);
    else retreat(s, target, 'broke before the charge', dice, events);
    c.stage = 'done';
    return false;
  }
  if (!checked && hasDefenceAction(s.flow[target.id]!) && target.status !== 'retreat') {
    c.stage = 'defence';
    return true;
  }
  c.stage = 'defended';
  return false;
}

function fatigue(u: NeUnit, by: number, events: GameEvent[]): void {
  const was = u.fatigue;
  u.fatigue = Math.min(3, u.fatigue + by) as NeUnit['fatigue'];
  if (u.fatigue !== was) events.push({ type: 'fatigue', unit: u.id, level: u.fatigue });
}

/** 'Cavalry Charges' 6–8: the ride-down's casualties, the second check (rout or retreat), both sides +1 fatigue. */
function rideDown(s: NeGameState, cav: NeUnit, target: NeUnit, sit: CavalryCharge, dice: NeDice, events: GameEvent[], byOutOfControl = false): void {
  const { rideDown: casualties, cavalryLoses } = sit.casualties;
  events.push({ type: 'ride-down', charger: cav.id, target: target.id, casualties, cavalryLoses });
  inflict(s, target, casualties, dice, events);
  inflict(s, cav, cavalryLoses, dice, events);
  if (fighting(target)) {
    if (!checkMorale(s, target, [mod('ridden-down', 'ridden down', -1)], 'ridden down', dice, events)) rout(s, target, 'ridden down and broken', events);
    else retreat(s, target, 'ridden down', dice, events, true);
  }
  fatigue(cav, 1, events);
  fatigue(target, 1, events);
  checkOutOfControl(s, cav, { riddenDown: true, destroyed: target.status === 'eliminated' || target.status === 'surrendered', byOutOfControl }, dice, events);
}

/** The defence action (steps 3–4): fire at the charger, turn to face it, or form square. */
export function defend(s: NeGameState, c: CloseAction, choice: DefenceChoice, dice: NeDice, events: GameEvent[]): void {
  const charger = unitById(s, c.charger)!;
  const target = unitById(s, c.target)!;
  const f = s.flow[target.id]!;
  f.stand = false;
  f.ended = true;
  events.push({ type: 'defence', unit: target.id, choice });
  if (choice === 'fire' && inBuildings(s, target)) {
    // Troops in buildings fire out by the block rule ('Figures Inside Buildings Firing Out').
    const sit = blockFireSituation(s, target, charger, 1);
    if (sit.allowed) {
      const r = rollBlockFire(sit, dice);
      events.push({ type: 'fire', unit: target.id, target: charger.id, kind: 'block', actions: 1, dice: r.dice, casualties: r.casualties, defensive: true });
      inflict(s, charger, r.casualties, dice, events);
      c.fireHits = r.casualties;
    } else events.push({ type: 'defence-fire-refused', unit: target.id, reason: sit.reason });
  } else if (choice === 'fire') {
    // A square fires half its figures at charging cavalry ('Infantry Squares').
    const sit = situationOf(s, target, charger, 1, false, charger.arm === 'cavalry' && target.formation === 'square');
    if (sit.allowed) c.fireHits = fireAt(s, target, charger, sit, dice, events, true);
    else events.push({ type: 'defence-fire-refused', unit: target.id, reason: sit.reason });
  } else if (choice === 'face' || choice === 'square' || choice === 'refuse') {
    const cavalry = charger.arm === 'cavalry';
    if (cavalry && c.distance <= 10) {
      events.push({ type: 'defence-too-late', unit: target.id, reason: 'the cavalry charged from 10" or less' });
    } else {
      const bonus = (cavalry ? c.distance >= 16 : c.usedBefore >= 2) ? [mod('charger-came-far', cavalry ? 'the cavalry charged from 16" or more' : 'the charger used both actions before contact', 2)] : [];
      const why = choice === 'face' ? 'facing the charge' : choice === 'square' ? 'forming square' : 'refusing the flank';
      if (!checkMorale(s, target, bonus, why, dice, events)) {
        target.disordered = true;
        events.push({ type: 'disordered', unit: target.id });
      } else {
        const was = { facing: target.facing, formation: target.formation };
        if (choice === 'refuse') setRefused(s, target.id, flankSideOf(target, [charger.x, charger.y]));
        else setRefused(s, target.id, null);
        if (choice === 'face') target.facing = bearing([target.x, target.y], [charger.x, charger.y]);
        else if (choice === 'square') target.formation = 'square';
        if (roomProblem(s.table, s.units, target, [charger.id])) {
          Object.assign(target, was);
          events.push({ type: 'defence-no-room', unit: target.id });
        }
      }
    }
  }
  c.stage = 'defended';
}

interface Prepared {
  c: CloseAction;
  charger: NeUnit;
  target: NeUnit;
  fought: MeleeSituation;
}

/** Steps 5–6 up to the melee roll. Returns the fight to roll, or null when it ended otherwise (would not close, a
 *  ride-down or failed cavalry charge, a fight for a block). */
function prepare(s: NeGameState, c: CloseAction, dice: NeDice, events: GameEvent[]): Prepared | null {
  c.stage = 'done';
  const charger = unitById(s, c.charger)!;
  const target = unitById(s, c.target)!;
  if (!fighting(charger) || !fighting(target)) return null;
  const sit = situation(s, charger, target);
  if (!sit) return null;
  const cavalry = sit.kind === 'cavalry-charge' || charger.arm === 'cavalry';
  // A fight carried over from a tie closed last period; it only rolls the melee again ('Ties').
  let closing = c.fireHits > 0 ? withModifier(sit.attacker.morale, charger, mod('defensive-fire-hits', 'hit by defensive fire', -3)) : sit.attacker.morale;
  if (c.outOfControl) closing = withModifier(closing, charger, mod('out-of-control', 'out-of-control cavalry', OUT_OF_CONTROL_CLOSING));
  // Infantry attacking from one block into the next is in the buildings too, and takes no morale check.
  if (!c.again && !inBuildings(s, charger) && !rollCheck(s, charger, closing, 'closing', dice, events)) {
    // The text offers retreat or a halt 2" short; we take the first. Cavalry that charged and did not close still
    // tires ('Fatigue Levels'); infantry's fatigue is unchanged (step 5).
    retreat(s, charger, 'would not close', dice, events);
    if (cavalry) fatigue(charger, 1, events);
    return null;
  }
  if (inBuildings(s, target) && fightInBuildings(s, c, charger, target, dice, events)) return null;
  if (sit.kind === 'cavalry-charge') {
    // Where the cavalry started decides whether a line was hit from the front (rules notes §15).
    const byStart = rideDownByStart(s, c, charger, target, sit);
    // A disordered defender is no longer the unbroken wall the rule spares (notes §13).
    if (byStart.rideDown || target.disordered) rideDown(s, charger, target, sit, dice, events, c.outOfControl === true);
    else {
      events.push({ type: 'charge-fails', charger: charger.id, target: target.id });
      retreat(s, charger, 'its charge failed against formed infantry', dice, events);
      fatigue(charger, 1, events);
      fatigue(target, 1, events);
    }
    return null;
  }
  // Partial contact (notes §12's chargeContact) costs the charger 10; explain assumes full contact.
  // Several chargers on one defender add their enfilade together (rules notes §15).
  const joint = combinedEnfilade(s, sit);
  const fought: MeleeSituation =
    c.contact === 'partial'
      ? { ...joint, attacker: { ...joint.attacker, modifiers: [...joint.attacker.modifiers, mod('partial-contact', 'partial contact', -10)], value: Math.max(0, joint.attacker.value - 10) } }
      : joint;
  return { c, charger, target, fought };
}

/**
 * The defender's other fights of this step 9 that come to the melee with this one ('Multiple Unit Actions',
 * Example-1: every charger checks to close, then all roll against the defender's one die). Cavalry against foot or
 * guns has no melee roll and keeps its own turn.
 */
function alongside(s: NeGameState, first: Prepared, dice: NeDice, events: GameEvent[]): Prepared[] {
  const out: Prepared[] = [];
  const d = first.target;
  for (const o of s.closeActions.slice(s.closeActions.indexOf(first.c) + 1)) {
    if (o.target !== d.id || o.stage === 'done' || o.stage === 'defence') continue;
    const charger = unitById(s, o.charger);
    if (!charger || (charger.arm === 'cavalry' && d.arm !== 'cavalry')) continue;
    if (o.stage === 'pending' && (openCloseAction(s, o, dice, events) || (o.stage as CloseAction['stage']) !== 'defended')) continue;
    const p = prepare(s, o, dice, events);
    if (p) out.push(p);
  }
  return out;
}

/** Steps 5–9 once the defence is settled. */
function closeIn(s: NeGameState, c: CloseAction, dice: NeDice, events: GameEvent[]): void {
  const first = prepare(s, c, dice, events);
  if (!first) return;
  const fights = [first, ...alongside(s, first, dice, events)];
  const outcomes = rollTogether(fights.map((f) => f.fought), dice);
  const target = first.target;
  const decided: Prepared[] = [];
  fights.forEach(({ c: ca, charger, fought }, i) => {
    const out = outcomes[i]!;
    const winner = out.winner === 'attacker' ? 'charger' : out.winner === 'defender' ? 'defender' : 'again';
    events.push({ type: 'melee', charger: charger.id, target: target.id, values: [fought.attacker.value, fought.defender.value], rolls: [out.attackerRoll, out.defenderRoll], totals: [out.attackerTotal, out.defenderTotal], winner });
    if (winner === 'again') {
      events.push({ type: 'fought-again', charger: charger.id, target: target.id });
      carryOver(s, ca);
      return;
    }
    decided.push(fights[i]!);
    events.push({ type: 'close-casualties', charger: charger.id, target: target.id, onTarget: out.defenderLoses, onCharger: out.attackerLoses });
    inflict(s, target, out.defenderLoses, dice, events);
    inflict(s, charger, out.attackerLoses, dice, events);
  });
  if (decided.length === 0) return;
  const won = (p: Prepared) => outcomes[fights.indexOf(p)]!.winner === 'attacker';
  const defender = defenderResult(decided.map((p) => outcomes[fights.indexOf(p)]!));
  const recover = (u: NeUnit) => {
    if (u.status !== 'retreat') return;
    u.status = 'table';
    u.retreatActions = 0;
    events.push({ type: 'recovered', unit: u.id });
  };
  for (const p of decided) if (won(p)) recover(p.charger);
  if (defender === 'won') recover(target);
  // Step 8: each loser checks once; the defender once however many beat it; a losing charger adds 2.
  let targetChecked = false;
  for (const p of decided) {
    const loser = won(p) ? target : p.charger;
    if (loser === target && targetChecked) continue;
    if (loser === target) targetChecked = true;
    if (!fighting(loser)) continue;
    if (loser.status === 'retreat') rout(s, loser, 'lost a close action while retreating', events);
    else if (!checkMorale(s, loser, loser === p.charger ? [mod('losing-charger', 'the losing side charged', 2)] : [], 'lost the close action', dice, events)) rout(s, loser, 'lost the close action and broke', events);
    else retreat(s, loser, 'lost the close action', dice, events);
  }
  // Step 9: one close action for the defender however many charged it.
  for (const p of decided) fatigue(p.charger, 1, events);
  fatigue(target, 1, events);
  const gone = (u: NeUnit) => u.status === 'eliminated' || u.status === 'surrendered';
  for (const p of decided) {
    if (won(p) && p.charger.arm === 'cavalry') checkOutOfControl(s, p.charger, { riddenDown: false, destroyed: gone(target), byOutOfControl: p.c.outOfControl === true }, dice, events);
  }
  if (defender === 'won' && target.arm === 'cavalry') {
    const beaten = decided.filter((p) => !won(p)).map((p) => p.charger);
    checkOutOfControl(s, target, { riddenDown: false, destroyed: beaten.some(gone), byOutOfControl: false }, dice, events);
  }
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
      if ((c.stage as CloseAction['stage']) === 'done') continue;
    }
    closeIn(s, c, dice, events);
  }
  return null;
}
