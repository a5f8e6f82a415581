// Napoleon's Eagles checks beyond a unit's rating: leaders and command, Guard and battery markers, the formations
// each arm may take, building-block capacity, and the settings that depend on the figure ratio or the date.
// Every message names the rule it comes from (seed 004's section headings).
import type { CheckContext, UnitEntry } from '../checks/context.js';
import { list } from '../checks/context.js';
import { distance, isPoint } from '../geometry.js';
import { isScenario, type BuildingBlockFeature, type Formation, type Leader, type OptionValue, type Point, type Unit } from '../model.js';
import { pointer } from '../problems.js';
import { commanderOf, leaderRatings, LEADER_DEFAULTS, MELEE_BONUS_BAND } from './napoleons-eagles-leaders.js';
import { nationOf, parseDate } from './napoleons-eagles-nations.js';
import { NE_ONE_TO_THIRTY_ONLY, NE_OPTIONS } from './napoleons-eagles-options.js';
import { checkTableEdge } from './napoleons-eagles-table-edge.js';
import { resolvedOptions, sideIdsOf } from './options.js';
import { buildingBlockCentre, DEFAULT_BLOCK_SIZE } from '../terrain-cells.js';

export type Band = { morale: [number, number]; melee: [number, number] };

/**
 * The usual band for a unit, its Guard marker first: Old and Middle Guard take the Guards' band whatever their
 * type. Interpretation: the Young Guard spans grenadiers to guards (the text rates Guards 22–23 / 60–65 without
 * telling the Guards apart, yet its threshold rule weighs the Young Guard below the Old and Middle).
 */
export function bandFor(unit: Unit, block: Record<string, unknown>, bands: Record<string, Band>): Band | undefined {
  const guard = block.guard;
  if ((unit.arm === 'infantry' || unit.arm === 'cavalry') && (guard === 'old' || guard === 'middle')) return bands[`${unit.arm}/guard`];
  if ((unit.arm === 'infantry' || unit.arm === 'cavalry') && guard === 'young') {
    const low = bands[unit.arm === 'infantry' ? 'infantry/grenadier' : 'cavalry/heavy'];
    const high = bands[`${unit.arm}/guard`];
    if (low && high) return { morale: [low.morale[0], high.morale[1]], melee: [low.melee[0], high.melee[1]] };
  }
  return bands[`${unit.arm}/${unit.type}`];
}

/** The Guard, battery and skirmisher markers: each belongs to one arm, and some only mean something with a setting. */
export function checkMarkers(ctx: CheckContext, entry: UnitEntry, block: Record<string, unknown>, blockPath: string): void {
  const { unit } = entry;
  const name = `"${unit.name}"`;
  if (block.guard !== undefined && unit.arm !== 'infantry' && unit.arm !== 'cavalry') {
    ctx.error(`${blockPath}/guard`, `Only infantry and cavalry belong to the Old, Middle or Young Guard; ${name} is ${unit.arm}`, unit.arm === 'artillery' ? 'For a Guard battery use "guardBattery": true (Artillery Crew Casualties).' : 'Remove "guard".');
  }
  for (const f of ['guardBattery', 'regimental'] as const) {
    if (block[f] !== undefined && unit.arm !== 'artillery') ctx.error(`${blockPath}/${f}`, `"${f}" is for artillery; ${name} is ${unit.arm}`, `Remove "${f}".`);
  }
  if (block.guardBattery === true && unit.arm === 'artillery') {
    const side = ctx.scenario?.sides?.[entry.side];
    const listNation = isScenario(ctx.doc) ? undefined : ctx.doc.nation;
    const nation = nationOf(side?.nation ?? side?.name ?? listNation);
    if (nation !== undefined && nation !== 'french' && nation !== 'prussian') {
      ctx.warn(`${blockPath}/guardBattery`, `Only French and Prussian Guard batteries take an extra hit; ${name} serves ${side?.nation ?? side?.name ?? listNation}`, 'Artillery Crew Casualties: a battery is silenced after as many hits as it has guns, one more for French and Prussian Guard batteries.');
    }
  }
  if (block.regimental === true && unit.arm === 'artillery') {
    const pieces = (typeof block.guns === 'number' ? block.guns : 0) + (typeof block.howitzers === 'number' ? block.howitzers : 0);
    if (pieces > 4) ctx.warn(`${blockPath}/regimental`, `Regimental guns came in pairs, not ${pieces}; ${name} looks like a field battery`, 'Game Scale: a two-gun regimental battery is one base. Remove "regimental" for a field battery.');
  }
  if (block.skirmishers !== undefined) {
    if (unit.arm !== 'infantry') {
      ctx.error(`${blockPath}/skirmishers`, `Organic skirmishers belong to infantry battalions; ${name} is ${unit.arm}`, 'Remove "skirmishers" (Company Skirmishers).');
    } else if (typeof block.skirmishers === 'number' && typeof block.figures === 'number' && block.skirmishers >= block.figures) {
      ctx.error(`${blockPath}/skirmishers`, `${name} has ${block.skirmishers} organic skirmishers out of ${block.figures} figures`, 'Company Skirmishers: they are the light companies of a battalion, a part of it, not all of it.');
    } else if (ctx.scenario && options(ctx).companySkirmishers !== true && typeof block.skirmishers === 'number' && block.skirmishers > 0) {
      ctx.warn(`${blockPath}/skirmishers`, `${name}'s organic skirmishers do nothing unless the Company skirmishers option is on`, 'Switch on ruleOptions["napoleons-eagles"].companySkirmishers, or remove "skirmishers".');
    }
  }
}

const options = (ctx: CheckContext): Record<string, OptionValue> => resolvedOptions(NE_OPTIONS, ctx.scenario?.ruleOptions?.['napoleons-eagles'], sideIdsOf(ctx.scenario));

/** The formations the text lets each arm take ("Formation Changes", "Forming Skirmish Screens", "Cavalry Echelon"). */
export function checkFormation(ctx: CheckContext, entry: UnitEntry, block: Record<string, unknown>): void {
  const { unit } = entry;
  const formation = unit.setup?.formation;
  if (typeof formation !== 'string') return;
  const path = `${entry.path}/setup/formation`;
  const name = `"${unit.name}"`;
  const refuse = (why: string, hint: string) => ctx.error(path, `${name} cannot stand in ${formation.replace('-', ' ')}: ${why}`, hint);
  const arm = unit.arm;
  if ((formation === 'limbered' || formation === 'unlimbered') && arm !== 'artillery') {
    refuse('only artillery limbers and unlimbers', 'Use line, column or road-column (Formation Changes).');
  } else if (formation === 'square' && arm !== 'infantry') {
    refuse('only infantry forms square', 'Formation Changes: cavalry and artillery have no square.');
  } else if (formation === 'echelon' && arm !== 'cavalry') {
    refuse('echelon is a cavalry formation', 'Cavalry Echelon: only cavalry in line may form echelon.');
  } else if (formation === 'skirmish' && arm === 'infantry' && unit.type !== 'light' && block.rifles !== true) {
    refuse('only battalions made up entirely of light infantry deploy as skirmishers', 'Forming Skirmish Screens: give it "type": "light" if it is a light battalion, or another formation.');
  } else if (formation === 'skirmish' && arm === 'artillery') {
    refuse('artillery does not skirmish', 'Use limbered or unlimbered.');
  } else if (formation === 'supported-line') {
    if (arm !== 'infantry') {
      refuse('the supported line is an infantry battalion\'s line in two rows of stands', 'Special Formation for 1:30 Ratio Games.');
    } else if (ctx.scenario && options(ctx).supportedLine !== true) {
      ctx.warn(path, `${name} stands in supported line, but the Supported line option is off`, 'Switch on ruleOptions["napoleons-eagles"].supportedLine (Special Formation for 1:30 Ratio Games), or use line.');
    }
  }
}

/** A leader's own ratings, judged against the bands the text gives for his echelon. */
export function checkLeaderRatings(ctx: CheckContext, leader: Leader, path: string, holder: Formation): void {
  const r = leader.ratings?.['napoleons-eagles'];
  if (!r || typeof r !== 'object') return;
  const echelon = holder.echelon;
  const d = LEADER_DEFAULTS[echelon];
  if (!d) return;
  const at = `${path}/ratings/napoleons-eagles`;
  const who = `"${leader.name}" (${echelon})`;
  if (typeof r.moraleBonus === 'number') {
    // Interpretation: the text moves a bonus one step for a good or a mediocre leader; further is exceptional.
    const band: [number, number] = [Math.max(0, d.moraleBonus - 1), d.moraleBonus + 1];
    if (r.moraleBonus < band[0] || r.moraleBonus > band[1]) {
      ctx.warn(`${at}/moraleBonus`, `Morale bonus +${r.moraleBonus} for ${who} is outside the usual +${band[0]} to +${band[1]}`, `Leader Bonus: an attached ${echelon} leader gives +${d.moraleBonus} to morale checks, one more for a good leader, one less for a mediocre one.`);
    }
  }
  if (typeof r.meleeBonus === 'number' && (r.meleeBonus < MELEE_BONUS_BAND[0] || r.meleeBonus > MELEE_BONUS_BAND[1])) {
    ctx.warn(`${at}/meleeBonus`, `Melee bonus +${r.meleeBonus} for ${who} is outside the usual +${MELEE_BONUS_BAND[0]} to +${MELEE_BONUS_BAND[1]}`, 'Leader Bonus: +5 to the melee value, +10 for a leader who leads charges, +0 for a timid one.');
  }
  if (typeof r.commandRadius === 'number' && (r.commandRadius < d.radiusBand[0] || r.commandRadius > d.radiusBand[1])) {
    ctx.warn(`${at}/commandRadius`, `Command radius ${r.commandRadius}" for ${who} is outside the ${d.radiusBand[0]}–${d.radiusBand[1]}" the rules give a ${echelon} leader`, 'Command and Control Option #1: army 35–45", corps 15–30", division 10–20".');
  }
  if (typeof r.initiative === 'number' && d.initiative === undefined) {
    ctx.warn(`${at}/initiative`, `${who} is the army commander, who needs no initiative number`, 'Leader Initiative Numbers: only corps and division leaders roll for initiative. Remove "initiative".');
  }
}

/** Parent formation of each formation, for walking a unit's chain of command upwards. */
const parents = new WeakMap<CheckContext, Map<Formation, Formation | undefined>>();
function chainOf(ctx: CheckContext, formation: Formation): Formation[] {
  let map = parents.get(ctx);
  if (!map) {
    map = new Map();
    for (const n of ctx.forces) if (n.kind === 'formation') map.set(n.node, n.parent);
    parents.set(ctx, map);
  }
  const chain: Formation[] = [];
  for (let f: Formation | undefined = formation; f && chain.length < 64; f = map.get(f)) chain.push(f);
  return chain;
}

/** A unit with no leader anywhere above it is out of command for the whole game and may never charge. */
export function checkHasLeader(ctx: CheckContext, entry: UnitEntry): void {
  if (entry.unit.arm === 'train') return;
  if (commanderOf(chainOf(ctx, entry.parent))) return;
  ctx.warn(entry.path, `"${entry.unit.name}" has no leader above it, so it is out of command all game and may not charge`, 'Out-of-Command Penalty: give its division (or a formation above it) a leader.');
}

/** Checks of the whole scenario: command radii at set-up, building-block capacity, ratio-bound options, the date. */
export function checkScenario(ctx: CheckContext): void {
  const s = ctx.scenario;
  if (!s) return;
  const opts = options(ctx);
  checkDate(ctx);
  const ratio = s.scale?.figureRatio;
  for (const name of NE_ONE_TO_THIRTY_ONLY) {
    if (opts[name] === true && typeof ratio === 'number' && ratio !== 30) {
      const spec = NE_OPTIONS.find((o) => o.name === name)!;
      ctx.warn(pointer('ruleOptions', 'napoleons-eagles', name), `${spec.label} is a rule for 1:30 games, and this scenario is at 1:${ratio}`, `${spec.rule}. Switch it off, or set the figure ratio to 30.`);
    }
  }
  // Option #2 frees leaders from their superiors' radii, but units still answer to their division leader's.
  checkCommandRadii(ctx, opts.commandOption !== 2);
  checkBlocks(ctx);
  checkTableEdge(ctx);
  list(s.terrain).forEach((f, i) => {
    if (f?.kind === 'bridge' && typeof f.capacity === 'number' && (f.capacity < 4 || f.capacity > 12)) {
      ctx.warn(`/terrain/${i}/capacity`, `A bridge taking ${f.capacity} figures per action is outside the 4–12 the rules give`, 'Terrain Effects on Movement: 4 to 12 figures cross a bridge per action, by its size.');
    }
  });
}

function checkDate(ctx: CheckContext): void {
  const s = ctx.scenario!;
  if (typeof s.date === 'string') {
    const parsed = parseDate(s.date);
    if (!parsed.ok) ctx.error('/date', parsed.message, 'Write the date as YYYY, YYYY-MM or YYYY-MM-DD.');
    else if (parsed.date.year < 1789 || parsed.date.year > 1815) {
      ctx.warn('/date', `${parsed.date.year} is outside the wars these rules are written for (1792–1815)`, 'Check the year.');
    }
    return;
  }
  // Two rules turn on the year; without a date the sheet can only print them with their condition.
  const dated = list(s.sides).find((side) => {
    const n = nationOf(side?.nation ?? side?.name);
    return n === 'french' || n === 'prussian';
  });
  if (dated) {
    // At the date it asks for, so the app names the Date field and a click on the warning puts the cursor there.
    ctx.warn('/date', `The scenario has no date, and ${dated.nation ?? dated.name}'s infantry changes formation faster or slower with the year`, 'Infantry Formations: French after 1807 and Prussians of 1806 differ. Give the date, e.g. 1815-06-18.');
  }
}

const posOf = (x: { setup?: { at?: unknown } }): Point | undefined => (isPoint(x.setup?.at) ? x.setup.at : undefined);

function checkCommandRadii(ctx: CheckContext, leadersToo: boolean): void {
  const judge = (subject: string, subjectPath: string, at: Point, link: ReturnType<typeof commanderOf>) => {
    // A leader without a set-up point is taken to start with his command (the engine places him there).
    const where = link ? posOf(link.leader) : undefined;
    if (!link || !where) return;
    const radius = leaderRatings(link.leader, link.formation.echelon).commandRadius;
    const gap = distance(at, where);
    if (gap > radius + 1e-9) {
      ctx.warn(subjectPath, `${subject} starts ${round(gap)}" from "${link.leader.name}", outside his ${round(radius)}" command radius`, 'Out-of-Command Penalty: it starts out of command, so it may only move back towards him and may not charge. Move it closer, or raise his "commandRadius".');
    }
  };
  for (const entry of ctx.units) {
    const at = posOf(entry.unit);
    if (!at || entry.unit.arm === 'train') continue;
    const chain = chainOf(ctx, entry.parent);
    judge(`"${entry.unit.name}"`, `${entry.path}/setup/at`, at, commanderOf(chain));
  }
  // Each commander within his own superior's radius: otherwise every unit under him starts out of command.
  if (!leadersToo) return;
  for (const n of ctx.forces) {
    if (n.kind !== 'leader') continue;
    const at = posOf(n.node);
    if (!at) continue;
    const above = chainOf(ctx, n.parent).slice(1);
    const superior = commanderOf(above.filter((f) => f.echelon !== 'brigade'));
    judge(`"${n.node.name}"`, `${n.path}/setup/at`, at, superior);
  }
}

const round = (x: number): string => String(Math.round(x * 10) / 10);

/** At most 12 figures to a block ("Buildings"); a unit too big for one block spreads into the blocks beside it. */
function checkBlocks(ctx: CheckContext): void {
  const blocks = list(ctx.scenario!.terrain).filter((f): f is BuildingBlockFeature => !!f && f.kind === 'building-block' && isPoint(f.at));
  if (blocks.length === 0) return;
  // A block's `at` is its north-west corner; distances are taken between centres.
  const half = (b: BuildingBlockFeature): number => (typeof b.size === 'number' && b.size > 0 ? b.size : DEFAULT_BLOCK_SIZE) / 2;
  const centre = new Map(blocks.map((b) => [b, buildingBlockCentre(b)]));
  const room = new Map(blocks.map((b) => [b, 12]));
  const inside = (p: Point) => blocks.find((b) => Math.abs(p[0] - centre.get(b)![0]) <= half(b) && Math.abs(p[1] - centre.get(b)![1]) <= half(b));
  // Orthogonal neighbours only: figures move between blocks side to side, never diagonally.
  const beside = (b: BuildingBlockFeature): BuildingBlockFeature[] =>
    blocks.filter((o) => {
      if (o === b) return false;
      const touch = half(o) + half(b);
      // Sharing a side: as far apart as their half-sizes on one axis, overlapping on the other.
      const sideBySide = (gap: number, along: number) => Math.abs(gap - touch) <= 0.25 && along < touch - 0.25;
      const dx = Math.abs(centre.get(o)![0] - centre.get(b)![0]);
      const dy = Math.abs(centre.get(o)![1] - centre.get(b)![1]);
      return sideBySide(dx, dy) || sideBySide(dy, dx);
    });
  for (const entry of ctx.units) {
    const at = posOf(entry.unit);
    const figures = entry.unit.ratings?.['napoleons-eagles']?.figures;
    if (!at || typeof figures !== 'number') continue;
    const block = inside(at);
    if (!block) continue;
    let need = figures;
    for (const b of [block, ...beside(block)]) {
      const take = Math.min(need, room.get(b)!);
      room.set(b, room.get(b)! - take);
      need -= take;
      if (need === 0) break;
    }
    if (need > 0) {
      const where = block.name ? `"${block.name}"` : block.id;
      ctx.error(
        `${entry.path}/setup/at`,
        `"${entry.unit.name}" puts ${figures} figures in block ${where}, but it and the blocks beside it have room for only ${figures - need}`,
        'Buildings: a block holds at most 12 figures, and a unit\'s figures stay in the same or adjacent blocks. Move the unit, or set up fewer units in this part of the town.',
      );
    }
  }
}
