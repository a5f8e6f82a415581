// Eagles to Glory checks beyond a stand's class and count: each division's effectiveness (DEP) and cavalry charge
// points (CCP), its commander, and the stands and settings that mean something only under an optional rule. Every
// hint names the heading of seed 001 it comes from (the text numbers only its turn sequence and playing aids).
import type { CheckContext, UnitEntry } from '../checks/context.js';
import type { Formation, OptionValue, Unit } from '../model.js';
import { unitsOf } from '../forces.js';
import { pointer } from '../problems.js';
import { ETG_OPTIONS } from './eagles-to-glory-options.js';
import { resolvedOptions, sideIdsOf } from './options.js';

/** The most DEP a division starts with, and what it has when the scenario gives none ("Playing Aids b"). */
export const DEP_MAX = 48;
/** Cavalry whose division has fewer DEP than this is blown ("Cavalry Charge"). */
export const BLOWN_BELOW = 28;
/** The most CCP a cavalry element holds ("Playing Aids b.3"). */
export const CCP_MAX = 3;

const options = (ctx: CheckContext): Record<string, OptionValue> => resolvedOptions(ETG_OPTIONS, ctx.scenario?.ruleOptions?.['eagles-to-glory'], sideIdsOf(ctx.scenario));

const cavalryOf = (f: Formation): Unit[] => unitsOf(f).filter((u) => u && u.arm === 'cavalry');
const names = (units: Unit[]): string => units.map((u) => u.name).join(', ');

/** A division's DEP at the start: what the scenario gives, or the rules' 48. */
export function startingDep(f: Formation): number {
  return typeof f.dep === 'number' ? f.dep : DEP_MAX;
}

/**
 * DEP and CCP are counts of washers, so a fraction is an error; a division at 0 DEP leaves play at once, so
 * setting one up is an error; more than three CCP breaks the text's maximum. DEP over 48 and below 0 are the
 * schema's to refuse. CCP where no cavalry can spend them, and cavalry blown before the first turn, are legal but
 * almost surely not what the designer meant: warnings.
 */
function checkFormationValues(ctx: CheckContext, f: Formation, path: string): void {
  const name = `"${f.name}"`;
  const cavalry = cavalryOf(f);
  if (typeof f.dep === 'number') {
    if (!Number.isInteger(f.dep)) {
      ctx.error(`${path}/dep`, `${name} has ${f.dep} DEP; DEP are whole points`, 'Playing Aids (Markers): DEP are washers, one point each; an order costs 1 and each stand lost 2. Give a whole number.');
    } else if (f.dep === 0) {
      ctx.error(`${path}/dep`, `${name} starts with 0 DEP, and a division at 0 DEP is removed from play`, 'Playing Aids (Markers): a division leaves play when its DEP reach zero. Give it 1 to 48 DEP, or leave it out of the scenario.');
    }
  }
  if (typeof f.ccp === 'number') {
    if (!Number.isInteger(f.ccp)) {
      ctx.error(`${path}/ccp`, `${name} has ${f.ccp} CCP; CCP are whole points`, 'Playing Aids (Markers, red): each CCP is one red washer, spent on one charge. Give a whole number.');
    } else if (f.ccp > CCP_MAX) {
      ctx.error(`${path}/ccp`, `${name} starts with ${f.ccp} CCP, more than the ${CCP_MAX} a cavalry element holds`, 'Playing Aids (Markers, red): a cavalry element (a cavalry division, or squadrons attached to a division) holds three CCP at most; another can be had in play for 10 of its DEP. Give it 0 to 3.');
    } else if (f.ccp > 0 && cavalry.length === 0) {
      ctx.warn(`${path}/ccp`, `${name} has ${f.ccp} CCP but no cavalry to charge with them`, 'Playing Aids (Markers, red) and Cavalry Charge: only cavalry charges, and each charge spends one CCP of its cavalry element. Remove "ccp", or give it to the formation that holds the cavalry.');
    } else if (f.ccp === 0 && cavalry.length > 0) {
      ctx.warn(`${path}/ccp`, `${name} starts with no CCP, so its cavalry (${names(cavalry)}) starts blown`, 'Cavalry Charge: cavalry is blown, for the rest of the game, once its charge points are used up or its DEP drop below 28. Give it 1 to 3 CCP if it should start fresh.');
    }
  }
  if (f.echelon === 'division' && cavalry.length > 0 && Number.isInteger(startingDep(f)) && startingDep(f) > 0 && startingDep(f) < BLOWN_BELOW) {
    ctx.warn(`${path}/dep`, `${name} starts with ${startingDep(f)} DEP, below ${BLOWN_BELOW}, so its cavalry (${names(cavalry)}) starts blown`, 'Cavalry Charge: cavalry is blown, for the rest of the game, once its charge points are used up or its DEP drop below 28. Give the division 28 DEP or more if it should start fresh.');
  }
}

/**
 * Every division needs its commander: he spends the DEP that orders it and rolls its maneuver die, and its stands
 * move at −1 outside his radius. A warning, not an error: commanders are not rated in these rules, so the players
 * can supply one at the table, but the scenario then says nothing of where he stands.
 */
function checkCommander(ctx: CheckContext, f: Formation, path: string): void {
  if (f.echelon !== 'division' || f.leader) return;
  ctx.warn(path, `"${f.name}" has no commander to order it and roll its maneuver die`, 'Turn Sequence 1 and 4: each division commander spends the DEP that orders his division and rolls a d10 on the Maneuver Table for it. Add a "leader" to the division.');
}

/** Stands that only an optional rule gives a part: engineers, and supply wagons (a caisson taken as one). */
export function checkOptionalStands(ctx: CheckContext, entry: UnitEntry): void {
  if (!ctx.scenario) return;
  const { unit } = entry;
  if (unit.arm !== 'train') return;
  const opts = options(ctx);
  const name = `"${unit.name}"`;
  if (unit.type === 'engineers' && opts.engineers !== true) {
    ctx.warn(`${entry.path}/type`, `${name} is an engineer stand, which builds nothing unless the Engineers option is on`, 'Optional Rules: Engineers. Switch on ruleOptions["eagles-to-glory"].engineers, or leave the stand out.');
  } else if ((unit.type === 'baggage' || unit.type === 'caisson') && opts.supplies !== true) {
    ctx.warn(`${entry.path}/type`, `${name} is a supply wagon, which has a part only under the Supplies option`, 'Optional Rules: Supplies: a wagon has no combat value, is worth 200 VP and is lost to enemy contact. Switch on ruleOptions["eagles-to-glory"].supplies, or leave it out.');
  }
}

export function checkScenario(ctx: CheckContext): void {
  for (const n of ctx.forces) {
    if (n.kind !== 'formation') continue;
    checkFormationValues(ctx, n.node, n.path);
    checkCommander(ctx, n.node, n.path);
  }
  const opts = options(ctx);
  // Scouts unmask markers and screens hide them; with every stand on the table there is nothing to do either.
  if (opts.reconnaissanceAndScreening === true && opts.hiddenMovement !== true) {
    ctx.warn(pointer('ruleOptions', 'eagles-to-glory', 'reconnaissanceAndScreening'), 'Reconnaissance and screening does nothing without Hidden movement', 'Optional Rules: Reconnaissance and Screening: scouts unmask division markers and screens hide them, and only Hidden Movement puts markers on the table. Switch on hiddenMovement too, or this off.');
  }
}
