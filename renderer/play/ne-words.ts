// Napoleon's Eagles in words for the play view: the log's lines, the buttons, the dice tray, the phase hints and a
// unit's line. Events name units and leaders by id; the engine's event fields are read loosely, so an event this
// does not know still shows its type and fields rather than nothing.
import type { NapoleonsEaglesRulesView, NapoleonsEaglesUnit, NapoleonsEaglesUnitRules, NeFatigue, NeFormation, NeOrder, NeWhen } from '../../domain/engine-protocol.js';
import type { DiceRoll, Effect, EngineAction, EventContext } from './play-actions.js';
import { reasonInNames } from './play-view.js';

type Names = ReadonlyMap<string, string>;
type Ev = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** Actions as a player counts them, in halves: "½ action", "1 action", "1½ actions". */
export function actions(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.25 && n - whole < 0.75;
  const count = `${whole > 0 || !half ? (half ? whole : Math.round(n)) : ''}${half ? '½' : ''}`;
  return `${count} action${n === 1 ? '' : 's'}`.replace(/^½ actions$/, '½ action');
}

/** Inches as a player says them: one decimal, none when whole. */
export const inches = (d: number): string => `${Number.isInteger(Math.round(d * 10) / 10) ? Math.round(d) : (Math.round(d * 10) / 10).toFixed(1)}"`;

/**
 * The verdict beside an accepted ghost: the engine's exact cost first ("legal: 1½ actions"), then what the move is.
 * An engine that gives no cost still says the move is legal.
 */
export function legalMoveWords(kind: 'move' | 'force-march', moved: number, cost: number | undefined): string {
  const what = `${kind === 'force-march' ? 'force march' : 'move'} ${inches(moved)}`;
  return cost === undefined ? `legal: ${what}` : `legal: ${actions(cost)} (${what})`;
}

/** The verdict beside an accepted leader's ghost: how far he rides, and whom he joins. */
export function legalLeaderWords(ride: number, joins: string | null): string {
  return `legal: rides ${inches(ride)}${joins ? `, joins ${joins}` : ', alone'}`;
}

/** A point on the table, for the log. */
const at = (p: unknown): string => (Array.isArray(p) && p.length >= 2 ? `(${nums(p).map((x) => Math.round(x * 10) / 10).join(', ')})` : '');

export const FORMATION_WORDS: Record<NeFormation, string> = {
  line: 'line',
  'supported-line': 'supported line',
  column: 'column',
  'road-column': 'road column',
  square: 'square',
  skirmish: 'skirmish order',
  echelon: 'echelon',
  limbered: 'limbered',
  unlimbered: 'unlimbered',
};

const FATIGUE: Record<NeFatigue, string> = { normal: 'fresh', fatigued: 'fatigued', tired: 'tired', exhausted: 'exhausted' };

/** The compass point nearest a facing, for the log ("facing west"); off the eight points, the degrees. */
export function facingWords(f: unknown): string {
  const n = num(f);
  if (n === null) return '';
  const norm = ((n % 360) + 360) % 360;
  const names = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
  return norm % 45 === 0 ? names[norm / 45]! : `${Math.round(norm)}°`;
}

/** A side as events name it: its key, or its index in the scenario's order (0 the first, red). */
const sideKeyOf = (v: unknown): string => (v === 0 ? 'red' : v === 1 ? 'blue' : str(v));

/**
 * A battery's fire dice split from its ammunition dice ('Artillery Ammunition'): after the fire, one d6 per action
 * fired, two with rapid fire, the last of the fire event's dice. Only the events around it say it was a battery's
 * (its ammunition event follows) and rapid (the fatigue a rapid fire costs is logged straight after that). Null when
 * the fire is not a battery's, or its neighbours are not at hand.
 */
function batteryDice(events: readonly Ev[], fireAt: number): { fire: number[]; ammunition: number[] } | null {
  const f = events[fireAt];
  if (f?.type !== 'fire') return null;
  const ammoAt = events.findIndex((x, i) => i > fireAt && x.type === 'ammunition' && x.unit === f.unit);
  if (ammoAt < 0 || events.slice(fireAt + 1, ammoAt).some((x) => x.type === 'fire' && x.unit === f.unit)) return null;
  const after = events[ammoAt + 1];
  const rapid = after?.type === 'fatigue' && after.unit === f.unit;
  const count = (num(f.actions) ?? 1) * (rapid ? 2 : 1);
  const dice = nums(f.dice);
  if (!Number.isInteger(count) || count < 1 || count > dice.length) return null;
  return { fire: dice.slice(0, dice.length - count), ammunition: dice.slice(dice.length - count) };
}

/** The fire an ammunition event belongs to: the same battery's last fire before it, with no other ammunition between. */
function fireBefore(events: readonly Ev[], ammoAt: number): number {
  const unit = events[ammoAt]?.unit;
  for (let i = ammoAt - 1; i >= 0; i--) {
    const x = events[i]!;
    if (x.unit !== unit) continue;
    if (x.type === 'fire') return i;
    if (x.type === 'ammunition') return -1;
  }
  return -1;
}

/** A battery's ammunition by the 6s rolled so far: low at the first, critical at the second, out at the third (at the
 *  second for regimental guns, which the event's `out` says). */
function ammunitionLevel(sixes: number, out: boolean): string {
  if (out) return 'out of ammunition';
  if (sixes <= 0) return 'ammunition still full';
  return sixes === 1 ? 'running low on ammunition' : 'critically low on ammunition';
}

export function describeNeEvent(e: Ev, names: Names, context?: EventContext): string {
  const n = (k: string) => {
    const id = str(e[k]);
    return names.get(id) ?? id;
  };
  const side = (v: unknown) => {
    const key = sideKeyOf(v);
    return names.get(key) ?? key;
  };
  const rolls = nums(e.rolls).length ? nums(e.rolls) : nums(e.dice);
  const rolled = rolls.length ? ` [${rolls.join(', ')}]` : num(e.roll) !== null ? ` [${str(e.roll)}]` : '';
  switch (e.type) {
    case 'turn':
    case 'game-turn':
      return `— Game turn ${str(e.turn)} —`;
    case 'period':
      return `— Period ${str(e.period)}${e.turn !== undefined ? ` of game turn ${str(e.turn)}` : ''} —`;
    case 'bid':
      return e.points === undefined || e.points === 'hidden' ? `${side(e.side)} makes a sealed bid` : `${side(e.side)} bids ${plural(num(e.points) ?? 0, 'turn point')}`;
    case 'bids': {
      const [red, blue] = Array.isArray(e.bids) ? (e.bids as unknown[]) : [e.red, e.blue];
      return `Bids revealed: ${side(0)} ${str(red)}, ${side(1)} ${str(blue)}${e.winner !== undefined && e.winner !== null ? ` — ${side(e.winner)} chooses` : ''}`;
    }
    case 'choose':
    case 'roles':
      return e.a !== undefined ? `${side(e.a)} is side A this period, ${side(e.d ?? (e.a === 'red' ? 'blue' : 'red'))} side D` : `${side(e.side)} takes side ${str(e.role)}`;
    case 'activate':
      return `${n('unit')} starts its activation`;
    case 'activation-end':
      return `${n('unit')} ends its activation${num(e.used) !== null ? ` (${actions(num(e.used)!)} used)` : ''}${e.stand ? ', standing' : ''}`;
    case 'movement-over':
      return 'Movement is over for this period';
    case 'objective':
      return `${n('objective')} is ${e.holder ? `held by ${side(e.holder)}` : 'held by no one'}`;
    case 'move':
    case 'force-march':
      return `${n('unit')} ${e.type === 'move' ? 'moves' : 'force-marches'}${num(e.distance) !== null ? ` ${inches(num(e.distance)!)}` : ''} to ${at(e.to)}, facing ${facingWords(e.facing)}${num(e.cost) !== null ? ` (${actions(num(e.cost)!)})` : ''}${e.disordered ? ', disordered' : ''}`;
    case 'formation': {
      const to = e.to ?? e.formation;
      return `${n('unit')} forms ${FORMATION_WORDS[to as NeFormation] ?? str(to)}${num(e.cost) ? ` (${actions(num(e.cost)!)})` : ''}`;
    }
    case 'fire': {
      const cas = num(e.casualties);
      const how = e.kind && e.kind !== 'musket' ? ` (${str(e.kind)}${e.defensive ? ', defensive' : ''})` : e.defensive ? ' (defensive)' : '';
      const split = context ? batteryDice(context.events, context.index) : null;
      const dice = split ? ` [${split.fire.length ? `fire ${split.fire.join(', ')}; ` : ''}ammunition ${split.ammunition.join(', ')}]` : rolled;
      return `${n('unit')} fires on ${n('target')}${num(e.range) !== null ? ` at ${inches(num(e.range)!)}` : ''}${how}${dice}${cas !== null ? `: ${cas === 1 ? '1 casualty' : `${cas} casualties`}` : ''}`;
    }
    case 'halt-short':
      return `${n('unit')} will not close and halts 2" short of ${n('target')}`;
    case 'charge-fails':
      return `${n('charger')}'s charge on ${n('target')} fails`;
    case 'ride-down':
      return `${n('charger')} rides down ${n('target')}${num(e.casualties) !== null ? `: ${str(e.casualties)} casualties` : ''}`;
    case 'close-casualties':
      return `Close action casualties: ${n('target')} loses ${str(e.onTarget)}, ${n('charger')} loses ${str(e.onCharger)}`;
    case 'defence':
      return `${n('unit')} meets the charge: ${str(e.choice)}${e.rapid ? ', rapid' : ''}`;
    case 'influence':
      return `${n('leader')} lends +${str(e.bonus)} to the threshold roll`;
    case 'influence-risk':
      return `${n('leader')} risks himself for +${str(e.influence)}${rolled}: ${e.lost ? 'falls' : 'unhurt'}`;
    case 'charge':
      return `${n('unit')} charges ${n('target')}${e.aspect ? ` in the ${str(e.aspect)}` : ''}`;
    case 'close-action':
    case 'melee':
      return `Close action: ${n('unit') || n('charger')} against ${n('target')}${e.aspect ? ` (${str(e.aspect)})` : ''}${rolled}${e.winner !== undefined && e.winner !== null ? ` — ${names.get(str(e.winner)) ?? str(e.winner)} wins` : ''}`;
    case 'morale':
    case 'surrounded':
      return `${n('unit')} tests morale${e.why ? ` (${str(e.why)})` : ''}${rolled}${num(e.need) !== null ? `, needing ${str(e.need)} or less` : ''}: ${e.pass ? 'passes' : 'fails'}`;
    case 'disordered':
      return `${n('unit')} is disordered`;
    case 'retreat':
      return `${n('unit')} retreats${num(e.distance) !== null ? ` ${inches(num(e.distance)!)}` : ''}${e.to ? ` to ${at(e.to)}` : ''}`;
    case 'rout':
    case 'routed':
      return `${n('unit')} routs${e.why ? ` (${str(e.why)})` : ''}`;
    case 'volunteer-retreat':
      return `${n('unit')} falls back of its own accord`;
    case 'recovered':
      return `${n('unit')} recovers`;
    case 'rallied':
      return `${n('unit')} rallies where it stands`;
    case 'refuse':
      return `${n('unit')} refuses its ${str(e.flank)} flank (${str(e.figures)} figures)`;
    case 'smoke':
      return `${n('unit')}'s fire leaves smoke before it${isWhen(e.until) ? ` until the end of ${whenWords(e.until)}` : ''}`;
    case 'pushed-back':
      return `${n('unit')} falls back before ${n('by')}`;
    case 'screen-draws-fire':
      return `${n('screen')} draws a quarter of ${n('unit')}'s fire`;
    case 'fight-continues':
      return `${n('charger')} and ${n('target')} tie: they fight again next period`;
    case 'silenced':
      return `${n('unit')} is silenced`;
    case 'ammunition': {
      // `sixes` is the battery's count so far, not this roll's: whether a 6 came up now is read off its fire's dice.
      const level = ammunitionLevel(num(e.sixes) ?? 0, e.out === true);
      const fire = context ? fireBefore(context.events, context.index) : -1;
      const split = fire >= 0 ? batteryDice(context!.events, fire) : null;
      if (!split) return `${n('unit')}: ${level}`;
      const sixes = split.ammunition.filter((d) => d === 6).length;
      const rolledNow = `${n('unit')} rolls ${split.ammunition.join(', ')} for ammunition`;
      return sixes === 0 ? `${rolledNow}: no 6, ${level}` : `${rolledNow}: ${sixes === 1 ? 'a 6' : `${sixes} 6s`}, now ${level}`;
    }
    case 'rest':
      return `${n('unit')} rests${e.fatigue ? `: now ${FATIGUE[e.fatigue as NeFatigue] ?? str(e.fatigue)}` : ''}`;
    case 'stand':
      return `${n('unit')} stands, keeping an action`;
    case 'done':
      return `${n('unit')} ends its activation`;
    case 'finish':
      return `${n('side')} finishes moving this period`;
    case 'fatigue': {
      const level = e.level ?? e.fatigue;
      return `${n('unit')} is ${FATIGUE[level as NeFatigue] ?? str(level)}`;
    }
    case 'casualties':
      return `${n('unit')} loses ${plural(num(e.figures) ?? num(e.casualties) ?? 0, 'figure')}`;
    case 'eliminated':
    case 'surrender':
    case 'surrendered':
      return `${n('unit')} ${e.type === 'eliminated' ? 'is destroyed' : 'surrenders'}${e.why ? ` (${str(e.why)})` : ''}`;
    case 'out-of-command':
      return `${n('unit')} is out of command`;
    case 'threshold':
      return `${side(e.side)} tests its threshold${rolled}: ${e.pass === false || e.failed ? 'fails' : 'holds'}`;
    case 'leader':
      return `${n('leader')} rides to ${at(e.to)}${e.attach ? `, joining ${n('attach')}` : ''}`;
    case 'leader-lost':
      return `${n('leader')} falls${rolled}`;
    case 'arrives':
    case 'reinforcement':
      return `${n('unit')} arrives${e.at ? ` at ${at(e.at)}` : ''}`;
    case 'reinforcement-roll': {
      // Counted, not named: under the visibility rule the units off the table are unseen, and a list of veiled
      // names would say nothing.
      const count = Array.isArray(e.units) ? e.units.length : 0;
      return `${side(e.side)} rolls for ${plural(count, 'reinforcement')}${rolled}: ${str(e.need)} or more needed, ${e.arrives ? 'they come on' : 'not this turn'}`;
    }
    case 'reinforcement-waits':
      return `${n('unit')} cannot come on yet: ${str(e.why) || 'no room'}; it tries again next game turn`;
    case 'game-over':
    case 'result':
      return `Game over: ${reasonInNames(str(e.reason), names)}`;
    case 'stand-marker':
      return `${n('unit')} keeps a stand marker`;
    case 'bid-tie': {
      const [r0, r1] = nums(e.rolls);
      return `Bids tie${Array.isArray(e.bids) ? ` at ${str((e.bids as unknown[])[0])}` : ''}: ${side(0)} rolls ${str(r0)}, ${side(1)} ${str(r1)}`;
    }
    case 'order':
      return `${n('leader')}'s division now has orders to ${ORDER_WORDS[e.order as NeOrder] ?? str(e.order)}${e.at ? ` at ${at(e.at)}` : ''}${e.why ? ` (${str(e.why)})` : ''}`;
    case 'order-sent':
      return `An order to ${ORDER_WORDS[e.order as NeOrder] ?? str(e.order)} rides to ${n('leader')}${rolled}${isWhen(e.arrives) ? `: it arrives in ${whenWords(e.arrives)}` : ''}`;
    case 'order-read':
      return `${n('leader')} reads his order${rolled}: ${e.misread ? `misread as ${ORDER_WORDS[e.order as NeOrder] ?? str(e.order)}` : 'as written'}`;
    case 'committed':
      return `${n('leader')}'s division is committed to its attack`;
    case 'resupply':
      return `${n('unit')} starts to reload ${n('battery')}`;
    case 'resupplied':
      return `${n('battery')} is resupplied by ${n('unit')}`;
    case 'resupply-failed':
      return `${n('unit')} could not reload ${n('battery')} (charged)`;
    case 'caisson-captured':
      return `${n('unit')} is captured and destroyed by ${n('by')}`;
    case 'building-fire':
      return `${n('block')} burns: ${plural(num(e.fires) ?? 0, 'fire')}${e.why ? ` (${reasonInNames(str(e.why), names)})` : ''}`;
    case 'fire-work':
      return `${n('unit')} ${e.task === 'extinguish' ? 'fights the fire in' : 'tries to set fire to'} ${n('block')}`;
    case 'fire-start-roll':
      return `${n('unit')}'s ${e.by === 'shell' ? 'shells' : 'men'} try to set ${n('block')} alight${rolled}${num(e.need) !== null ? `, needing ${str(e.need)}` : ''}: ${e.lit ? 'it catches' : 'no fire'}`;
    case 'fire-spread-roll':
      return `The fire in ${n('block')} rolls${rolled}`;
    case 'out-of-control-check':
      return `${n('unit')} tests control${rolled}${num(e.total) !== null ? `, total ${str(e.total)}` : ''}: ${e.out ? 'out of control' : 'held back'}`;
    case 'out-of-control-charge':
      return `${n('unit')}, out of control, charges ${n('target')}`;
    case 'back-in-control':
      return `${n('unit')} is back in hand${e.why ? ` (${str(e.why)})` : ''}`;
    case 'flank':
      return `Table flank ${(num(e.flank) ?? 0) + 1} (counted from the left) ${e.stage === 'moving' ? 'moves now' : 'bids now'}`;
    case 'smoke-clears':
      return `The smoke before ${n('unit')} clears`;
    case 'close-action-void':
      return `The fight of ${n('charger')} and ${n('target')} ends${e.why ? ` (${str(e.why)})` : ''}`;
    default:
      return generic(e, names);
  }
}

function generic(e: Ev, names: Names): string {
  const fields = Object.entries(e)
    .filter(([k, v]) => k !== 'type' && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => `${k} ${names.get(String(v)) ?? String(v)}`);
  return `${str(e.type)}${fields.length ? `: ${fields.join(', ')}` : ''}`;
}

/** A button's words for an action. */
export function neActionLabel(a: EngineAction, names: Names): string {
  const n = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : '');
  switch (a.type) {
    case 'bid':
      return `Bid ${plural(Number(a.points ?? 0), 'point')}`;
    case 'choose':
      return a.role === 'A' ? 'Be side A (move first)' : 'Be side D (answer)';
    case 'move':
    case 'force-march':
      return `${a.type === 'move' ? 'Move' : 'Force-march'} to ${at(a.to)}, facing ${facingWords(a.facing)}`;
    case 'formation':
      return `Form ${FORMATION_WORDS[a.formation as NeFormation] ?? String(a.formation)}`;
    case 'fire':
      return `Fire on ${n(a.target)} (${actions(Number(a.actions ?? 1))})${a.rapid ? ', rapid' : ''}`;
    case 'charge':
      return `Charge ${n(a.target)}${a.halt ? ' (halt 2" short if it will not close)' : ''}`;
    case 'refuse':
      return `Refuse the ${String(a.flank)} flank (1 action)`;
    case 'order':
      return `Order ${n(a.leader)}: ${ORDER_WORDS[a.order as NeOrder] ?? String(a.order)}${a.at ? ` at ${at(a.at)}` : ''}`;
    case 'resupply':
      return `Resupply ${n(a.battery)} (the whole period)`;
    case 'building-fire':
      return `${a.task === 'extinguish' ? 'Fight the fire in' : 'Set fire to'} ${n(a.block)} (the whole period)`;
    case 'stand':
      return 'Stand (keep an action)';
    case 'rest':
      return 'Rest';
    case 'retreat':
      return 'Retreat';
    case 'done':
      return 'Done with this unit';
    case 'finish':
      return 'Finish moving this period';
    case 'leader':
      return `Move ${n(a.leader)}${a.attach ? `, joining ${n(a.attach)}` : ''}`;
    case 'end-leaders':
      return 'End leaders';
    case 'defend':
      return ({ fire: 'Fire at the charger', face: 'Face the charger', square: 'Form square', refuse: 'Refuse the flank', none: 'Hold' }[String(a.choice)] ?? String(a.choice)) + (a.rapid ? ', rapid' : '');
    case 'influence':
      return Number(a.bonus) > 0 ? `${n(a.leader)} lends +${String(a.bonus)} to the threshold roll (lost on a d10 of ${String(a.bonus)} or less)` : `${n(a.leader)} lends no influence`;
    default:
      return a.type;
  }
}

/** The six written orders of command option #2, as a player says them (rules notes §14). */
export const ORDER_WORDS: Record<NeOrder, string> = { attack: 'attack', defend: 'defend', withdraw: 'withdraw', pursuit: 'pursue', maneuver: 'maneuver', reserve: 'stay in reserve' };

/** What each order lets a division do, for the order picker's help (rules notes §14's table). */
export const ORDER_HELP: Record<NeOrder, string> = {
  attack: 'moves nearer its objective at ¾ pace or more until committed; may charge',
  defend: 'stays within its leader\'s command radius of the point; charges only inside it',
  withdraw: 'moves away from the enemy at ¾ pace or more; no charges',
  pursuit: 'moves nearer the retreating enemy; may charge',
  maneuver: 'keeps 20" from the enemy and moves towards the point; no charges',
  reserve: 'neither moves nor charges until an enemy comes within 24"',
};

/** Which orders need a point: the objective or the ground held (the others default to the leader's place). */
export const ORDER_NEEDS_POINT: ReadonlySet<NeOrder> = new Set(['attack', 'defend', 'maneuver']);

const isWhen = (v: unknown): v is NeWhen => typeof v === 'object' && v !== null && typeof (v as NeWhen).turn === 'number' && typeof (v as NeWhen).period === 'number';

/** "period 3 of turn 2". */
export const whenWords = (w: NeWhen): string => `period ${w.period} of turn ${w.turn}`;

/** The table flanks' names, by how many there are, left first. */
export const FLANK_NAMES: Record<number, string[]> = { 1: ['whole table'], 2: ['left flank', 'right flank'], 3: ['left flank', 'centre', 'right flank'] };

export const flankName = (i: number, count: number): string => FLANK_NAMES[count]?.[i] ?? `flank ${i + 1}`;

/** A division's order in force and any on its way, in one line for the panel. */
export function divisionOrderWords(o: NonNullable<NapoleonsEaglesRulesView['orders']>[number], now: NeWhen | null = null): string {
  const current = o.unwritten ? 'no order yet: holds where its leader stands' : `${ORDER_WORDS[o.order]} at ${at(o.at)}${o.committed ? ', committed' : ''}${o.until ? ` until the end of ${whenWords(o.until)}` : ''}`;
  if (!o.next) return current;
  const soon = now && o.next.arrives.turn === now.turn && o.next.arrives.period === now.period + 1 ? ' (next period)' : '';
  return `${current}; ${ORDER_WORDS[o.next.order]} on its way, arrives ${whenWords(o.next.arrives)}${soon}`;
}

/** Why a refused flank, a fire or a caisson shows: the rules' state of one unit in words, for the selected unit's line. */
export function neRulesLine(u: NapoleonsEaglesUnit & NapoleonsEaglesUnitRules): string {
  const parts: string[] = [];
  if (u.refused) parts.push(`${u.refused.flank} flank refused (${plural(u.refused.figures, 'figure')})`);
  if (u.outOfControl) parts.push('out of control');
  return parts.join(' · ');
}

/** Every die an action rolled, as a player reads them off the table. */
export function neDiceOf(events: readonly unknown[], names: Names): DiceRoll[] {
  const n = (id: unknown) => names.get(String(id)) ?? String(id);
  const out: DiceRoll[] = [];
  for (const raw of events) {
    const e = raw as Ev;
    const rolls = nums(e.rolls).length ? nums(e.rolls) : nums(e.dice).length ? nums(e.dice) : num(e.roll) !== null ? [num(e.roll)!] : [];
    if (!rolls.length) continue;
    if (e.type === 'bid-tie') {
      out.push({ label: `Bids tie: ${n('red')} / ${n('blue')}`, rolls, hitOn: null, hits: null });
      continue;
    }
    const who = e.target !== undefined ? `${n(e.unit ?? e.charger)} → ${n(e.target)}` : n(e.unit ?? e.leader ?? sideKeyOf(e.side) ?? '');
    out.push({ label: `${who}: ${str(e.type)}`, rolls, hitOn: num(e.hitOn), hits: num(e.hits) ?? num(e.casualties) });
  }
  return out;
}

/** The markers of a unit in words, for the unit's line and the marker chips' tooltips. */
export function neUnitLine(u: NapoleonsEaglesUnit): string {
  // A battery is limbered or unlimbered, not "in" it.
  const shape = u.formation === 'limbered' || u.formation === 'unlimbered' ? `${FORMATION_WORDS[u.formation]} ${u.arm}` : `${u.arm} in ${FORMATION_WORDS[u.formation] ?? u.formation}`;
  const parts = [shape, `${u.figures}/${u.startFigures} ${u.arm === 'artillery' ? 'crew' : 'figures'}`];
  if (u.fatigue !== 'normal') parts.push(FATIGUE[u.fatigue]);
  if (u.disordered) parts.push('disordered');
  if (u.retreat > 0) parts.push(`retreating (${plural(u.retreat, 'action')} to recover)`);
  if (u.actionsUsed > 0) parts.push(`${actions(u.actionsUsed)} used`);
  return parts.join(' · ');
}

export const NE_HINT: Record<string, string> = {
  bid: 'Bid turn points for the choice of side A or D this period: the other side’s bid stays sealed until both are in.',
  choose: 'You won the bid: side A moves its units first, a few at a time; side D answers.',
  activate:
    'Pick a unit (gold outline: still to move). Drag its base, or click the table, to place a ghost; turn it with the round handle; Enter or Move here sends it. Hover an enemy to measure and see the fire.',
  order: 'Write orders for your divisions, then seal your bid.',
  leaders: 'Drag your leaders to where they ride, or onto a unit to join it, then End leaders.',
  defend: 'Your unit is charged: choose how it meets the charge.',
  counter: 'Your cavalry may counter-charge the enemy that has just moved or charged before it, or let it be.',
  influence: 'A threshold check is due: say how much influence your leader lends to the roll (it may cost him).',
  over: 'The game is over.',
};

/**
 * The longest reach of a unit's fire, in inches, from its file's ratings: muskets 8", rifles 12", carbines 4", a
 * battery its calibre's extreme range (rules notes §3). 0 for what cannot fire. For drawing the fire arc only:
 * whether a shot is allowed is the engine's to say.
 */
export function longestRange(arm: string, rating: { rifles?: unknown; calibre?: unknown } | undefined): number {
  if (arm === 'infantry') return rating?.rifles === true ? 12 : 8;
  if (arm === 'cavalry') return 4;
  if (arm === 'artillery') return { '12lb': 64, '8-9lb': 54, '6lb': 48, '4lb': 44, '2-3lb': 36 }[String(rating?.calibre)] ?? 48;
  return 0;
}

/**
 * What the map flashes after an action on an open table, placed where the units stood before it: casualties on a
 * unit (fire, close actions, a ride-down) and a unit destroyed, routed or taken.
 */
export function neEffectsOf(events: readonly unknown[], before: { units: readonly { id: string; at: [number, number] | null }[] } | null): Effect[] {
  const at = new Map<string, [number, number]>();
  for (const u of before?.units ?? []) if (u.at) at.set(u.id, u.at);
  const out: Effect[] = [];
  const hit = (id: unknown, n: unknown) => {
    const p = at.get(str(id));
    if (p && typeof n === 'number' && n > 0) out.push({ kind: 'hit-at', at: p, hits: n });
  };
  for (const raw of events) {
    const e = raw as Ev;
    if ((e.type === 'move' || e.type === 'force-march' || e.type === 'retreat') && Array.isArray(e.to)) at.set(str(e.unit), [Number(e.to[0]), Number(e.to[1])]);
    if (e.type === 'fire') hit(e.target, e.casualties);
    else if (e.type === 'close-casualties') {
      hit(e.target, e.onTarget);
      hit(e.charger, e.onCharger);
    } else if (e.type === 'ride-down') hit(e.target, e.casualties);
    else if (e.type === 'eliminated' || e.type === 'rout' || e.type === 'surrender') {
      const p = at.get(str(e.unit));
      if (p) out.push({ kind: 'gone-at', at: p });
    }
  }
  return out;
}
