// Close actions and cavalry charges ('Close Actions', 'Cavalry Charges Against Infantry or Artillery'; notes §11):
// whether a unit may charge another, both sides' melee values and morale checks, the odds of the melee roll over
// the 36 pairs of dice, the casualty chart for each die, the ride-down decision, and resolves with injected dice.
import type { Point } from '../../domain/model.js';
import type { DiceSource } from '../dice.js';
import { enfiladeValue, footprint, frontRankFigures, perFigure, rectOf } from './footprint.js';
import { aspectOf, rectDistance, type Aspect } from './geometry.js';
import { coverFrom, onTable } from './fire.js';
import { moraleCheck, standingModifiers, inCover, type MoraleCheck } from './morale.js';
import { chargeDistance, closeActionCasualties, isHeavyCavalry } from './tables.js';
import { levelAt, woodsAt } from './terrain.js';
import { FATIGUE_NAMES, type NeLeader, type NeModifier, type NeTable, type NeUnit } from './types.js';

export interface MeleeSide {
  unit: string;
  base: number;
  modifiers: NeModifier[];
  value: number;
  enfilade: number;
  morale: MoraleCheck;
}

export interface CasualtyRows {
  ifWins: number[];
  ifLoses: number[];
}

/** What a close action and a cavalry charge against foot or guns both answer. */
interface ChargeTerms {
  allowed: true;
  aspect: Aspect;
  contact: 'full';
  distance: number;
  attacker: MeleeSide;
  defender: MeleeSide;
  odds: { attacker: number; defender: number; again: number };
  contactFigures: number;
}

export interface CloseAction extends ChargeTerms {
  kind: 'close-action';
  casualties: { attackerInflicts: CasualtyRows; defenderInflicts: CasualtyRows };
  rideDown: null;
}

export interface CavalryCharge extends ChargeTerms {
  kind: 'cavalry-charge';
  casualties: { rideDown: number; cavalryLoses: 0 | 1 };
  rideDown: boolean;
}

export type AssaultSituation = { allowed: false; reason: string } | CloseAction | CavalryCharge;

const mod = (id: string, reason: string, value: number): NeModifier => ({ id, reason, value });
const centre = (u: NeUnit): Point => [u.x, u.y];
const isLine = (u: NeUnit): boolean => u.formation === 'line' || u.formation === 'supported-line';

export interface AssaultRequest {
  table: NeTable;
  units: readonly NeUnit[];
  leaders: readonly NeLeader[];
  attacker: NeUnit;
  defender: NeUnit;
  /**
   * The charge was declared and the charger stands in contact (the game's step 9): whether it may charge was judged
   * when it moved, so its spent actions, command and distance no longer refuse the close action.
   */
  resolving?: boolean;
}

function refusal(req: AssaultRequest): string | null {
  const { table, attacker: a, defender: d } = req;
  if (a.side === d.side) return `${d.name} is not an enemy`;
  if (!onTable(a) || a.status !== 'table') return `${a.name} is not formed on the table`;
  if (!onTable(d)) return `${d.name} is not on the table`;
  if (a.arm === 'artillery') return 'a battery cannot charge';
  if (a.arm === 'train') return `${a.name} cannot charge`;
  if (a.formation === 'skirmish') return 'skirmishers cannot charge';
  if (a.arm === 'infantry' && d.arm === 'cavalry') return 'infantry cannot charge cavalry';
  if (a.arm === 'infantry' && d.formation === 'skirmish') return 'formed infantry cannot charge skirmishers (they fall back before it)';
  if (a.arm === 'cavalry' && (woodsAt(table.terrain, centre(a)) || woodsAt(table.terrain, centre(d)))) return 'cavalry cannot charge from or into woods';
  if (a.outOfCommand) return `${a.name} is out of command and may not charge`;
  if (a.actionsUsed >= 2) return `${a.name} has no action left to charge with`;
  const reach = chargeDistance(a);
  const gap = rectDistance(rectOf(a), rectOf(d));
  if (gap > reach + 1e-9) return `${d.name} is ${gap.toFixed(2)}" away, too far for one charge of ${reach}"`;
  return null;
}

/**
 * Figures of the charger in contact: its front rank, capped by the length of the face it strikes in its own
 * per-figure frontage (rounded up: a partly covered figure fights).
 */
export function contactFigures(attacker: NeUnit, defender: NeUnit, aspect: Aspect): number {
  const fp = footprint(defender);
  const face = aspect === 'flank' ? fp.depth : fp.width;
  const pf = attacker.formation === 'skirmish' ? 2 : perFigure(attacker);
  const touching = Math.max(1, Math.ceil(face / pf - 1e-9));
  return Math.min(frontRankFigures(attacker), touching);
}

function sideModifiers(req: AssaultRequest, me: NeUnit, foe: NeUnit, charger: boolean, aspect: Aspect, enfiladeBonus: boolean): NeModifier[] {
  const t = req.table.terrain;
  const out: NeModifier[] = [];
  if (me.formation === 'square' && foe.arm === 'infantry' && foe.formation !== 'square') out.push(mod('square-vs-infantry', 'in square against infantry', -5));
  if (charger) {
    if (levelAt(t, centre(foe)) > levelAt(t, centre(me))) out.push(mod('uphill', 'charging a unit on higher ground', -5));
    const cover = coverFrom(req.table.terrain, foe, me);
    if (cover === 'hedge') out.push(mod('hedge', 'charging a unit behind a hedge or prepared defences', -5));
    if (cover === 'wall') out.push(mod('wall', 'charging a unit behind a wall or redoubt', -10));
  }
  if (me.formation === 'echelon' && foe.arm === 'cavalry' && foe.formation !== 'echelon') out.push(mod('echelon-vs-cavalry', 'in echelon against cavalry', -5));
  if (me.arm === 'cavalry' && !isHeavyCavalry(me) && isHeavyCavalry(foe)) out.push(mod('light-vs-heavy', 'lighter cavalry against heavy', -5));
  if (me.status === 'retreat') out.push(mod('retreat', 'in retreat (disorder included)', -20));
  else if (me.disordered) out.push(mod('disordered', 'disordered', -10));
  if (me.formation === 'road-column') out.push(mod('road-column', 'in road column', -15));
  if (me.fatigue > 0) out.push(mod(FATIGUE_NAMES[me.fatigue], FATIGUE_NAMES[me.fatigue], -5 * me.fatigue));
  if (enfiladeBonus) out.push(mod('enfilade', 'twice the enemy\'s enfilade', 5));
  if (charger && aspect === 'flank') out.push(mod('flank', 'charging the flank', 10));
  if (charger && aspect === 'rear') out.push(mod('rear', 'charging the rear', 15));
  const leader = me.attachedLeader ? req.leaders.find((l) => l.id === me.attachedLeader && l.status === 'table') : undefined;
  if (leader && leader.meleeBonus !== 0) out.push(mod('leader', `${leader.name} leads`, leader.meleeBonus));
  return out;
}

function chargeMorale(req: AssaultRequest, aspect: Aspect): { attacker: MoraleCheck; defender: MoraleCheck } {
  const { units, leaders, attacker: a, defender: d } = req;
  const am = standingModifiers(units, leaders, a);
  if (aspect !== 'front') am.push(mod('charging-flank', 'charging a flank', 1));
  const dm = standingModifiers(units, leaders, d);
  if (inCover(req.table, d) || coverFrom(req.table.terrain, d, a) !== null) dm.push(mod('cover', 'behind cover', 2));
  if (d.formation === 'square' && a.arm === 'cavalry') dm.push(mod('square-vs-cavalry', 'square against cavalry', 3));
  if (d.formation === 'square' && a.arm === 'infantry' && a.formation !== 'square') dm.push(mod('square-vs-infantry', 'square against infantry', -1));
  if (isHeavyCavalry(a) && (d.arm === 'infantry' || (d.arm === 'cavalry' && !isHeavyCavalry(d)))) dm.push(mod('heavy-cavalry-charge', 'charged by heavy cavalry', -1));
  if (aspect !== 'front') dm.push(mod('flank-charged', `charged in the ${aspect}`, -4));
  if (a.arm === 'cavalry' && d.arm === 'infantry' && (isLine(d) || d.formation === 'column' || d.formation === 'road-column')) {
    dm.push(mod('line-or-column-charged-by-cavalry', `in ${d.formation} charged by cavalry`, -3));
  }
  // Outnumbering counts figures; batteries have none and are left out.
  if (a.figures > 0 && d.figures > 0) {
    const out = (mine: number, theirs: number, list: NeModifier[]) => {
      if (theirs >= 3 * mine) list.push(mod('outnumbered-3', 'outnumbered three to one or more', -3));
      else if (theirs >= 2 * mine) list.push(mod('outnumbered-2', 'outnumbered two to one', -2));
    };
    out(a.figures, d.figures, am);
    out(d.figures, a.figures, dm);
  }
  return { attacker: moraleCheck(a, am), defender: moraleCheck(d, dm) };
}

/** The melee roll's odds over the 36 pairs of dice: a tie goes to the higher base value, equal bases fight again. */
export function meleeOdds(attackerValue: number, defenderValue: number, attackerBase: number, defenderBase: number): { attacker: number; defender: number; again: number } {
  let a = 0;
  let d = 0;
  let again = 0;
  for (let x = 1; x <= 6; x++) {
    for (let y = 1; y <= 6; y++) {
      const w = meleeWinner(x * attackerValue, y * defenderValue, attackerBase, defenderBase);
      if (w === 'attacker') a++;
      else if (w === 'defender') d++;
      else again++;
    }
  }
  return { attacker: a / 36, defender: d / 36, again: again / 36 };
}

export function meleeWinner(attackerTotal: number, defenderTotal: number, attackerBase: number, defenderBase: number): 'attacker' | 'defender' | 'again' {
  if (attackerTotal !== defenderTotal) return attackerTotal > defenderTotal ? 'attacker' : 'defender';
  if (attackerBase !== defenderBase) return attackerBase > defenderBase ? 'attacker' : 'defender';
  return 'again';
}

function casualtyRows(contact: number, bonus: number): CasualtyRows {
  const row = (won: boolean) => [1, 2, 3, 4, 5, 6].map((die) => closeActionCasualties(die + bonus + (won ? 1 : 0), contact));
  return { ifWins: row(true), ifLoses: row(false) };
}

/** Ride-down or failed charge: fails against a square, or a line struck in front with 1.5 infantry figures of
 *  frontage per cavalry figure in contact (fractions in the cavalry's favour). */
export function ridesDown(defender: NeUnit, aspect: Aspect, cavalryInContact: number): boolean {
  if (defender.arm !== 'infantry') return true;
  if (defender.formation === 'square') return false;
  if (isLine(defender) && aspect === 'front') return frontRankFigures(defender) < Math.ceil(1.5 * cavalryInContact - 1e-9);
  return true;
}

export function assaultSituation(req: AssaultRequest): AssaultSituation {
  const why = req.resolving ? (onTable(req.attacker) && onTable(req.defender) ? null : 'a side has left the table') : refusal(req);
  if (why) return { allowed: false, reason: why };
  const { attacker: a, defender: d } = req;
  const aspect = aspectOf(rectOf(d), centre(a));
  const distance = rectDistance(rectOf(a), rectOf(d));
  const contact = contactFigures(a, d, aspect);
  const morale = chargeMorale(req, aspect);
  // A face struck in flank or rear brings no front rank to bear; the charger there takes the flank or rear bonus in
  // place of enfilade (the seed's Example-1 gives the flank charger +10 alone). notes §11.
  const ae = enfiladeValue(a);
  const de = aspect === 'front' ? enfiladeValue(d) : 0;
  const attackerEnfilade = aspect === 'front' && ae > 0 && ae >= 2 * de;
  const defenderEnfilade = aspect === 'front' && de > 0 && de >= 2 * ae;
  const side = (u: NeUnit, foe: NeUnit, charger: boolean, enf: number, bonus: boolean, check: MoraleCheck): MeleeSide => {
    const modifiers = sideModifiers(req, u, foe, charger, aspect, bonus);
    return { unit: u.id, base: u.melee, modifiers, value: Math.max(0, u.melee + modifiers.reduce((n, m) => n + m.value, 0)), enfilade: enf, morale: check };
  };
  const attacker = side(a, d, true, ae, attackerEnfilade, morale.attacker);
  const defender = side(d, a, false, de, defenderEnfilade, morale.defender);
  if (a.arm === 'cavalry' && d.arm !== 'cavalry') {
    const down = ridesDown(d, aspect, contact);
    return {
      allowed: true,
      kind: 'cavalry-charge',
      aspect,
      contact: 'full',
      distance,
      attacker,
      defender,
      odds: down ? { attacker: 1, defender: 0, again: 0 } : { attacker: 0, defender: 1, again: 0 },
      contactFigures: contact,
      casualties: { rideDown: Math.floor(a.figures / 2), cavalryLoses: d.figures >= 6 ? 1 : 0 },
      rideDown: down,
    };
  }
  const cavVsCav = a.arm === 'cavalry' && d.arm === 'cavalry' ? 1 : 0;
  return {
    allowed: true,
    kind: 'close-action',
    aspect,
    contact: 'full',
    distance,
    attacker,
    defender,
    odds: meleeOdds(attacker.value, defender.value, attacker.base, defender.base),
    contactFigures: contact,
    casualties: {
      attackerInflicts: casualtyRows(contact, cavVsCav + (aspect !== 'front' ? 1 : 0)),
      defenderInflicts: casualtyRows(contact, cavVsCav),
    },
    rideDown: null,
  };
}

// ---- Resolving with dice -----------------------------------------------------------------------------------------

export interface MeleeOutcome {
  attackerRoll: number;
  defenderRoll: number;
  attackerTotal: number;
  defenderTotal: number;
  winner: 'attacker' | 'defender' | 'again';
  /** Figures each side lost; a tie won on base value leaves both rolling as losers. */
  attackerLoses: number;
  defenderLoses: number;
  rolls: number[];
}

/** Rolls the melee (attacker's die, then the defender's) and, unless it must be fought again, both casualty dice. */
export function resolveCloseAction(s: CloseAction, dice: DiceSource): MeleeOutcome {
  const rolls: number[] = [];
  const roll = () => {
    const r = dice.d6();
    rolls.push(r);
    return r;
  };
  const attackerRoll = roll();
  const defenderRoll = roll();
  const attackerTotal = attackerRoll * s.attacker.value;
  const defenderTotal = defenderRoll * s.defender.value;
  const winner = meleeWinner(attackerTotal, defenderTotal, s.attacker.base, s.defender.base);
  if (winner === 'again') return { attackerRoll, defenderRoll, attackerTotal, defenderTotal, winner, attackerLoses: 0, defenderLoses: 0, rolls };
  const tie = attackerTotal === defenderTotal;
  const aWon = winner === 'attacker' && !tie;
  const dWon = winner === 'defender' && !tie;
  const byAttacker = roll();
  const byDefender = roll();
  const defenderLoses = (aWon ? s.casualties.attackerInflicts.ifWins : s.casualties.attackerInflicts.ifLoses)[byAttacker - 1]!;
  const attackerLoses = (dWon ? s.casualties.defenderInflicts.ifWins : s.casualties.defenderInflicts.ifLoses)[byDefender - 1]!;
  return { attackerRoll, defenderRoll, attackerTotal, defenderTotal, winner, attackerLoses, defenderLoses, rolls };
}
