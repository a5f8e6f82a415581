// The Hex Skirmish words, dice, flashes and labels, read off real games of the bundled engine: every event type the
// engine emitted in them must come out in a player's words, never as the raw fallback.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HexSkirmishView } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { engineFor } from '../engine/registry.js';
import type { AnyRulesEngine } from '../engine/rules-engine.js';
import { describeHexEvent, hexActionLabel, hexDiceOf, hexEffectsOf, hexName, hexUnitLine } from '../renderer/play/hex-words.js';
import { optionsFor, type EngineAction } from '../renderer/play/play-actions.js';
import { playRules } from '../renderer/play/play-rules.js';
import { describeEvent, type GameState } from '../renderer/play/play-view.js';

const root = path.resolve(import.meta.dirname, '..');
const scenario = (name: string) => JSON.parse(readFileSync(path.join(root, 'scenarios', `${name}.scenario.json`), 'utf8')) as Scenario;
const HX01 = scenario('hx-01-the-foragers-bridge');
const engine = engineFor('hex-skirmish')!;

type Ev = Record<string, unknown>;
interface Step {
  before: GameState;
  action: EngineAction;
  events: Ev[];
  legal: EngineAction[];
}

const viewOf = (e: AnyRulesEngine, s: unknown) => e.view(s) as HexSkirmishView as unknown as GameState;

/** A whole AI game, keeping every action's events with the position before it and what was legal there. */
function play(sc: Scenario, seed: number): { setup: Ev[]; steps: Step[]; names: Map<string, string> } {
  const players = { red: engine.player('ai', seed, 'red'), blue: engine.player('ai', seed, 'blue') };
  const start = engine.start(sc, seed);
  let state = start.state;
  const steps: Step[] = [];
  const names = new Map<string, string>(sc.sides.map((s, i) => [i === 0 ? 'red' : 'blue', s.name] as [string, string]));
  for (let i = 0; i < 5000; i++) {
    const side = engine.toAct(state);
    if (side === null) break;
    const legal = engine.legalActions(state) as EngineAction[];
    const action = players[side].choose(state) as EngineAction;
    const out = engine.apply(state, action);
    steps.push({ before: viewOf(engine, state), action, events: out.events, legal });
    state = out.state;
  }
  const end = viewOf(engine, state);
  for (const u of end.units) names.set(u.id, u.name);
  for (const o of end.objectives) names.set(o.id, o.name);
  return { setup: start.events, steps, names };
}

const games = [1, 2, 3, 4].map((seed) => play(HX01, seed));
const names = new Map(games.flatMap((g) => [...g.names]));
const allSteps = games.flatMap((g) => g.steps);
const allEvents = [...games.flatMap((g) => g.setup), ...allSteps.flatMap((s) => s.events)];
const firstOf = (type: string, where: (e: Ev) => boolean = () => true) => allEvents.find((e) => e.type === type && where(e));
const stepWith = (type: string, where: (e: Ev) => boolean = () => true) => allSteps.find((s) => s.events.some((e) => e.type === type && where(e)));
const unitName = (id: unknown) => names.get(String(id))!;

describe('the Hex Skirmish log in words', () => {
  it('says every event the engine emitted in words, naming formations by name', () => {
    const types = new Set(allEvents.map((e) => String(e.type)));
    // The games are long enough to meet most of the rules: fire, melee and its fate, routs and rallies.
    for (const t of ['turn', 'phase', 'fire', 'casualties', 'move', 'melee', 'melee-fate', 'rout', 'rout-move', 'rally', 'advance', 'objective', 'game-over']) expect(types).toContain(t);
    for (const t of types) {
      const e = firstOf(t)!;
      const line = describeHexEvent(e, names);
      // The raw fallback is "type: field value, …": a known event never reads like that.
      expect(line.startsWith(`${t}:`), `${t} → ${line}`).toBe(false);
      if (typeof e.unit === 'string' && names.has(e.unit)) expect(line).toContain(unitName(e.unit));
    }
  });

  it('tells a cannon shot with its range, roll, modifier and casualties', () => {
    const e = firstOf('fire', (x) => Number(x.casualties) > 0 && Number(x.modifier) !== 0)!;
    const line = describeHexEvent(e, names);
    expect(line).toContain(`${unitName(e.unit)} fires on ${unitName(e.target)} at ${String(e.range)} hex`);
    const m = Number(e.modifier);
    expect(line).toContain(`rolled ${String(e.roll)} ${m > 0 ? '+' : '−'}${Math.abs(m)} → ${String(e.casualties)} casualt`);
  });

  it('tells a melee by its strengths, ratio, roll and result, and the fate of the beaten', () => {
    const step = stepWith('melee-fate')!;
    const melee = step.events.find((e) => e.type === 'melee')!;
    const fate = step.events.find((e) => e.type === 'melee-fate')!;
    const s = melee.strength as { attacker: number; defender: number };
    expect(describeHexEvent(melee, names)).toContain(`strength ${s.attacker} against ${s.defender}, ${String(melee.ratio)}; rolled ${String(melee.roll)} → ${String(melee.result)}`);
    expect(describeHexEvent(fate, names)).toMatch(new RegExp(`rolled ${String(fate.roll)} → they (surrender|rout|are cut down)`));
  });

  it('names a formation made in play from the one it came from, before any position has shown it', () => {
    const few = new Map([['fr-31a', '31e Léger, 1st section']]);
    expect(hexName('fr-31a.3', few)).toBe('31e Léger, 1st section (detachment 3)');
    expect(hexName('fr-31a/cannon', few)).toBe('31e Léger, 1st section (cannon)');
    expect(describeHexEvent({ type: 'split', unit: 'fr-31a', into: 'fr-31a.3', men: 4 }, few)).toBe('31e Léger, 1st section splits off 4 men as 31e Léger, 1st section (detachment 3)');
  });

  it('says who moves first when a die decides it', () => {
    const { turns: _first, ...rest } = HX01;
    const sc = { ...rest, turns: { ...HX01.turns, first: undefined } } as unknown as Scenario;
    const e = (engine.start(sc, 5).events as Ev[]).find((x) => x.type === 'first-player')!;
    expect(e).toBeDefined();
    expect(describeHexEvent(e, names)).toMatch(new RegExp(`^Rolled ${String(e.roll)} for the first move: .+ moves first$`));
    expect(hexDiceOf([e], names)).toEqual([{ label: expect.stringContaining('First move') as string, rolls: [e.roll], hitOn: null, hits: null }]);
  });

  it('leaves Square Eagles’ words to Square Eagles', () => {
    expect(playRules('square-eagles')).toHaveProperty('describeEvent', describeEvent);
    expect(playRules('hex-skirmish')).toHaveProperty('describeEvent', describeHexEvent);
    expect(playRules('no-such-system').system).toBe('square-eagles');
  });
});

describe('the Hex Skirmish dice tray', () => {
  it('shows the melee die and the fate die of one melee, in the order rolled', () => {
    const step = stepWith('melee-fate')!;
    const melee = step.events.find((e) => e.type === 'melee')!;
    const fate = step.events.find((e) => e.type === 'melee-fate')!;
    const dice = hexDiceOf(step.events, names);
    expect(dice.map((d) => d.rolls[0])).toEqual(expect.arrayContaining([melee.roll, fate.roll]));
    expect(dice.findIndex((d) => d.rolls[0] === melee.roll && d.label.startsWith('Melee'))).toBeLessThan(dice.findIndex((d) => d.label.startsWith('Fate')));
  });

  it('shows a cannon’s die, a rally’s and a reinforcement roll', () => {
    for (const type of ['fire', 'rally', 'reinforcement-roll']) {
      const step = stepWith(type) ?? { events: allEvents.filter((e) => e.type === type).slice(0, 1) };
      const e = step.events.find((x) => x.type === type)!;
      expect(e, type).toBeDefined();
      expect(hexDiceOf([e], names)[0]!.rolls).toEqual([e.roll]);
    }
  });
});

describe('the Hex Skirmish map flashes', () => {
  it('flashes casualties in the hex where the formation stood, and a rout’s flight as an arrow', () => {
    const step = stepWith('casualties', (e) => Number(e.men) > 0)!;
    const hit = step.events.find((e) => e.type === 'casualties' && Number(e.men) > 0)!;
    const box = step.before.units.find((u) => u.id === hit.unit)?.box;
    const fx = hexEffectsOf(step.events, step.before);
    if (box) expect(fx).toContainEqual({ kind: 'hit', box, hits: Number(hit.men) + (hit.officer ? 1 : 0) });

    const fled = stepWith('rout-move')!;
    const r = fled.events.find((e) => e.type === 'rout-move')!;
    expect(hexEffectsOf(fled.events, fled.before)).toContainEqual({ kind: 'retreat', from: r.from, to: r.to });
  });

  it('marks a formation destroyed where it last stood', () => {
    const fx = hexEffectsOf(
      [
        { type: 'move', unit: 'a', from: 'C3', to: 'C4', cost: 1 },
        { type: 'casualties', unit: 'a', men: 3, officer: true, cause: 'melee', left: 0 },
        { type: 'destroyed', unit: 'a' },
      ],
      { units: [{ id: 'a', box: 'C3', status: 'table' }] } as unknown as GameState,
    );
    expect(fx).toEqual([
      { kind: 'hit', box: 'C4', hits: 4 },
      { kind: 'eliminated', box: 'C4' },
    ]);
  });
});

describe('Hex Skirmish actions in words', () => {
  const legal = allSteps.flatMap((s) => s.legal);
  const first = (type: string, where: (a: EngineAction) => boolean = () => true) => legal.find((a) => a.type === type && where(a))!;

  it('labels the engine’s own actions as a player would say them', () => {
    const fire = first('fire');
    expect(hexActionLabel(fire, names)).toBe(`Fire on ${unitName(fire.target)}`);
    const move = first('move');
    expect(hexActionLabel(move, names)).toBe(`Move to ${String(move.to)}`);
    const split = first('split');
    expect(hexActionLabel(split, names)).toBe(`Split off ${split.men} men`);
    const alone = first('melee', (a) => !a.with);
    expect(hexActionLabel(alone, names)).toBe(`Attack ${unitName(alone.target)}`);
    const together = first('melee', (a) => !!a.with?.length);
    expect(hexActionLabel(together, names)).toBe(`Attack ${unitName(together.target)} together with ${together.with!.map(unitName).join(', ')}`);
  });

  it('labels the rest, and ends each phase by its name', () => {
    const n = new Map([['a', 'Voltigeurs'], ['b', 'Sappers']]);
    expect(hexActionLabel({ type: 'exit', unit: 'a', edge: 'west' }, n)).toBe('Leave by the west edge');
    expect(hexActionLabel({ type: 'join', unit: 'a', into: 'b' }, n)).toBe('Join Sappers');
    expect(hexActionLabel({ type: 'detach', unit: 'a' }, n)).toBe('Officer stands alone');
    expect(hexActionLabel({ type: 'split', unit: 'a', men: 1 }, n)).toBe('Split off 1 man');
    expect(hexActionLabel({ type: 'end-phase' }, n, 'cannonade')).toBe('End cannonade');
    expect(hexActionLabel({ type: 'end-phase' }, n, 'march')).toBe('End march');
    expect(hexActionLabel({ type: 'end-phase' }, n, 'melee')).toBe('End melee');
  });

  it('sorts a formation’s melees, alone and together, under their target', () => {
    const step = allSteps.find((s) => s.legal.some((a) => a.type === 'melee' && a.with?.length))!;
    const together = step.legal.find((a) => a.type === 'melee' && a.with?.length)!;
    const o = optionsFor(step.legal, together.unit!);
    const list = o.targets.get(together.target!)!;
    expect(list).toContainEqual(together);
    expect(list.some((a) => !a.with)).toBe(true);
    expect(o.destinations.size).toBe(0);
  });

  it('describes a formation by arm, men, officer and what it has done', () => {
    const u = allSteps.flatMap((s) => (s.before as Extract<GameState, { system: 'hex-skirmish' }>).units).find((x) => x.officer && x.kind !== 'officer' && x.men > 1)!;
    const line = hexUnitLine(u);
    expect(line).toContain(`${u.men} men`);
    expect(line).toContain(`led by ${u.officer!.name}`);
    expect(hexUnitLine({ ...u, kind: 'artillery', gun: true, ammo: 0, fired: true, officer: null })).toMatch(/Cannon · \d+ men · out of ammunition · has fired/);
  });
});
