// The engine's legal actions, sorted for a player: where the selected unit may go, whom it may shoot or charge,
// and what else it (or its side) may do, with each action in words. Pure, so the grouping is tested without a page.
import type { SystemAction } from '../../domain/engine-protocol.js';
import { boxOf, describeEvent, facingName, type GameState } from './play-view.js';

type ProtocolAction = SystemAction;
type FieldsOf<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;

/**
 * An action exactly as `legal-actions` lists it, sent back to `act` untouched: any system's action from the protocol,
 * read as one record whose fields are each optional, so sorting and labelling can look at `unit`, `to` or `target`
 * without first asking which system or which action it is.
 */
export type EngineAction = { type: ProtocolAction['type'] } & { [K in Exclude<FieldsOf<ProtocolAction>, 'type'>]?: FieldOf<ProtocolAction, K> };

const MOVES = new Set(['move', 'march', 'maneuver']);
const SHOTS = new Set(['fire', 'defend-fire', 'assault', 'melee', 'charge']);

export interface UnitOptions {
  /** Box → the moves, marches and manoeuvres that end there. */
  destinations: Map<string, EngineAction[]>;
  /** Target unit → the fire, assault or melee actions against it (an assault may come from several boxes, a melee be made alone or together). */
  targets: Map<string, EngineAction[]>;
  /** Orders, attachments, rally, bombard, exit. */
  other: EngineAction[];
}

export function optionsFor(actions: readonly EngineAction[], unit: string): UnitOptions {
  const out: UnitOptions = { destinations: new Map(), targets: new Map(), other: [] };
  for (const a of actions) {
    if (a.unit !== unit) continue;
    if (MOVES.has(a.type) && a.to) push(out.destinations, a.to, a);
    else if (SHOTS.has(a.type) && a.target) push(out.targets, a.target, a);
    else out.other.push(a);
  }
  return out;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Units that have something to do now: the ones worth picking. */
export function actingUnits(actions: readonly EngineAction[]): Set<string> {
  return new Set(actions.flatMap((a) => (a.unit ? [a.unit] : [])));
}

/** Decisions that belong to no one unit: ending a phase, passing, answering or following up an assault. */
export function sideActions(actions: readonly EngineAction[]): EngineAction[] {
  return actions.filter((a) => !a.unit);
}

type Names = ReadonlyMap<string, string>;

/** A button's words for an action. */
export function actionLabel(a: EngineAction, names: Names): string {
  const n = (id: string | undefined) => (id ? (names.get(id) ?? id) : '');
  switch (a.type) {
    case 'attach':
      return `Attach ${n(a.general)}`;
    case 'order':
      return `Order (${n(a.general)})`;
    case 'end-orders':
      return 'End orders';
    case 'end-actions':
      return 'End actions';
    case 'bombard':
      return 'Bombard (resupply)';
    case 'rally':
      return 'Rally';
    case 'exit':
      return 'Leave the table';
    case 'move':
    case 'march':
      return `${a.type === 'move' ? 'Move' : 'March'} to ${String(a.to)}, facing ${facingName(a.facing)}`;
    case 'maneuver':
      return `Manoeuvre to ${String(a.to)}, facing ${facingName(a.facing)}${a.formation ? `, form ${a.formation}` : ''}`;
    case 'assault':
      return `Assault ${n(a.target)} from ${a.from}`;
    case 'fire':
      return `Fire on ${n(a.target)}`;
    case 'defend-fire':
      return `Defend: fire on ${n(a.target)}`;
    case 'pass':
      return 'Pass';
    case 'assault-defence':
      return a.choice === 'fire' ? 'Fire at the assaulters' : a.choice === 'dice' ? 'Spend the order on an extra die' : 'Keep the order';
    case 'after-assault':
      return a.choice === 'advance' ? 'Advance into the box' : a.choice === 'turn' ? `Turn to face ${facingName(a.facing)}` : 'Stay';
    default:
      return a.type;
  }
}

/** Tint for a box reached at `cost` boxes of movement out of the most any destination costs: near green, far amber. */
export function costTint(cost: number, max: number): string {
  const t = max > 0 ? Math.min(1, Math.max(0, cost / max)) : 0;
  const hue = Math.round(130 - 85 * t);
  return `hsla(${hue}, 70%, 45%, 0.38)`;
}

export interface DiceRoll {
  /** Whose dice, in words. */
  label: string;
  rolls: number[];
  /** The score that hits, for fire and assault dice; null for a single roll (orders, rally, initiative). */
  hitOn: number | null;
  hits: number | null;
}

type Ev = Record<string, unknown>;
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** Every die an action's events rolled, grouped as a player would read them off the table. */
export function diceOf(events: readonly unknown[], names: Names): DiceRoll[] {
  const n = (id: unknown) => names.get(String(id)) ?? String(id);
  const out: DiceRoll[] = [];
  for (const raw of events) {
    const e = raw as Ev;
    if (e.type === 'fire' && Array.isArray(e.rolls)) {
      out.push({ label: `${n(e.unit)} → ${n(e.target)}`, rolls: nums(e.rolls), hitOn: Number(e.hitOn), hits: Number(e.hits) });
    } else if (e.type === 'assault-result') {
      for (const k of ['attacker', 'defender'] as const) {
        const p = e[k] as Ev | undefined;
        if (p) out.push({ label: `${n(k === 'attacker' ? e.unit : e.target)} (${k})`, rolls: nums(p.rolls), hitOn: Number(p.hitOn), hits: Number(p.hits) });
      }
    } else if (e.type === 'orders-roll') {
      out.push({ label: `${n(e.general)}: orders`, rolls: [Number(e.roll)], hitOn: null, hits: null });
    } else if (e.type === 'initiative') {
      // The side that held the initiative rolls first; the label says whose die is whose.
      out.push({ label: `Initiative: holder ${Number(e.holderRoll)}, other side ${Number(e.reactorRoll)} → ${n(e.initiative)}`, rolls: [Number(e.holderRoll), Number(e.reactorRoll)], hitOn: null, hits: null });
    } else if (e.type === 'rally') {
      const r = Array.isArray(e.rolls) ? nums(e.rolls) : typeof e.roll === 'number' ? [e.roll] : [];
      if (r.length) out.push({ label: `${n(e.unit)}: rally`, rolls: r, hitOn: null, hits: null });
    } else if (e.type === 'reinforcement-roll' || e.type === 'resupply') {
      out.push({ label: `${e.type === 'resupply' ? n(e.unit) : String(e.side)}: ${e.type === 'resupply' ? 'supply' : 'reinforcements'}`, rolls: [Number(e.roll)], hitOn: null, hits: null });
    }
  }
  return out;
}

/** What the map shows for a moment after an action: hits landing, a retreat's path, a unit destroyed. */
export type Effect =
  | { kind: 'hit'; box: string; hits: number }
  | { kind: 'retreat'; from: string; to: string }
  | { kind: 'eliminated'; box: string }
  /** On an open table, where there are no boxes: casualties on a unit standing at a point, or a unit gone from it. */
  | { kind: 'hit-at'; at: [number, number]; hits: number }
  | { kind: 'gone-at'; at: [number, number] };

/** The effects of `events`, placed with the position before them (where the units stood when it happened). */
export function effectsOf(events: readonly unknown[], before: GameState | null): Effect[] {
  const boxes = new Map<string, string>();
  for (const u of before?.units ?? []) {
    const box = boxOf(u);
    if (box) boxes.set(u.id, box);
  }
  const out: Effect[] = [];
  for (const raw of events) {
    const e = raw as Ev;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- an event's unit is the engine's id, whatever its JSON type
    const unit = String(e.unit ?? '');
    // An assault's `to` is the box the assaulter fights from: its hits and any retreat start there.
    if ((e.type === 'move' || e.type === 'march' || e.type === 'maneuver' || e.type === 'advance' || e.type === 'assault') && typeof e.to === 'string') boxes.set(unit, e.to);
    if (e.type === 'reinforcement' && typeof e.at === 'string') boxes.set(unit, e.at);
    if (e.type === 'fire' && Number(e.hits) > 0) {
      const box = boxes.get(String(e.target));
      if (box) out.push({ kind: 'hit', box, hits: Number(e.hits) });
    } else if (e.type === 'assault-result') {
      for (const [who, k] of [
        [String(e.target), 'attacker'],
        [unit, 'defender'],
      ] as const) {
        const hits = Number((e[k] as Ev | undefined)?.hits ?? 0);
        const box = boxes.get(who);
        if (hits > 0 && box) out.push({ kind: 'hit', box, hits });
      }
    } else if (e.type === 'retreat' && typeof e.to === 'string') {
      const from = boxes.get(unit);
      if (from && from !== e.to) out.push({ kind: 'retreat', from, to: e.to });
      boxes.set(unit, e.to);
    } else if (e.type === 'eliminated') {
      const box = boxes.get(unit);
      if (box) out.push({ kind: 'eliminated', box });
    }
  }
  return out;
}

/** Log lines tagged with the ply that produced them, so undo and seeking can drop what no longer happened. */
export interface LogLine {
  n: number;
  ply: number;
  text: string;
}

/** The events an event came with, for words that read a neighbour (a battery's ammunition dice are on its fire). */
export interface EventContext {
  events: readonly Ev[];
  index: number;
}

export function logLines(events: readonly unknown[], ply: number, names: Names, from: number, describe: (e: Ev, names: Names, context?: EventContext) => string = describeEvent): LogLine[] {
  const list = events as readonly Ev[];
  return list.map((e, i) => ({ n: from + i, ply, text: describe(e, names, { events: list, index: i }) }));
}
