// Square Eagles: boxes, facing to a box side, Strength Points and traits. See docs/rules/square-eagles.md.
import { list } from '../checks/context.js';
import type { Unit } from '../model.js';
import { commonBarrier, type RuleProfile } from './profile.js';

export type SquareEaglesType = 'Infantry' | 'Lights' | 'Cavalry' | 'Heavy Cavalry' | 'Guns' | 'Horse Guns';

/** The Square Eagles type a unit plays as, from its arm and type (file-format.md, "square-eagles"). */
export function squareEaglesType(unit: Pick<Unit, 'arm' | 'type'>): SquareEaglesType | undefined {
  switch (unit.arm) {
    case 'infantry':
      return unit.type === 'light' ? 'Lights' : 'Infantry';
    case 'cavalry':
      return unit.type === 'heavy' || unit.type === 'guard' ? 'Heavy Cavalry' : 'Cavalry';
    case 'artillery':
      return unit.type === 'horse' ? 'Horse Guns' : 'Guns';
    default:
      return undefined;
  }
}

/** Standard SP (rules "Strength Points"): infantry 7; cavalry, guns and lights 5. */
export function standardSp(unit: Pick<Unit, 'arm' | 'type'>): number | undefined {
  const t = squareEaglesType(unit);
  if (!t) return undefined;
  return t === 'Infantry' ? 7 : 5;
}

const TRAIT_USERS: Record<string, SquareEaglesType[]> = {
  'light-rifles': ['Infantry', 'Lights'],
  'limited-skirmishers': ['Infantry', 'Lights', 'Guns', 'Horse Guns'],
  militia: ['Infantry', 'Lights'],
  impetuous: ['Infantry', 'Cavalry', 'Heavy Cavalry'],
  'medium-battery': ['Guns', 'Horse Guns'],
  'low-supplies': ['Infantry', 'Lights', 'Guns', 'Horse Guns'],
  resolute: ['Infantry', 'Lights', 'Cavalry', 'Heavy Cavalry'],
};

/** The One Hour Wargames convention this studio's users build to: about six units a side. */
export const OHW_UNITS_PER_SIDE = 6;

export const squareEagles: RuleProfile = {
  id: 'square-eagles',
  title: 'Square Eagles',
  description: 'One Hour Wargames-style brigades in square boxes: one unit a box, Strength Points and traits.',
  map: 'square',
  // 8 × 8 boxes of 6″, as in se-02 and se-05: the rules notes' 36″ table at 6″ is only 6 × 6, tight for six units a
  // side to manoeuvre. The samples' ratio, and the One Hour Wargames 15 turns (rules notes §1).
  defaults: { grid: { kind: 'square', cell: 6 }, table: { width: 48, height: 48 }, figureRatio: 60, turnLimit: 15 },
  oneUnitPerCell: true,
  testPlay: true,
  trainsNeedNoRatings: true,
  usualCell: { min: 4, max: 6, noun: 'boxes' },
  setupBarrier(unit, features, options) {
    const common = commonBarrier(features);
    if (common) return common;
    const t = unit ? squareEaglesType(unit) : undefined;
    if (t === 'Infantry' || t === 'Lights' || !unit) return undefined;
    // Only foot may end a move in a town (rule 3.iv c.1); with the Forts option guns may hold works too.
    const town = features.find((f) => f.kind === 'town' || f.kind === 'building-block');
    if (town) return { feature: town, why: 'only infantry may end a move in a town' };
    const fort = features.find((f) => f.kind === 'fortification');
    if (fort && !((t === 'Guns' || t === 'Horse Guns') && options.forts === true)) {
      return {
        feature: fort,
        why: options.forts === true
          ? 'only infantry and guns may hold works'
          : 'works count as a town, where only infantry may end a move (unless the Forts option is on)',
      };
    }
    return undefined;
  },
  checkUnit(ctx, entry, block, blockPath) {
    const { unit } = entry;
    const t = squareEaglesType(unit);
    if (!t) {
      ctx.warn(`${entry.path}/arm`, `Square Eagles has no ${unit.arm} units; the engine leaves "${unit.name}" out`, 'Model baggage or engineers as an objective or a special rule.');
      return;
    }
    const std = standardSp(unit)!;
    const sp = block.sp;
    if (typeof sp === 'number' && Math.abs(sp - std) > 1) {
      ctx.warn(`${blockPath}/sp`, `${t} usually have ${std} SP (±1); "${unit.name}" has ${sp}`, `Use ${std - 1}–${std + 1} unless the scenario needs an exceptional unit.`);
    }
    const traits = Array.isArray(block.traits) ? block.traits : [];
    traits.forEach((trait, i) => {
      const users = TRAIT_USERS[String(trait)];
      if (users && !users.includes(t)) {
        ctx.warn(`${blockPath}/traits/${i}`, `The ${String(trait)} trait has no effect on ${t}`, `It applies to ${users.join(', ')}.`);
      }
    });
    const formation = unit.setup?.formation;
    if (formation && t !== 'Infantry' && (formation === 'column' || formation === 'square' || formation === 'line')) {
      if (!(t === 'Lights' && formation === 'line')) {
        ctx.warn(`${entry.path}/setup/formation`, `${t} have no ${formation} formation in Square Eagles`, 'Leave the formation out.');
      }
    }
    if (formation === 'road-column') {
      ctx.warn(`${entry.path}/setup/formation`, 'Square Eagles has no road column; infantry use the road in column', 'Use "column".');
    }
  },
  checkScenario(ctx) {
    list(ctx.scenario!.sides).forEach((side, si) => {
      if (!side || typeof side !== 'object') return;
      const units = ctx.units.filter((u) => u.side === si).length;
      const leaders = ctx.forces.filter((n) => n.side === si && n.kind === 'leader').length;
      if (units > OHW_UNITS_PER_SIDE) {
        ctx.warn(`/sides/${si}/army`, `${side.name ?? side.id} has ${units} units; One Hour Wargames scenarios give each side about ${OHW_UNITS_PER_SIDE}`, 'Fine for a bigger game; expect it to run longer than an hour.');
      }
      if (leaders === 0) {
        ctx.warn(`/sides/${si}/army`, `${side.name ?? side.id} has no general; Square Eagles gives orders only through generals`, 'Add a "leader" to the army or a formation.');
      }
    });
  },
  // The five game-wide optional rules of the text, all off unless the scenario switches them on.
  options: [
    { kind: 'switch', name: 'resupplyGuns', label: 'Resupply Guns', rule: 'Optional Rules', default: false, hint: 'Guns fire without a Bombardment order, but a 1 on a d6 after firing means they need one before firing again.' },
    { kind: 'switch', name: 'defend', label: 'Defend!', rule: 'Optional Rules', default: false, hint: "A unit may spend an order to fire in the opponent's Actions phase, after any enemy unit's action." },
    { kind: 'switch', name: 'forts', label: 'Forts/Works', rule: 'Optional Rules', default: false, hint: 'Fortifications count as towns in which Guns may also end a move.' },
    { kind: 'switch', name: 'limbers', label: 'Limbers', rule: 'Optional Rules', default: false, hint: 'Guns that moved may not fire that turn.' },
    { kind: 'switch', name: 'horseGuns', label: 'Horse Gun Batteries', rule: 'Optional Rules', default: false, hint: 'Horse guns may Maneuver and fire, as medium artillery with a 4-box range.' },
  ],
  vp: {
    name: 'Square Eagles house table: 2 VP per SP, +2 for heavy cavalry and for guard; objectives 25',
    source: 'house',
    unit(unit) {
      const t = squareEaglesType(unit);
      if (!t) return 0;
      const block = unit.ratings?.['square-eagles'];
      const sp = typeof block?.sp === 'number' ? block.sp : standardSp(unit)!;
      const guard = Array.isArray(block?.traits) && block.traits.includes('guard') ? 2 : 0;
      return 2 * sp + (t === 'Heavy Cavalry' ? 2 : 0) + guard;
    },
    objective: 25,
  },
};
