// The Forces part of the sheet: each side's order of battle by formation, with the active rule system's ratings,
// and for Square Eagles a hit track to tick off Strength Points in play.
import { walkForces } from '../forces.js';
import type { Echelon, Formation, Leader, OptionValue, RuleSystem, Scenario, Side, Unit } from '../model.js';
import { parseRating } from '../ratings.js';
import { leaderRatings } from '../rule-systems/napoleons-eagles-leaders.js';
import { NE_OPTIONS } from '../rule-systems/napoleons-eagles-options.js';
import { resolvedOptions, sideIdsOf } from '../rule-systems/options.js';
import { squareEaglesType, standardSp } from '../rule-systems/square-eagles.js';
import type { VpTable } from '../rule-systems/profile.js';
import { profileFor } from '../rule-systems/registry.js';
import { textHtml } from './escape.js';
import { arrivalShort, inches, objectiveName, optionWords, plural, setupWords, sideName, unitTypeWords } from './words.js';

/** The mark beside a VP taken from the rule system's default table, explained in a footnote. */
export const TABLE_VP_MARK = '†';

/** The default VP table of the scenario's rules; none when a broken draft names rules this studio does not know. */
export function tableFor(system: unknown): VpTable | null {
  return profileFor(system)?.vp ?? null;
}

/** A unit's VP: its own, else the default table's (marked), else unknown. */
export function vpOf(u: Unit, system: unknown): { vp: number | null; fromTable: boolean } {
  if (typeof u.vp === 'number' && Number.isFinite(u.vp)) return { vp: u.vp, fromTable: false };
  const table = tableFor(system);
  return table ? { vp: table.unit(u), fromTable: true } : { vp: null, fromTable: false };
}

interface UnitRow {
  unit: Unit;
  pointer: string;
  key: string;
}

/** Every unit of each side in order-of-battle order, numbered from 1 per side: the keys the map falls back on. */
export function unitKeys(scenario: Scenario): Map<string, string> {
  const keys = new Map<string, string>();
  (Array.isArray(scenario.sides) ? scenario.sides : []).forEach((side, s) => {
    if (!side?.army || typeof side.army !== 'object') return;
    let n = 0;
    for (const node of walkForces(side.army, `/sides/${s}/army`)) if (node.kind === 'unit') keys.set(node.path, String(++n));
  });
  return keys;
}

function numberOr(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function cellNum(value: number | null, extra = ''): string {
  return `<td class="num">${value === null ? '<span class="none">–</span>' : textHtml(String(value))}${extra}</td>`;
}

interface Column {
  head: string;
  /** Relative width, in millimetres at A4. */
  width: number;
  num?: boolean;
  cell(u: Unit): string;
  /** Added up in the totals row; null for columns that have no total. */
  value?(u: Unit): number | null;
}

function ratingColumns(system: RuleSystem): Column[] {
  switch (system) {
    case 'napoleons-eagles': {
      const parts = (u: Unit) => {
        const r = u.ratings?.['napoleons-eagles']?.rating;
        const parsed = typeof r === 'string' ? parseRating(r) : null;
        return parsed?.ok ? parsed.rating : null;
      };
      const part = (head: string, width: number, pick: (r: NonNullable<ReturnType<typeof parts>>) => string | number): Column => ({
        head,
        width,
        num: true,
        cell: (u) => {
          const p = parts(u);
          return `<td class="num rating-part">${p ? textHtml(String(pick(p))) : '<span class="none">–</span>'}</td>`;
        },
      });
      return [
        {
          head: 'Rating',
          width: 12.5,
          cell: (u) => {
            const r = u.ratings?.['napoleons-eagles']?.rating;
            return `<td class="rating">${typeof r === 'string' ? textHtml(r) : '<span class="none">–</span>'}</td>`;
          },
        },
        part('Move', 8.5, (r) => r.move),
        part('Morale', 10.5, (r) => r.morale),
        part('Fire', 7, (r) => r.fire),
        part('Melee', 9, (r) => r.melee),
      ];
    }
    case 'square-eagles':
      return [
        { head: 'Plays as', width: 17, cell: (u) => `<td>${textHtml(squareEaglesType(u) ?? '(not in play)')}</td>` },
        {
          head: 'SP',
          width: 7,
          num: true,
          cell: (u) => {
            const sp = numberOr(u.ratings?.['square-eagles']?.sp);
            const std = standardSp(u) ?? null;
            return sp !== null ? cellNum(sp) : `<td class="num default" title="standard">${std === null ? '<span class="none">–</span>' : textHtml(String(std))}</td>`;
          },
          value: (u) => numberOr(u.ratings?.['square-eagles']?.sp) ?? standardSp(u) ?? null,
        },
        {
          head: 'Traits',
          width: 26,
          cell: (u) => {
            const traits = u.ratings?.['square-eagles']?.traits;
            const list = Array.isArray(traits) ? traits.map((t) => optionWords(String(t))) : [];
            return `<td class="traits">${list.length ? textHtml(list.join(', ')) : '<span class="none">–</span>'}</td>`;
          },
        },
      ];
    case 'eagles-to-glory':
      return [
        {
          head: 'Class',
          width: 10,
          cell: (u) => {
            const c = u.ratings?.['eagles-to-glory']?.class;
            return `<td class="num">${typeof c === 'string' ? textHtml(c) : '<span class="none">–</span>'}</td>`;
          },
          num: true,
        },
        { head: 'Stands', width: 11, num: true, cell: (u) => cellNum(numberOr(u.ratings?.['eagles-to-glory']?.stands)), value: (u) => numberOr(u.ratings?.['eagles-to-glory']?.stands) },
      ];
    case 'hex-skirmish':
      return [{ head: 'Men', width: 10, num: true, cell: (u) => cellNum(numberOr(u.ratings?.['hex-skirmish']?.men)), value: (u) => numberOr(u.ratings?.['hex-skirmish']?.men) }];
    default:
      return [];
  }
}

function figures(u: Unit): number | null {
  return u.arm === 'artillery' ? null : numberOr(u.ratings?.['napoleons-eagles']?.figures);
}

function guns(u: Unit): number | null {
  const ne = u.ratings?.['napoleons-eagles'];
  const g = numberOr(ne?.guns);
  const h = numberOr(ne?.howitzers);
  return g === null && h === null ? null : (g ?? 0) + (h ?? 0);
}

const GUARD_WORDS: Record<string, string> = { old: 'Old Guard', middle: 'Middle Guard', young: 'Young Guard' };

function typeWords(u: Unit, system: RuleSystem): string {
  const base = unitTypeWords(u.arm, u.type);
  if (system !== 'napoleons-eagles') return base;
  const ne = u.ratings?.['napoleons-eagles'];
  const extra: string[] = [];
  if (u.arm === 'infantry' && (ne?.ranks === 2 || ne?.ranks === 3)) extra.push(`${ne.ranks} ranks`);
  if (u.arm === 'artillery' && typeof ne?.calibre === 'string') extra.push(ne.calibre);
  if (u.arm === 'artillery' && numberOr(ne?.howitzers)) extra.push(`incl. ${ne!.howitzers} howitzer${ne!.howitzers === 1 ? '' : 's'}`);
  if (ne?.rifles === true) extra.push('rifles');
  const guard = (u.arm === 'infantry' || u.arm === 'cavalry') && typeof ne?.guard === 'string' && Object.hasOwn(GUARD_WORDS, ne.guard) ? GUARD_WORDS[ne.guard] : undefined;
  // A Guard unit reads "Young Guard infantry" rather than "Guard infantry, Young Guard".
  const head = guard && u.type === 'guard' ? `${guard} ${u.arm}` : base;
  if (guard && u.type !== 'guard') extra.push(guard);
  if (u.arm === 'artillery' && ne?.guardBattery === true) extra.push('Guard battery');
  if (u.arm === 'artillery' && ne?.regimental === true) extra.push('regimental');
  if (u.arm === 'infantry' && typeof ne?.skirmishers === 'number' && ne.skirmishers > 0) extra.push(plural(ne.skirmishers, 'skirmisher'));
  return extra.length ? `${head}, ${extra.join(', ')}` : head;
}

interface Placement {
  reinforcement: Map<string, string>;
  zone: Set<string>;
  zoneForAll: boolean;
}

function placementOf(side: Side): Placement {
  const reinforcement = new Map<string, string>();
  for (const r of Array.isArray(side.reinforcements) ? side.reinforcements : []) {
    for (const id of Array.isArray(r?.units) ? r.units : []) reinforcement.set(String(id), arrivalShort(r));
  }
  const zone = new Set<string>();
  let zoneForAll = false;
  for (const d of Array.isArray(side.deployment) ? side.deployment : []) {
    if (!d) continue;
    if (Array.isArray(d.units)) for (const id of d.units) zone.add(String(id));
    else zoneForAll = true;
  }
  return { reinforcement, zone, zoneForAll };
}

function setupCell(u: Unit, scenario: Scenario, placement: Placement): string {
  const s = setupWords(u.setup, scenario.grid, scenario.table);
  if (s) {
    const rest = [s.facing ? `facing ${s.facing}` : null, s.formation?.toLowerCase()].filter(Boolean).join(', ');
    return `<td class="setup"><b>${textHtml(s.where)}</b>${rest ? ` <span class="muted">${textHtml(rest)}</span>` : ''}</td>`;
  }
  const arrival = placement.reinforcement.get(String(u.id));
  if (arrival) return `<td class="setup">Arrives: ${textHtml(arrival)}</td>`;
  if (placement.zone.has(String(u.id)) || placement.zoneForAll) return '<td class="setup">In the deployment zone</td>';
  return '<td class="setup"><span class="none">not placed</span></td>';
}

/** The mark of a leader rating the scenario leaves to the rules' default for his echelon. */
const DEFAULT_CLASS = 'dflt';

/**
 * A Napoleon's Eagles leader's ratings in words, the rules' defaults for his echelon filled in and set in italics.
 * Initiative and the misread penalty only matter under their optional rules, so they print when those are on or
 * the scenario gives them; an army commander has no initiative.
 */
export function leaderRatingsHtml(leader: Leader, echelon: Echelon, options: Record<string, OptionValue>): string {
  const own = leader.ratings?.['napoleons-eagles'];
  const given = (k: string): boolean => !!own && typeof own === 'object' && typeof (own as Record<string, unknown>)[k] === 'number';
  const r = leaderRatings(leader, echelon);
  const bits: string[] = [];
  const add = (key: string, text: string) => bits.push(given(key) ? textHtml(text) : `<i class="${DEFAULT_CLASS}">${textHtml(text)}</i>`);
  add('moraleBonus', `morale +${r.moraleBonus}`);
  add('meleeBonus', `melee +${r.meleeBonus}`);
  add('commandRadius', `command ${inches(r.commandRadius)}`);
  if (r.initiative !== undefined && (options.leaderInitiative === true || given('initiative'))) add('initiative', `initiative ${r.initiative}`);
  if (options.misreadOrders === true || (given('misreadPenalty') && r.misreadPenalty !== 0)) add('misreadPenalty', `misreads +${r.misreadPenalty}`);
  return bits.join(', ');
}

/** Whether any leader's printed rating is a default, so the forces need the footnote that says what italics mean. */
export function usesLeaderDefaults(scenario: Scenario): boolean {
  if (scenario.ruleSystem !== 'napoleons-eagles') return false;
  const options = resolvedOptions(NE_OPTIONS, scenario.ruleOptions?.['napoleons-eagles'], sideIdsOf(scenario));
  return (Array.isArray(scenario.sides) ? scenario.sides : []).some(
    (side) =>
      side?.army &&
      [...walkForces(side.army, '')].some((n) => n.kind === 'leader' && leaderRatingsHtml(n.node, n.parent.echelon, options).includes(`class="${DEFAULT_CLASS}"`)),
  );
}

/** Whether a formation's name already ends with its echelon's word, as a whole word, whatever its case. */
export function namesEchelon(name: unknown, echelon: string): boolean {
  if (typeof name !== 'string' || echelon.trim() === '') return false;
  const n = name.trim().toLowerCase();
  const e = echelon.trim().toLowerCase();
  return n === e || (n.endsWith(e) && !/[\p{L}\p{N}]/u.test(n.charAt(n.length - e.length - 1)));
}

function formationHeader(f: Formation, depth: number, columns: number, system: RuleSystem, options: Record<string, OptionValue>): string {
  const bits: string[] = [];
  const echelon = typeof f.echelon === 'string' ? f.echelon : '';
  // "French army" needs no "army" after it; "16. Brigade" none after it either.
  if (echelon && !namesEchelon(f.name, echelon)) bits.push(`<span class="echelon">${textHtml(echelon)}</span>`);
  const leader = f.leader && typeof f.leader === 'object' ? f.leader : null;
  if (leader) {
    const traits: string[] = [];
    const se = leader.ratings?.['square-eagles'];
    if (system === 'square-eagles' && se?.excellentStaff === true) traits.push('excellent staff');
    if (system === 'square-eagles' && se?.divisionGeneral === true) traits.push('division general');
    const ratings = system === 'napoleons-eagles' ? leaderRatingsHtml(leader, f.echelon, options) : textHtml(traits.join(', '));
    bits.push(`<span class="leader">${textHtml(leader.name)}</span>${ratings ? ` <span class="lr">(${ratings})</span>` : ''}`);
  }
  if (system === 'eagles-to-glory') {
    const dep = numberOr(f.dep);
    const ccp = numberOr(f.ccp);
    if (dep !== null) bits.push(`DEP ${dep}`);
    if (ccp !== null) bits.push(`CCP ${ccp}`);
  }
  return (
    `<tr class="formation depth-${Math.min(depth, 4)}"><td colspan="${columns}">` +
    `<span class="fname" style="padding-left:${(depth * 3.5).toFixed(1)}mm">${textHtml(f.name)}</span>` +
    (bits.length ? ` <span class="fmeta">${bits.join(' · ')}</span>` : '') +
    '</td></tr>'
  );
}

export interface ForcesOptions {
  /** Width of the page's text block in mm, to size the columns. */
  widthMm: number;
}

export function renderSideForces(scenario: Scenario, side: Side, sideIndex: number, color: string): string {
  const system = scenario.ruleSystem;
  const ratingCols = ratingColumns(system);
  const all: UnitRow[] = [];
  for (const node of walkForces(side.army, `/sides/${sideIndex}/army`)) {
    if (node.kind === 'unit') all.push({ unit: node.node, pointer: node.path, key: String(all.length + 1) });
  }
  const sc = scenario;
  const units = all.map((r) => r.unit);
  const showFigures = units.some((u) => figures(u) !== null);
  const showGuns = units.some((u) => guns(u) !== null);
  const placement = placementOf(side);
  const options = resolvedOptions(NE_OPTIONS, scenario.ruleOptions?.['napoleons-eagles'], sideIdsOf(scenario));
  const columns: Column[] = [
    { head: '#', width: 6, num: true, cell: () => '' },
    { head: 'Unit', width: system === 'napoleons-eagles' ? 35 : 40, cell: (u) => `<td class="uname">${textHtml(u.name)}</td>` },
    { head: 'Type', width: system === 'napoleons-eagles' ? 32 : 26, cell: (u) => `<td>${textHtml(typeWords(u, system))}</td>` },
    ...ratingCols,
    ...(showFigures ? [{ head: 'Figures', width: 11.5, num: true, cell: (u: Unit) => cellNum(figures(u)), value: figures }] : []),
    ...(showGuns ? [{ head: 'Guns', width: 8.5, num: true, cell: (u: Unit) => cellNum(guns(u)), value: guns }] : []),
    {
      head: 'VP',
      width: 9,
      num: true,
      cell: (u) => {
        const v = vpOf(u, system);
        return cellNum(v.vp, v.fromTable ? `<sup class="mark">${TABLE_VP_MARK}</sup>` : '');
      },
      value: (u) => vpOf(u, system).vp,
    },
    { head: 'Set-up', width: 34, cell: (u) => setupCell(u, sc, placement) },
  ];
  const total = columns.reduce((s, c) => s + c.width, 0);
  const colgroup = columns.map((c) => `<col style="width:${((100 * c.width) / total).toFixed(2)}%">`).join('');
  const head = `<thead><tr>${columns.map((c) => `<th${c.num ? ' class="num"' : ''}>${textHtml(c.head)}</th>`).join('')}</tr></thead>`;

  const rows: string[] = [];
  const keyOf = new Map(all.map((r) => [r.unit, r.key]));
  const depthOf = new Map<Formation, number>();
  for (const node of walkForces(side.army, '')) {
    if (node.kind === 'formation') {
      const depth = node.parent ? (depthOf.get(node.parent) ?? 0) + 1 : 0;
      depthOf.set(node.node, depth);
      rows.push(formationHeader(node.node, depth, columns.length, system, options));
    } else if (node.kind === 'unit') {
      const u = node.node;
      const depth = (depthOf.get(node.parent) ?? 0) + 1;
      const cells = columns.map((c, i) => (i === 0 ? `<td class="num key">${textHtml(keyOf.get(u) ?? '')}</td>` : c.cell(u)));
      rows.push(`<tr class="unit depth-${Math.min(depth, 4)}">${cells.join('')}</tr>`);
    }
  }
  const totals = columns.map((c, i) => {
    if (i === 0) return '<td></td>';
    if (c.head === 'Unit') return `<td class="uname">Total: ${textHtml(plural(units.length, 'unit'))}</td>`;
    if (!c.value) return '<td></td>';
    const values = units.map((u) => c.value!(u)).filter((v): v is number => v !== null);
    return `<td class="num">${values.length ? values.reduce((a, b) => a + b, 0) : ''}</td>`;
  });
  rows.push(`<tr class="totals">${totals.join('')}</tr>`);

  const name = sideName(side, `Side ${sideIndex + 1}`);
  const nation = typeof side.nation === 'string' && side.nation.trim() ? side.nation.trim() : '';
  const held = (scenario.objectives ?? []).filter((o) => o && o.heldBy === side.id);
  const table = tableFor(system);
  const heldVp = held.reduce((s, o) => s + (typeof o.vp === 'number' ? o.vp : (table?.objective ?? 0)), 0);
  const heldLine = held.length
    ? `<p class="note">Holds at the start: ${textHtml(held.map((o) => objectiveName(scenario, o)).join(', '))} (${heldVp} VP).</p>`
    : '';
  return (
    `<section class="side" data-side="${sideIndex}">` +
    `<h3 class="side-head"><span class="chip" style="background:${color}"></span>${textHtml(name)}` +
    `${nation && nation !== name ? ` <span class="muted">(${textHtml(nation)})</span>` : ''}</h3>` +
    `<table class="oob">${colgroup ? `<colgroup>${colgroup}</colgroup>` : ''}${head}<tbody>${rows.join('')}</tbody></table>` +
    heldLine +
    '</section>'
  );
}

/** True when any unit's VP comes from the default table, so the footnote is needed. */
export function usesTableVp(scenario: Scenario): boolean {
  return (Array.isArray(scenario.sides) ? scenario.sides : []).some(
    (side) => side?.army && [...walkForces(side.army, '')].some((n) => n.kind === 'unit' && vpOf(n.node, scenario.ruleSystem).fromTable),
  );
}

/** One row per Square Eagles unit, with as many boxes as it has Strength Points: the players tick off hits. */
export function renderHitTrack(scenario: Scenario, colors: string[]): string {
  const sides = (Array.isArray(scenario.sides) ? scenario.sides : []).slice(0, 2);
  const lists = sides.map((side, s) => {
    const out: { key: string; name: string; sp: number }[] = [];
    if (!side?.army) return out;
    let n = 0;
    for (const node of walkForces(side.army, `/sides/${s}/army`)) {
      if (node.kind !== 'unit') continue;
      n++;
      const std = standardSp(node.node);
      // Train has no Square Eagles type and takes no part in play, so it has no track.
      if (std === undefined) continue;
      const sp = numberOr(node.node.ratings?.['square-eagles']?.sp) ?? std;
      out.push({ key: String(n), name: String(node.node.name ?? ''), sp: Math.max(0, Math.min(12, Math.round(sp))) });
    }
    return out;
  });
  const rows = Math.max(0, ...lists.map((l) => l.length));
  const boxes = (n: number): string => '<span class="box"></span>'.repeat(n);
  const body: string[] = [];
  for (let i = 0; i < rows; i++) {
    const cells = [0, 1].map((s) => {
      const u = lists[s]?.[i];
      return u
        ? `<td class="num key">${textHtml(u.key)}</td><td class="uname">${textHtml(u.name)}</td><td class="num">${u.sp}</td><td class="boxes">${boxes(u.sp)}</td>`
        : '<td></td><td></td><td></td><td></td>';
    });
    body.push(`<tr>${cells.join('<td class="gap"></td>')}</tr>`);
  }
  const headFor = (s: number) =>
    `<th colspan="4" class="side-col"><span class="chip" style="background:${colors[s]}"></span>${textHtml(sideName(sides[s], `Side ${s + 1}`))}</th>`;
  const sub = '<th class="num">#</th><th>Unit</th><th class="num">SP</th><th>Hits</th>';
  return (
    '<table class="hits"><colgroup><col style="width:4%"><col style="width:21%"><col style="width:4%"><col style="width:19%"><col style="width:4%">' +
    '<col style="width:4%"><col style="width:21%"><col style="width:4%"><col style="width:19%"></colgroup>' +
    `<thead><tr>${headFor(0)}<th class="gap"></th>${headFor(1)}</tr><tr>${sub}<th class="gap"></th>${sub}</tr></thead>` +
    `<tbody>${body.join('')}</tbody></table>`
  );
}
