// Fire in the game ('Musket and Artillery Fire', 'Artillery', 'Artillery Ammunition', 'Leader Losses'; notes §11,
// §13): the combat part's situation rolled with the game's dice, its casualties taken, a battery's ammunition
// counted, and an attached leader's risk rolled. The numbers are fire.ts's, so a fire in the game takes exactly the
// casualties `adc explain` lists for the die rolled.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import { fireSituation, resolveFire, type FireRequest, type FireSituation } from './fire.js';
import { refusedFire } from './refused-flank.js';
import { throughSmoke } from './smoke.js';
import { leaderLoss } from './threshold.js';
import { visibilityProblem } from './visibility.js';
import { unitById, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/**
 * Figures lost, to zero at least; a battery's losses are crew hits, silencing it at its cannons (+1 for a Guard
 * battery). A leader attached to a unit that takes casualties is lost on a d10 of half of them, rounded up, or less
 * ('Leader Losses'); a staff officer takes his place, keeping the command radius but lending no bonus.
 */
export function inflict(s: NeGameState, u: NeUnit, n: number, dice: NeDice, events: GameEvent[]): void {
  if (n <= 0) return;
  if (u.arm === 'artillery') {
    u.crewHits += n;
    if (u.crewHits >= u.guns + (u.guardBattery ? 1 : 0) && u.status !== 'routed') {
      u.status = 'silenced';
      events.push({ type: 'silenced', unit: u.id });
    }
  } else {
    u.figures = Math.max(0, u.figures - n);
    if (u.figures === 0) {
      u.status = 'eliminated';
      events.push({ type: 'eliminated', unit: u.id });
    }
  }
  const l = u.attachedLeader ? s.leaders.find((x) => x.id === u.attachedLeader && x.status === 'table') : undefined;
  if (!l) return;
  const r = leaderLoss(n, dice.d10);
  events.push({ type: 'leader-risk', leader: l.id, unit: u.id, casualties: n, roll: r.rolls[0]!, need: Math.ceil(n / 2), lost: r.lost });
  if (r.lost) {
    l.status = 'lost';
    events.push({ type: 'leader-lost', leader: l.id, unit: u.id });
  }
  // A leader whose unit is gone stands where it stood, no longer attached.
  if (u.status !== 'table' && u.status !== 'retreat') {
    l.attachedTo = null;
    l.x = u.x;
    l.y = u.y;
    u.attachedLeader = null;
  }
}

export function fireRequest(s: NeGameState, shooter: NeUnit, target: NeUnit, actions: 1 | 2, rapid: boolean, atChargingCavalry = false): FireRequest {
  return { table: s.table, units: s.units, leaders: s.leaders, shooter, target, actions, rapid, atChargingCavalry };
}

export function situationOf(s: NeGameState, shooter: NeUnit, target: NeUnit, actions: 1 | 2, rapid: boolean, atChargingCavalry = false): FireSituation {
  // What only the game knows (rules notes §15): how far the weather lets the unit see, and the smoke on the table.
  const unseen = visibilityProblem(s.table, shooter, target);
  if (unseen) return { allowed: false, reason: unseen };
  const sit = throughSmoke(s, shooter, target, fireSituation(fireRequest(s, shooter, target, actions, rapid, atChargingCavalry)));
  return sit.allowed && sit.kind !== 'solid-shot' && sit.kind !== 'canister' ? refusedFire(s, shooter, sit) : sit;
}

/**
 * Rolls an allowed fire and applies it: casualties on every unit the situation names (a ball's bounce may strike
 * several, friends too), a morale mark on each unit that lost figures, the battery's ammunition 6s and a rapid
 * fire's fatigue (+3; +2 for a defence, 'Fatigue Levels'). Returns the casualties on the aimed target.
 */
export function fireAt(
  s: NeGameState,
  shooter: NeUnit,
  target: NeUnit,
  situation: Extract<FireSituation, { allowed: true }>,
  dice: NeDice,
  events: GameEvent[],
  defensive = false,
  rapidFatigue = 3,
): number {
  const req = fireRequest(s, shooter, target, situation.actions, situation.rapid, false);
  const out = resolveFire(req, situation, dice);
  const onTarget = out.casualties.find((c) => c.unit === target.id)?.figures ?? 0;
  events.push({
    type: 'fire',
    unit: shooter.id,
    target: target.id,
    kind: situation.kind,
    actions: situation.actions,
    range: Math.round(situation.range * 100) / 100,
    dice: out.rolls,
    casualties: onTarget,
    ...(out.casualties.some((c) => c.unit !== target.id) ? { hits: out.casualties } : {}),
    ...(defensive ? { defensive: true } : {}),
  });
  for (const c of out.casualties) {
    const v = unitById(s, c.unit);
    if (!v) continue;
    inflict(s, v, c.figures, dice, events);
    const f = s.flow[v.id];
    if (f && c.figures > 0) f.morale = true;
  }
  if (shooter.arm === 'artillery') {
    shooter.ammo += out.ammoSixes;
    events.push({ type: 'ammunition', unit: shooter.id, sixes: shooter.ammo, out: out.outOfAmmo });
    if (situation.rapid) {
      shooter.fatigue = Math.min(3, shooter.fatigue + rapidFatigue) as NeUnit['fatigue'];
      events.push({ type: 'fatigue', unit: shooter.id, level: shooter.fatigue });
    }
  }
  return onTarget;
}
