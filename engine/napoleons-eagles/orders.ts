// Command option #2's written orders: how long a change of orders takes ('Changing Orders') and how an order may
// be misread ('Misinterpreting of Orders'). Pure tables; the dice come from the caller.
import type { Weather } from '../../domain/model.js';
import type { Nation } from '../../domain/rule-systems/napoleons-eagles-nations.js';

export type Order = 'attack' | 'defend' | 'withdraw' | 'pursuit' | 'maneuver' | 'reserve';

export interface DelayFacts {
  nation: Nation | undefined;
  year: number | undefined;
  cavalryDivision: boolean;
  napoleonArmyCommander: boolean;
  from: Order;
  to: Order;
  /** Distance between the leader sending and the one receiving, in inches. */
  leaderDistance: number;
  enemyWithin12OrCommitted: boolean;
  originalLeaderLost: boolean;
  weather: Weather | undefined;
}

export interface Modifier {
  id: string;
  reason: string;
  value: number;
}

/** Every delay modifier that applies, each with a stable id. */
export function orderDelayModifiers(f: DelayFacts): Modifier[] {
  const out: Modifier[] = [];
  const add = (id: string, reason: string, value: number) => out.push({ id, reason, value });
  if (f.cavalryDivision) add('cavalry', 'cavalry division', -1);
  if (f.nation === 'french') {
    if (f.napoleonArmyCommander) add('french', 'French with Napoleon as army commander', -2);
    else add('french', 'French', -1);
  }
  if (f.from === 'attack' && f.to === 'pursuit') add('attack-to-pursuit', 'attack changed to pursuit', -1);
  if (f.leaderDistance <= 2) add('leaders-together', 'leaders within 2"', -2);
  if (f.from === 'reserve') add('reserve', 'division on reserve', -3);
  // "pre-1806" and "1806 Prussians" read the same boundary (notes §10): 1806 and before.
  if (f.nation === 'spanish') add('nation', 'Spanish', 2);
  if (f.nation === 'prussian' && f.year !== undefined && f.year <= 1806) add('nation', 'Prussians of 1806 or before', 2);
  if (f.nation === 'prussian' && (f.year === undefined || f.year > 1806)) add('nation', 'Prussians after 1806', 1);
  if (f.nation === 'austrian' || f.nation === 'russian') add('nation', f.nation === 'austrian' ? 'Austrians' : 'Russians', 1);
  const twelves = Math.floor(f.leaderDistance / 12);
  if (twelves > 0) add('distance', `${twelves} × 12" between the leaders`, twelves);
  if (f.enemyWithin12OrCommitted) add('enemy-near', 'enemy within 12" of the leader, or the division committed', 1);
  if (f.originalLeaderLost) add('leader-lost', 'original leader incapacitated', 2);
  if (isBadWeather(f.weather)) add('weather', 'bad weather', 2);
  return out;
}

function isBadWeather(w: Weather | undefined): boolean {
  return w === 'fog' || w === 'light-rain' || w === 'heavy-rain' || w === 'light-snow' || w === 'heavy-snow';
}

/** Periods until the new order takes effect: the d6 plus modifiers, never less than 1 (the next period). */
export function orderDelay(d6: number, modifiers: readonly Modifier[]): number {
  return Math.max(1, d6 + modifiers.reduce((s, m) => s + m.value, 0));
}

/** The order a misread turns into, by the original order and a d6 ('Misinterpreting of Orders'). */
export const MISREAD_TABLE: Record<Order, readonly [Order, Order, Order, Order, Order, Order]> = {
  attack: ['withdraw', 'maneuver', 'defend', 'defend', 'defend', 'defend'],
  defend: ['withdraw', 'maneuver', 'attack', 'attack', 'attack', 'attack'],
  withdraw: ['defend', 'defend', 'defend', 'maneuver', 'attack', 'attack'],
  pursuit: ['maneuver', 'maneuver', 'defend', 'defend', 'defend', 'attack'],
  maneuver: ['withdraw', 'defend', 'defend', 'defend', 'attack', 'attack'],
  reserve: ['withdraw', 'withdraw', 'maneuver', 'maneuver', 'attack', 'attack'],
};

/**
 * Whether a new order is misread: a d20 plus the leader's penalty (+1 poor, +2 very poor) of 19 or more. When it
 * is, the d6 reads the table; `d6` is only called then, so an order read right rolls one die.
 */
export function misread(order: Order, penalty: number, d20: () => number, d6: () => number): { order: Order; misread: boolean; rolls: number[] } {
  const r = d20();
  if (r + penalty < 19) return { order, misread: false, rolls: [r] };
  const s = d6();
  return { order: MISREAD_TABLE[order][s - 1]!, misread: true, rolls: [r, s] };
}
