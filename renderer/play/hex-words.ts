// Hex Skirmish in a player's words: the game log, the buttons, the dice tray, the map's flashes and a formation's
// one-line description. Pure, so each is tested on events from a real engine game.
import type { CannonExplanation, HexSkirmishUnit, MeleeExplanation } from '../../domain/engine-protocol.js';
import type { DiceRoll, EngineAction, Effect } from './play-actions.js';
import { boxOf, reasonInNames, type GameState } from './play-view.js';

type Names = ReadonlyMap<string, string>;
type Ev = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const count = (n: unknown, one: string, many = `${one}s`): string => `${str(n)} ${Number(n) === 1 ? one : many}`;
const men = (n: unknown): string => count(n, 'man', 'men');
/** A modifier as a player writes it beside the die: "+1", "−2", nothing for none. */
const signed = (n: number): string => (n > 0 ? ` +${n}` : n < 0 ? ` −${-n}` : '');
const hexes = (n: unknown): string => count(n, 'hex', 'hexes');

/**
 * A formation's name. Formations made in play may be newer than the names the view has learnt (a fast AI run does
 * not fetch every position), so a split-off detachment and a left cannon are named from the formation they came
 * from, as the engine names them.
 */
export function hexName(id: unknown, names: Names): string {
  const s = str(id);
  const known = names.get(s);
  if (known) return known;
  const left = /^(.*)\/(cannon|wagons)$/.exec(s);
  if (left) return `${hexName(left[1], names)} (${left[2]})`;
  const part = /^(.*)\.(\d+)$/.exec(s);
  if (part) return `${hexName(part[1], names)} (detachment ${part[2]})`;
  return s;
}

const list = (ids: unknown, names: Names): string => (Array.isArray(ids) ? ids.map((id) => hexName(id, names)).join(', ') : '');

const RESULT: Record<string, string> = {
  A: 'the attacker wins',
  D: 'the defender wins',
  B: 'stalemate',
  H: 'the larger side wins',
  L: 'the smaller side wins',
  V: 'the larger side wins and loses no one',
};

const FATE: Record<string, string> = {
  surrender: 'they surrender',
  rout: 'they rout',
  slaughter: 'they are cut down to the last man',
};

const RALLY: Record<string, string> = {
  rallied: 'rallies (unarmed until it re-arms at its baggage)',
  flees: 'flees on',
  panic: 'does not rally, and the friends it ran to panic',
};

/** One line per Hex Skirmish event; an event this does not know still shows its type and fields. */
export function describeHexEvent(e: Ev, names: Names): string {
  const n = (k: string) => hexName(e[k], names);
  switch (e.type) {
    case 'turn':
      return `— Turn ${str(e.turn)}: ${n('side')} —`;
    case 'phase':
      return `${n('side')}: ${str(e.phase)} phase`;
    case 'end-phase':
      return `${n('side')} ends the ${str(e.phase)} phase`;
    case 'first-player':
      return `Rolled ${str(e.roll)} for the first move: ${n('side')} moves first`;
    case 'fire': {
      const hit = Number(e.casualties) > 0 ? count(e.casualties, 'casualty', 'casualties') : 'no casualties';
      return `${n('unit')} fires on ${n('target')} at ${hexes(e.range)}${e.indirect ? ' (indirect)' : ''}: rolled ${str(e.roll)}${signed(Number(e.modifier))} → ${hit}`;
    }
    case 'friendly-fire':
      return Number(e.casualties) > 0
        ? `The shot passes over ${n('unit')}: rolled ${str(e.roll)} → ${men(e.casualties)} hit by their own gun`
        : `The shot passes over ${n('unit')}: rolled ${str(e.roll)}${Number(e.roll) <= 2 ? ', but nobody is hit' : ', no harm done'}`;
    case 'casualties': {
      const lost = [Number(e.men) > 0 ? men(e.men) : '', e.officer ? 'its officer' : ''].filter(Boolean).join(' and ');
      return `${n('unit')} loses ${lost || 'nobody'} (${str(e.cause)}): ${Number(e.left) > 0 ? `${men(e.left)} left` : 'no men left'}`;
    }
    case 'move':
      return `${n('unit')} moves from ${str(e.from)} to ${str(e.to)}${typeof e.cost === 'number' ? ` (${hexes(e.cost)} of movement)` : ''}`;
    case 'exit':
      return `${n('unit')} leaves the map by the ${str(e.edge)} edge from ${str(e.from)}`;
    case 'split':
      return `${n('unit')} splits off ${men(e.men)} as ${n('into')}`;
    case 'join':
      return `${n('unit')} joins ${n('into')}, now ${men(e.men)}`;
    case 'detach':
      return `${n('officer')} leaves ${n('unit')} to stand alone`;
    case 'melee': {
      const others = Array.isArray(e.attackers) ? e.attackers.filter((id) => id !== e.unit) : [];
      const s = (e.strength ?? {}) as Ev;
      const outcome = RESULT[str(e.result)] ?? str(e.result);
      return `${n('unit')}${others.length ? ` with ${list(others, names)}` : ''} attacks ${list(e.defenders, names) || n('target')}: strength ${str(s.attacker)} against ${str(s.defender)}, ${str(e.ratio)}; rolled ${str(e.roll)} → ${str(e.result)}, ${outcome}`;
    }
    case 'melee-fate':
      return `Fate of the beaten (${list(e.losers, names)}): rolled ${str(e.roll)} → ${FATE[str(e.fate)] ?? str(e.fate)}`;
    case 'surrender':
      return `${men(e.men)} of ${n('unit')}${e.officer ? ' and their officer' : ''} surrender`;
    case 'rout':
      return `${n('unit')} routs`;
    case 'rout-move':
      return `${n('unit')} flees from ${str(e.from)} to ${str(e.to)}`;
    case 'routed-off':
      return `${n('unit')} (${men(e.men)}) flees off the map from ${str(e.from)}`;
    case 'rout-blocked':
      return `${n('unit')} has nowhere to flee${e.at ? ` from ${str(e.at)}` : ''}`;
    case 'rally':
      return `${n('unit')} tries to rally on ${n('friend')}: rolled ${str(e.roll)}, score ${Number(e.score) < 0 ? `−${-Number(e.score)}` : str(e.score)} → ${RALLY[str(e.outcome)] ?? str(e.outcome)}`;
    case 'advance':
      return `${n('unit')} advances from ${str(e.from)} to ${str(e.to)}`;
    case 'abandoned':
      return `${n('unit')} leaves its ${/\/wagons$/.test(str(e.piece)) ? 'wagons' : 'cannon'} at ${str(e.at)}`;
    case 'captured':
      return e.what === 'men'
        ? `${n('by')} takes ${men(e.men)} of ${n('unit')}${e.officer ? ' and their officer' : ''} prisoner`
        : `${n('by')} captures ${n('unit')}`;
    case 'escape':
      return `${n('unit')} escapes at ${str(e.at)}, unarmed`;
    case 'rearm':
      return `${n('unit')} re-arms at its baggage`;
    case 'ammunition':
      return Number(e.turns) > 0 ? `${n('unit')} has ammunition for ${count(e.turns, 'more turn', 'more turns')}` : `${n('unit')} is out of ammunition`;
    case 'objective':
      return e.holder ? `${n('holder')} takes ${n('objective')}` : `${n('objective')} is held by nobody`;
    case 'destroyed':
      return `${n('unit')} is destroyed`;
    case 'reinforcement-roll':
      return `${n('side')} rolls ${str(e.roll)} for reinforcements (needs ${str(e.need)}+): ${e.arrives ? 'they arrive' : 'not yet'}`;
    case 'reinforcement':
      return `${n('unit')} arrives at ${str(e.at)}`;
    case 'game-over':
      return `Game over: ${reasonInNames(str(e.reason), names)}`;
    default: {
      const fields = Object.entries(e)
        .filter(([k, v]) => k !== 'type' && (typeof v === 'string' || typeof v === 'number'))
        .map(([k, v]) => `${k} ${hexName(v, names)}`);
      return `${str(e.type)}${fields.length ? `: ${fields.join(', ')}` : ''}`;
    }
  }
}

const PHASE_END: Record<string, string> = { cannonade: 'End cannonade', march: 'End march', melee: 'End melee' };

/** A button's words for a Hex Skirmish action; `phase` names the phase an end-phase ends. */
export function hexActionLabel(a: EngineAction, names: Names, phase?: string): string {
  const n = (id: unknown) => hexName(id, names);
  switch (a.type) {
    case 'fire':
      return `Fire on ${n(a.target)}`;
    case 'move':
      return `Move to ${str(a.to)}`;
    case 'exit':
      return `Leave by the ${str(a.edge)} edge`;
    case 'split':
      return `Split off ${men(a.men)}`;
    case 'join':
      return `Join ${n(a.into)}`;
    case 'detach':
      return 'Officer stands alone';
    case 'melee':
      return `Attack ${n(a.target)}${a.with?.length ? ` together with ${list(a.with, names)}` : ''}`;
    case 'end-phase':
      return (phase && PHASE_END[phase]) ?? 'End phase';
    default:
      return a.type;
  }
}

/** Every die a Hex Skirmish action rolled, with what it decided. */
export function hexDiceOf(events: readonly unknown[], names: Names): DiceRoll[] {
  const n = (id: unknown) => hexName(id, names);
  const out: DiceRoll[] = [];
  const one = (label: string, roll: unknown) => out.push({ label, rolls: [Number(roll)], hitOn: null, hits: null });
  for (const raw of events) {
    const e = raw as Ev;
    switch (e.type) {
      case 'first-player':
        one(`First move: ${n(e.side)}`, e.roll);
        break;
      case 'fire':
        one(`${n(e.unit)} → ${n(e.target)}: rolled ${str(e.roll)}${signed(Number(e.modifier))} → ${count(e.casualties, 'casualty', 'casualties')}`, e.roll);
        break;
      case 'friendly-fire':
        one(`Over ${n(e.unit)}: friendly fire on 1–2${Number(e.casualties) > 0 ? ` → ${men(e.casualties)} hit` : ''}`, e.roll);
        break;
      case 'melee':
        one(`Melee on ${n(e.target)} (${str(e.ratio)}): ${str(e.result)}, ${RESULT[str(e.result)] ?? ''}`, e.roll);
        break;
      case 'melee-fate':
        one(`Fate of the beaten: ${str(e.fate)}`, e.roll);
        break;
      case 'rally':
        one(`${n(e.unit)}: rally, score ${str(e.score)} → ${str(e.outcome)}`, e.roll);
        break;
      case 'reinforcement-roll':
        one(`${n(e.side)}: reinforcements on ${str(e.need)}+ → ${e.arrives ? 'arrive' : 'not yet'}`, e.roll);
        break;
    }
  }
  return out;
}

/**
 * What the map flashes after a Hex Skirmish action, placed with the position before it: men falling where they
 * stood, a rout's flight, a formation destroyed. Formations made during the action stand where they were made.
 */
export function hexEffectsOf(events: readonly unknown[], before: GameState | null): Effect[] {
  const at = new Map<string, string>();
  for (const u of before?.units ?? []) {
    const box = boxOf(u);
    if (box) at.set(u.id, box);
  }
  const out: Effect[] = [];
  for (const raw of events) {
    const e = raw as Ev;
    const unit = str(e.unit);
    const box = at.get(unit);
    switch (e.type) {
      case 'move':
      case 'advance':
      case 'rout-move':
        if (e.type === 'rout-move' && box && typeof e.to === 'string' && box !== e.to) out.push({ kind: 'retreat', from: box, to: e.to });
        if (typeof e.to === 'string') at.set(unit, e.to);
        break;
      case 'reinforcement':
        if (typeof e.at === 'string') at.set(unit, e.at);
        break;
      case 'split':
        if (box) at.set(str(e.into), box);
        break;
      case 'detach':
        if (box) at.set(str(e.officer), box);
        break;
      case 'abandoned':
        if (typeof e.at === 'string') at.set(str(e.piece), e.at);
        break;
      case 'casualties': {
        const lost = Number(e.men) + (e.officer ? 1 : 0);
        if (box && lost > 0) out.push({ kind: 'hit', box, hits: lost });
        break;
      }
      case 'destroyed':
        if (box) out.push({ kind: 'eliminated', box });
        break;
    }
  }
  return out;
}

const KIND: Record<HexSkirmishUnit['kind'], string> = { infantry: 'Infantry', cavalry: 'Cavalry', artillery: 'Cannon', baggage: 'Baggage', officer: 'Officer' };

/** A formation in a line: what it is, how many, who leads it, and what it has done this turn. */
export function hexUnitLine(u: HexSkirmishUnit): string {
  const parts = [KIND[u.kind]];
  if (u.kind !== 'officer' && u.state !== 'abandoned') parts.push(men(u.men));
  if (u.officer && u.kind !== 'officer') parts.push(`led by ${u.officer.name}`);
  if (u.state !== 'armed') parts.push(u.state === 'prisoner' ? 'prisoners' : u.state);
  if (u.gun && u.ammo !== null) parts.push(u.ammo > 0 ? `ammunition for ${count(u.ammo, 'turn')}` : 'out of ammunition');
  const did = [u.fired && 'fired', u.moved && 'moved', u.attacked && 'attacked'].filter(Boolean);
  if (did.length) parts.push(`has ${did.join(', ')}`);
  return parts.join(' · ');
}

/** What a hovered cannon shot would do, in words: the casualties each face of the die causes, and the odds. */
export function cannonWords(x: CannonExplanation): { head: string; modifiers: string[]; byRoll: string; odds: string } {
  return {
    head: `Cannon fire at ${hexes(x.range)}${x.indirect ? ', indirect' : ''}: 1d6 ${x.total >= 0 ? '+' : '−'} ${Math.abs(x.total)}`,
    modifiers: x.modifiers.map((m) => `${m.value > 0 ? '+' : m.value < 0 ? '−' : '±'}${Math.abs(m.value)}: ${m.reason}`),
    byRoll: x.casualtiesByRoll.map((c, i) => `${i + 1}→${c}`).join('  '),
    odds: `${Math.round(x.chance * 100)}% chance of a casualty, ${x.expected.toFixed(1)} expected${x.overFriends ? '; the shot passes over friends (a 1–2 hits them)' : ''}`,
  };
}

/** A hovered melee in words: the two strengths, the ratio row's six results, and who is likely to win. */
export function meleeWords(x: MeleeExplanation, names: Names): { sides: string[]; row: string; odds: string } {
  const side = (who: string, t: MeleeExplanation['attacker'], extra = '') =>
    `${who}: ${list(t.units, names)}, ${men(t.men)}${t.officer ? ' with an officer' : ''}${extra} → strength ${t.strength}`;
  const terrain = x.defender.multiplier !== 1 ? ` in ${x.defender.terrain} terrain (×${x.defender.multiplier})` : '';
  const pct = (p: number) => `${Math.round(p * 100)}%`;
  return {
    sides: [side('Attackers', x.attacker), side('Defenders', x.defender, terrain)],
    row: `${x.ratio} (${x.larger === 'even' ? 'even' : `the ${x.larger} is larger`}): ${x.results.map((r, i) => `${i + 1} ${r}`).join(' · ')}`,
    odds: `Attackers win ${pct(x.odds.attacker)}, defenders ${pct(x.odds.defender)}, stalemate ${pct(x.odds.stalemate)}${x.killed > 0 ? `; a side that loses men loses ${men(x.killed)} (half the smaller force)` : ''}`,
  };
}
