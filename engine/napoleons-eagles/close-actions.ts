// Step 9: close actions, in the order they were declared ('Resolving Close Actions' 1–9, 'Cavalry Charges Against
// Infantry or Artillery' 1–8, 'Ties', 'Multiple Unit Actions'; rules notes §13). The values, morale checks, ride-down
// and casualty rows are the combat part's (melee.ts `assaultSituation`, the one `adc explain` prints), judged where
// the two units stand in contact; the game adds what only its state knows (partial contact, the threshold, hits
// from defensive fire). Resolution stops at step 3 when the defender holds an action for defence: its side then
// chooses (the `defend` decision) and resolution goes on.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { ACTIONS_PER_PERIOD, hasDefenceAction } from './activation.js';
import { fightInBuildings } from './building-combat.js';
import { blockFireSituation, inBuildings, rollBlockFire } from './buildings.js';
import { captureCaisson } from './caissons.js';
import { haltShort } from './charge-halt.js';
import type { NeDice } from './dice.js';
import { fireAt, inflict, situationOf } from './fire-step.js';
import { bearing, rectsOverlap } from './geometry.js';
import { rectOf } from './footprint.js';
import { assaultSituation, resolveCloseAction, type CavalryCharge, type CloseAction as MeleeSituation } from './melee.js';
import { moraleCheck, type MoraleCheck } from './morale.js';
import { checkMorale, rollCheck } from './morale-step.js';
import { combinedEnfilade } from './combined-enfilade.js';
import { rideDownByStart } from './flank-ride-down.js';
import { carryOver } from './fought-again.js';
import { againstRefusedFlank, flankSideOf, setRefused } from './refused-flank.js';
import { checkOutOfControl, OUT_OF_CONTROL_CLOSING } from './out-of-control.js';
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

/**
 * The defender's one check when charged ('Resolving Close Actions' 2): against several chargers it answers every
 * charge at once — each modifier any of them brings (a flank struck, cavalry, heavy cavalry), counted once, and
 * outnumbering judged on all their figures together.
 */
function oneCheck(s: NeGameState, c: CloseAction, target: NeUnit, sit: MeleeSituation | CavalryCharge): MoraleCheck {
  const chargers: NeUnit[] = [unitById(s, c.charger)!];
  const byId = new Map(sit.defender.morale.modifiers.map((m) => [m.id, m]));
  for (const o of s.closeActions) {
    if (o === c || o.target !== target.id || o.stage !== 'pending') continue;
    const charger = unitById(s, o.charger);
    if (!fighting(charger) || charger.status === 'retreat') continue;
    const other = situation(s, charger, target);
    if (!other) continue;
    chargers.push(charger);
    for (const m of other.defender.morale.modifiers) if (!byId.has(m.id) || m.value < byId.get(m.id)!.value) byId.set(m.id, m);
  }
  if (chargers.length === 1) return sit.defender.morale;
  const mods = [...byId.values()].filter((m) => m.id !== 'outnumbered-2' && m.id !== 'outnumbered-3');
  const theirs = chargers.reduce((n, u) => n + u.figures, 0);
  if (target.figures > 0 && theirs >= 3 * target.figures) mods.push(mod('outnumbered-3', 'outnumbered three to one or more', -3));
  else if (target.figures > 0 && theirs >= 2 * target.figures) mods.push(mod('outnumbered-2', 'outnumbered two to one', -2));
  return moraleCheck(target, mods);
}

/** The first charge still pending on `target` after `c` that is cavalry against foot or guns, priced where it stands. */
function laterRider(s: NeGameState, c: CloseAction, target: NeUnit): { o: CloseAction; cav: NeUnit; sit: CavalryCharge } | null {
  for (const o of s.closeActions) {
    if (o === c || o.target !== target.id || o.stage !== 'pending') continue;
    const cav = unitById(s, o.charger);
    if (!fighting(cav) || cav.status === 'retreat') continue;
    const sit = situation(s, cav, target);
    if (sit?.kind === 'cavalry-charge') return { o, cav, sit };
  }
  return null;
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
  if (!checked && !exempt && !rollCheck(s, target, oneCheck(s, c, target, sit), 'charged', dice, events)) {
    // Against cavalry a failure is a ride-down ('Cavalry Charges' 2), also when horse and foot charge it together
    // (rules notes §13, "Horse and foot on one defender"): the first cavalry charge on it rides it down.
    const rider = sit.kind === 'cavalry-charge' ? { o: c, cav: charger, sit } : laterRider(s, c, target);
    if (rider) {
      rideDown(s, rider.cav, target, rider.sit, dice, events, rider.o.outOfControl === true);
      rider.o.stage = 'done';
    } else retreat(s, target, 'broke before the charge', dice, events);
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

/**
 * A unit that formed square or turned in contact stands where it was but never on its charger: a square deeper
 * than the line it was would reach into the cavalry at its front, and a charger that then had to retreat would find
 * its way out blocked. It steps straight back from the charger until the two only touch.
 */
function standClear(s: NeGameState, target: NeUnit, charger: NeUnit): void {
  const cr = rectOf(charger, s.table);
  if (!rectsOverlap(rectOf(target, s.table), cr)) return;
  const [x0, y0] = [target.x, target.y];
  const d = Math.hypot(x0 - charger.x, y0 - charger.y) || 1;
  const [ux, uy] = [(x0 - charger.x) / d, (y0 - charger.y) / d];
  for (let k = 1; k <= 80; k++) {
    target.x = x0 + ux * 0.025 * k;
    target.y = y0 + uy * 0.025 * k;
    if (!rectsOverlap(rectOf(target, s.table), cr)) return;
  }
  target.x = x0;
  target.y = y0;
}

/**
 * Why the defender may not fire rapidly at its charger, or null ('Rapid Fire', 'Fatigue Levels'): only a battery at
 * normal fatigue (fire.ts refuses the rest, and heavy rain), and only as a fire defence.
 */
export function rapidDefenceProblem(s: NeGameState, c: CloseAction, choice: DefenceChoice): string | null {
  if (choice !== 'fire') return 'only a fire defence may be rapid';
  const target = unitById(s, c.target)!;
  if (inBuildings(s, target)) return `${target.name} fires out of buildings: no rapid fire`;
  const sit = situationOf(s, target, unitById(s, c.charger)!, 1, true);
  return sit.allowed ? null : sit.reason;
}

/** The defence action (steps 3–4): fire at the charger (a battery may fire rapidly), turn to face it, or form square. */
export function defend(s: NeGameState, c: CloseAction, choice: DefenceChoice, dice: NeDice, events: GameEvent[], rapid = false): void {
  const charger = unitById(s, c.charger)!;
  const target = unitById(s, c.target)!;
  const f = s.flow[target.id]!;
  // The defence is the action it held: nothing is left for another this period.
  f.stand = false;
  f.ended = true;
  f.used = ACTIONS_PER_PERIOD;
  events.push({ type: 'defence', unit: target.id, choice, ...(rapid ? { rapid: true } : {}) });
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
    const sit = situationOf(s, target, charger, 1, rapid, charger.arm === 'cavalry' && target.formation === 'square');
    // A battery firing rapidly in defence tires two levels, not three, and fights the close action so ('Fatigue Levels').
    if (sit.allowed) c.fireHits = fireAt(s, target, charger, sit, dice, events, true, 2);
    else events.push({ type: 'defence-fire-refused', unit: target.id, reason: sit.reason });
  } else if (choice === 'face' || choice === 'square' || choice === 'refuse') {
    const cavalry = charger.arm === 'cavalry';
    // 'Cavalry Charges' 4: a cavalry unit that changed facing or formation before charging counts 10" more.
    const reaction = c.distance + (cavalry && s.flow[charger.id]?.reshaped ? 10 : 0);
    if (cavalry && reaction <= 10) {
      events.push({ type: 'defence-too-late', unit: target.id, reason: 'the cavalry charged from 10" or less' });
    } else {
      const bonus = (cavalry ? reaction >= 16 : c.usedBefore >= 2) ? [mod('charger-came-far', cavalry ? 'the cavalry charged from 16" or more' : 'the charger used both actions before contact', 2)] : [];
      const why = choice === 'face' ? 'facing the charge' : choice === 'square' ? 'forming square' : 'refusing the flank';
      if (!checkMorale(s, target, bonus, why, dice, events)) {
        target.disordered = true;
        events.push({ type: 'disordered', unit: target.id });
      } else {
        const was = { facing: target.facing, formation: target.formation, x: target.x, y: target.y };
        if (choice === 'refuse') setRefused(s, target.id, flankSideOf(target, [charger.x, charger.y]));
        else setRefused(s, target.id, null);
        if (choice === 'face') target.facing = bearing([target.x, target.y], [charger.x, charger.y]);
        else if (choice === 'square') target.formation = 'square';
        standClear(s, target, charger);
        if (roomProblem(s.table, s.units, target, [charger.id])) {
          Object.assign(target, was);
          events.push({ type: 'defence-no-room', unit: target.id });
        }
      }
    }
  }
  c.stage = 'defended';
}

/** Step 5: the charger's check to close. False when it would not: it has then retreated. */
function closes(s: NeGameState, c: CloseAction, charger: NeUnit, sit: MeleeSituation | CavalryCharge, dice: NeDice, events: GameEvent[]): boolean {
  const cavalry = sit.kind === 'cavalry-charge' || charger.arm === 'cavalry';
  let closing = c.fireHits > 0 ? withModifier(sit.attacker.morale, charger, mod('defensive-fire-hits', 'hit by defensive fire', -3)) : sit.attacker.morale;
  if (c.outOfControl) closing = withModifier(closing, charger, mod('out-of-control', 'out-of-control cavalry', OUT_OF_CONTROL_CLOSING));
  // Infantry attacking from one block into the next is in the buildings too, and takes no morale check.
  if (inBuildings(s, charger) || rollCheck(s, charger, closing, 'closing', dice, events)) return true;
  // The text offers retreat or a halt 2" short: the side chose with the charge (charge-halt.ts); without room to
  // halt, it retreats. Cavalry that charged and did not close still tires ('Fatigue Levels'); infantry's fatigue is
  // unchanged (step 5).
  if (!(c.halt && haltShort(s, charger, unitById(s, c.target)!, events))) retreat(s, charger, 'would not close', dice, events);
  if (cavalry) fatigue(charger, 1, events);
  return false;
}

/** Partial contact (notes §12's chargeContact) costs the charger 10; explain assumes full contact. */
function withContact(c: CloseAction, sit: MeleeSituation): MeleeSituation {
  if (c.contact !== 'partial') return sit;
  return { ...sit, attacker: { ...sit.attacker, modifiers: [...sit.attacker.modifiers, mod('partial-contact', 'partial contact', -10)], value: Math.max(0, sit.attacker.value - 10) } };
}

interface Pair {
  c: CloseAction;
  charger: NeUnit;
  fought: MeleeSituation;
}

/** A cavalry charge on foot or guns fought with other chargers: whether it rides the target down, judged before any result. */
interface Ride {
  c: CloseAction;
  cav: NeUnit;
  sit: CavalryCharge;
  rides: boolean;
}

/**
 * Steps 6–9 for the chargers that closed on one target. Several fight it together ('Multiple Unit Actions'
 * Example-1): each charger rolls its own die, the defender one die that counts against all of them, every pair is
 * priced where they stood before any result, and each pair rolls its own casualties. A losing charger checks (+2);
 * the defender checks once if it lost to any of them.
 */
function fight(s: NeGameState, target: NeUnit, pairs: readonly Pair[], dice: NeDice, events: GameEvent[], rides: readonly Ride[] = []): void {
  let defenderDie: number | null = null;
  const outs = pairs.map((p) => {
    let k = 0;
    // resolveCloseAction rolls the charger's die, then the defender's: the second is the defender's one die.
    const shared = {
      d6: () => {
        k++;
        if (k !== 2) return dice.d6();
        defenderDie ??= dice.d6();
        return defenderDie;
      },
    };
    return resolveCloseAction(p.fought, shared);
  });
  let targetLost = false;
  let targetFought = false;
  const losingChargers: NeUnit[] = [];
  const fatigued: NeUnit[] = [];
  const results: { won: NeUnit; lost: NeUnit; byOutOfControl: boolean; riddenDown?: boolean }[] = [];
  pairs.forEach(({ c, charger, fought }, i) => {
    const out = outs[i]!;
    const winner = out.winner === 'attacker' ? 'charger' : out.winner === 'defender' ? 'defender' : 'again';
    events.push({ type: 'melee', charger: charger.id, target: target.id, values: [fought.attacker.value, fought.defender.value], rolls: [out.attackerRoll, out.defenderRoll], totals: [out.attackerTotal, out.defenderTotal], winner });
    if (winner === 'again') {
      events.push({ type: 'fought-again', charger: charger.id, target: target.id });
      carryOver(s, c);
      return;
    }
    events.push({ type: 'close-casualties', charger: charger.id, target: target.id, onTarget: out.defenderLoses, onCharger: out.attackerLoses });
    if (fighting(target)) inflict(s, target, out.defenderLoses, dice, events);
    inflict(s, charger, out.attackerLoses, dice, events);
    targetFought = true;
    fatigued.push(charger);
    if (winner === 'charger') targetLost = true;
    else losingChargers.push(charger);
    results.push(winner === 'charger' ? { won: charger, lost: target, byOutOfControl: c.outOfControl === true } : { won: target, lost: charger, byOutOfControl: false });
  });
  // Cavalry fighting beside the others: its ride-down (or its failed charge) is its result, with no melee roll
  // ('Cavalry Charges' 6), applied with theirs (rules notes §13, "Horse and foot on one defender").
  let ridden = false;
  const failedCavalry: NeUnit[] = [];
  for (const r of rides) {
    targetFought = true;
    fatigued.push(r.cav);
    if (r.rides) {
      const { rideDown: casualties, cavalryLoses } = r.sit.casualties;
      events.push({ type: 'ride-down', charger: r.cav.id, target: target.id, casualties, cavalryLoses });
      if (fighting(target)) inflict(s, target, casualties, dice, events);
      inflict(s, r.cav, cavalryLoses, dice, events);
      ridden = true;
      results.push({ won: r.cav, lost: target, byOutOfControl: r.c.outOfControl === true, riddenDown: true });
    } else {
      events.push({ type: 'charge-fails', charger: r.cav.id, target: target.id });
      failedCavalry.push(r.cav);
    }
  }
  if (ridden && fighting(target)) {
    // One check for all it lost: ridden down it takes −1 ('Cavalry Charges' 7); already retreating and beaten in a
    // melee it routs, as any retreating loser.
    if (targetLost && target.status === 'retreat') rout(s, target, 'lost a close action while retreating', events);
    else if (!checkMorale(s, target, [mod('ridden-down', 'ridden down', -1)], 'ridden down', dice, events)) rout(s, target, 'ridden down and broken', events);
    else retreat(s, target, 'ridden down', dice, events, true);
  }
  if (targetFought && !targetLost && !ridden && target.status === 'retreat') {
    // Recovered from retreat status, it is no longer disordered: the disorder lasts only until recovery.
    target.status = 'table';
    target.retreatActions = 0;
    target.disordered = false;
    events.push({ type: 'recovered', unit: target.id });
  }
  // Step 8: the losing charger adds 2 to its check.
  for (const loser of targetLost && !ridden ? [target, ...losingChargers] : losingChargers) {
    if (!fighting(loser)) continue;
    if (loser.status === 'retreat') rout(s, loser, 'lost a close action while retreating', events);
    else if (!checkMorale(s, loser, loser !== target ? [mod('losing-charger', 'the losing side charged', 2)] : [], 'lost the close action', dice, events)) rout(s, loser, 'lost the close action and broke', events);
    else retreat(s, loser, 'lost the close action', dice, events);
  }
  for (const cav of failedCavalry) if (fighting(cav)) retreat(s, cav, 'its charge failed against formed infantry', dice, events);
  for (const u of fatigued) fatigue(u, 1, events);
  if (targetFought) fatigue(target, 1, events);
  // Cavalry that won checks whether it keeps control ('Out-of-Control Cavalry').
  for (const { won, lost, byOutOfControl, riddenDown } of results) {
    if (won.arm === 'cavalry') checkOutOfControl(s, won, { riddenDown: riddenDown === true, destroyed: lost.status === 'eliminated' || lost.status === 'surrendered', byOutOfControl }, dice, events);
  }
}

/** Steps 5–9 once the defence is settled. */
function closeIn(s: NeGameState, c: CloseAction, dice: NeDice, events: GameEvent[]): void {
  c.stage = 'done';
  const charger = unitById(s, c.charger)!;
  const target = unitById(s, c.target)!;
  if (!fighting(charger) || !fighting(target)) return;
  const sit = situation(s, charger, target);
  if (!sit) return;
  // A fight carried over from a tie closed last period; it only rolls the melee again ('Ties').
  if (!c.again && !closes(s, c, charger, sit, dice, events)) return;
  if (inBuildings(s, target) && fightInBuildings(s, c, charger, target, dice, events)) return;
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
    return;
  }
  // Several chargers on one defender add their enfilade together (rules notes §15).
  fight(s, target, [{ c, charger, fought: withContact(c, combinedEnfilade(s, sit)) }], dice, events);
}

/**
 * Charges on one target, the first opened and defended, the later ones still pending: fought together ('Multiple
 * Unit Actions' Example-1). The later ones skip the check and the defence (step 2: one check); every charger then
 * checks to close, and those that closed fight it at once. Cavalry charging foot or guns among them has no melee
 * roll: whether it rides the target down is judged with the melee pairs, before any result, and applied with
 * theirs (rules notes §13, "Horse and foot on one defender"). False for a fight in buildings: the caller resolves
 * those one by one.
 */
function closeInTogether(s: NeGameState, group: readonly CloseAction[], dice: NeDice, events: GameEvent[]): boolean {
  const target = unitById(s, group[0]!.target)!;
  // A fight in buildings follows the block rules, one charge at a time.
  if (!fighting(target) || inBuildings(s, target)) return false;
  for (const o of group.slice(1)) openCloseAction(s, o, dice, events);
  const closed: { c: CloseAction; charger: NeUnit }[] = [];
  for (const o of group) {
    if (o.stage === 'done') continue;
    o.stage = 'done';
    const charger = unitById(s, o.charger)!;
    if (!fighting(charger) || !fighting(target)) continue;
    const sit = situation(s, charger, target);
    if (sit && closes(s, o, charger, sit, dice, events)) closed.push({ c: o, charger });
  }
  // Priced once every charger has closed or turned away, before any result.
  const pairs: Pair[] = [];
  const rides: Ride[] = [];
  for (const { c, charger } of closed) {
    const sit = situation(s, charger, target);
    if (sit && sit.kind === 'close-action') pairs.push({ c, charger, fought: withContact(c, combinedEnfilade(s, sit)) });
    else if (sit) rides.push({ c, cav: charger, sit, rides: rideDownByStart(s, c, charger, target, sit).rideDown || target.disordered });
  }
  if (pairs.length + rides.length > 0 && fighting(target)) fight(s, target, pairs, dice, events, rides);
  return true;
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
    const later = s.closeActions.filter((o) => o !== c && o.target === c.target && o.stage === 'pending');
    if (!c.again && later.length > 0 && closeInTogether(s, [c, ...later], dice, events)) continue;
    closeIn(s, c, dice, events);
  }
  return null;
}
