// Hex skirmish: hexes of four terrain types (clear, covered, fortified, impassable), men counted on chits.
// See docs/rules/hex-skirmish.md.
import type { Feature } from '../model.js';
import { checkHexScenario, isBaggage, MEN_PER_HEX, MEN_WITH_GUN_OR_BAGGAGE } from './hex-skirmish-checks.js';
import { commonBarrier, type RuleProfile } from './profile.js';

// The engine reads the stacking limits from here.
export { MEN_PER_HEX, MEN_WITH_GUN_OR_BAGGAGE } from './hex-skirmish-checks.js';

function mountain(features: Feature[]): Feature | undefined {
  return features.find((f) => f.kind === 'hill' && (f.level === 3 || f.slope === 'extreme'));
}

export const hexSkirmish: RuleProfile = {
  id: 'hex-skirmish',
  title: 'Hex Skirmish',
  description: 'Small actions on a hex map: men counted on chits, cannon and baggage, about 100 points a side.',
  map: 'hex',
  // The rules give no hex or map size: the samples' 12 × 8 flat hexes of 6″, and the engine's 12 turns (rules notes
  // §7.1). Men are counted one by one, so there is no figure ratio.
  defaults: { grid: { kind: 'hex', cell: 6, orientation: 'flat' }, table: { width: 64.1, height: 51 }, turnLimit: 12 },
  oneUnitPerCell: false,
  testPlay: true,
  setupBarrier(_unit, features) {
    const common = commonBarrier(features);
    if (common) return common;
    const m = mountain(features);
    return m ? { feature: m, why: 'a level-3 or extreme hill counts as mountains, which no unit may enter' } : undefined;
  },
  checkUnit(ctx, entry, block, blockPath) {
    const { unit } = entry;
    if (block.men === undefined) {
      ctx.error(blockPath, `"${unit.name}" has no number of men`, 'Add "men", e.g. 10.');
      return;
    }
    if (typeof block.men !== 'number') return;
    const gunOrBaggage = unit.arm === 'artillery' || isBaggage(unit);
    const limit = gunOrBaggage ? MEN_WITH_GUN_OR_BAGGAGE : MEN_PER_HEX;
    if (block.men > limit) {
      ctx.error(`${blockPath}/men`, `"${unit.name}" has ${block.men} men, more than one hex holds (${limit}${gunOrBaggage ? ' beside a cannon or baggage' : ''})`, 'Stacking: 20 men fit in a hex, or 10 beside one cannon or baggage. Split it into two formations.');
    }
    if (unit.arm === 'artillery' && block.men < 4) {
      ctx.warn(`${blockPath}/men`, `A cannon with ${block.men} crew cannot move or fire`, 'Cannon fire: a cannon needs at least 4 men with it to move or to fire. Give it at least 4 men.');
    }
  },
  checkScenario: checkHexScenario,
  // The text names no optional rules.
  options: [],
  vp: {
    name: 'Hex Skirmish table: 1 VP a man, 10 a cannon, 5 baggage (from the rules\' captures and kills); objectives 20',
    source: 'rules',
    unit(unit) {
      const men = unit.ratings?.['hex-skirmish']?.men;
      const n = typeof men === 'number' ? men : 0;
      if (unit.arm === 'artillery') return 10 + n;
      if (unit.type === 'baggage' || unit.type === 'caisson') return 5 + n;
      return n;
    },
    objective: 20,
  },
};
