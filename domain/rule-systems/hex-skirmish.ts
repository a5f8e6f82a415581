// Hex skirmish: hexes of four terrain types (clear, covered, fortified, impassable), men counted on chits.
// See docs/rules/hex-skirmish.md.
import type { Feature } from '../model.js';
import { commonBarrier, type RuleProfile } from './profile.js';

/** Most men one hex holds ("Stacking"); a cannon or baggage leaves room for 10 more. */
export const MEN_PER_HEX = 20;
export const MEN_WITH_GUN_OR_BAGGAGE = 10;

function mountain(features: Feature[]): Feature | undefined {
  return features.find((f) => f.kind === 'hill' && (f.level === 3 || f.slope === 'extreme'));
}

export const hexSkirmish: RuleProfile = {
  id: 'hex-skirmish',
  title: 'Hex Skirmish',
  map: 'hex',
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
    const gunOrBaggage = unit.arm === 'artillery' || unit.type === 'baggage' || unit.type === 'caisson';
    const limit = gunOrBaggage ? MEN_WITH_GUN_OR_BAGGAGE : MEN_PER_HEX;
    if (block.men > limit) {
      ctx.error(`${blockPath}/men`, `"${unit.name}" has ${block.men} men, more than one hex holds (${limit}${gunOrBaggage ? ' beside a cannon or baggage' : ''})`, 'Split it into two formations.');
    }
    if (unit.arm === 'artillery' && block.men < 4) {
      ctx.warn(`${blockPath}/men`, `A cannon with ${block.men} crew cannot move`, 'Give it at least 4 men.');
    }
  },
  checkScenario(ctx) {
    // Stacking (seed 002; notes §2): units set up in one hex must fit it, or the engine would have to move one.
    const hexes = new Map<string, { men: number; heavy: number; names: string[] }>();
    for (const { unit, path, side } of ctx.units) {
      const cell = unit.setup?.cell;
      const men = unit.ratings?.['hex-skirmish']?.men;
      if (typeof cell !== 'string' || typeof men !== 'number') continue;
      const key = `${side}:${cell}`;
      const here = hexes.get(key) ?? { men: 0, heavy: 0, names: [] };
      here.men += men;
      if (unit.arm === 'artillery' || unit.type === 'baggage' || unit.type === 'caisson') here.heavy++;
      here.names.push(unit.name);
      hexes.set(key, here);
      const limit = here.heavy > 0 ? MEN_WITH_GUN_OR_BAGGAGE : MEN_PER_HEX;
      if (here.heavy > 1) {
        ctx.error(`${path}/setup/cell`, `Hex ${cell} would hold two cannon or baggage (${here.names.join(', ')}); a hex takes one`, 'Set one of them up in another hex.');
      } else if (here.men > limit) {
        ctx.error(`${path}/setup/cell`, `Hex ${cell} would hold ${here.men} men (${here.names.join(', ')}), more than ${limit}${here.heavy ? ' beside a cannon or baggage' : ''}`, 'Set one of them up in another hex, or split it.');
      }
    }
  },
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
