// The play view's pure helpers against what the real engine says over its protocol: legal actions sorted for the
// map, the dice and effects read from real events, the log in words, and the balance report built from a real
// simulation. The engine session runs in-process here; the page itself is tested in tests/e2e.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../domain/model.js';
import { escapeHtml } from '../domain/sheet/escape.js';
import type { Message } from '../engine/protocol.js';
import { createSession, handleLine, hasWork, runWork, type SessionState } from '../engine/session.js';
import { actingUnits, actionLabel, costTint, diceOf, effectsOf, logLines, optionsFor, sideActions, type EngineAction } from '../renderer/play/play-actions.js';
import { describeEvent, OPTIONAL_RULES, sideColours, sideNameOf, sideOrderOf, type GameState } from '../renderer/play/play-view.js';
import { luminance } from '../domain/map/shapes.js';
import type { DecidedByRow, GameResult, GameSummary, SideInfo } from '../domain/engine-protocol.js';
import { resultWords } from '../domain/victory-words.js';
import { describeNeEvent } from '../renderer/play/ne-words.js';
import { describeCondition, endTurnsSvg, keyedRows, lossRows, ratesSvg, reportHtml, verdict, vpBins, vpHistogramSvg, type Simulation } from '../renderer/play/report.js';

const root = path.resolve(import.meta.dirname, '..');
const SE01 = JSON.parse(readFileSync(path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json'), 'utf8')) as Scenario;

class Engine {
  state: SessionState = createSession('0.0.0');
  private n = 0;
  constructor() {
    this.ask({ type: 'hello', protocol: 1 });
  }
  ask<T = Message>(request: Record<string, unknown>): T & Message {
    const step = handleLine(JSON.stringify({ id: String(++this.n), ...request }), this.state);
    this.state = step.state;
    const out = [...step.out];
    while (hasWork(this.state)) {
      const w = runWork(this.state);
      this.state = w.state;
      out.push(...w.out);
    }
    const reply = out.find((m) => m.re === String(this.n))!;
    if (reply.type === 'error') throw new Error(String(reply.message));
    return reply as T & Message;
  }
}

function startSe01(seed = 3) {
  const e = new Engine();
  e.ask({ type: 'load', scenario: SE01 });
  const g = e.ask<{ game: string; events: unknown[] }>({ type: 'new-game', seed, players: { red: 'human', blue: 'ai' } });
  return { e, game: g.game, events: g.events };
}

const stateOf = (e: Engine, game: string) => e.ask<{ state: GameState }>({ type: 'state', game }).state;
const names = (s: GameState) => new Map([...s.units.map((u) => [u.id, u.name] as const), ...s.generals.map((g) => [g.id, g.name] as const)]);

/** Plays the AI's advice for the human until `pending` is the decision, returning the game's state then. */
function playUntil(e: Engine, game: string, pending: string, limit = 500): GameState {
  for (let i = 0; i < limit; i++) {
    const s = stateOf(e, game);
    if (s.decision?.kind === pending && s.toAct === 'red') return s;
    if (s.over) break;
    e.ask({ type: 'ai-move', game });
  }
  throw new Error(`no ${pending} decision for red`);
}

describe('legal actions sorted for the map', () => {
  it('splits one unit’s actions into destinations, targets and the rest, and the side’s own decisions', () => {
    const { e, game } = startSe01();
    const s = playUntil(e, game, 'orders');
    const all = e.ask<{ actions: EngineAction[] }>({ type: 'legal-actions', game }).actions;
    // Orders phase: every action but end-orders belongs to a unit, and end-orders is the side's own decision.
    expect(sideActions(all).map((a) => a.type)).toEqual(['end-orders']);
    const acting = actingUnits(all);
    expect(acting.size).toBeGreaterThan(0);
    for (const id of acting) expect(s.units.find((u) => u.id === id)?.side).toBe('red');

    // Give one unit an order and play on to its Actions phase: its moves become destinations keyed by box.
    const order = all.find((a) => a.type === 'order')!;
    e.ask({ type: 'act', game, action: order });
    e.ask({ type: 'act', game, action: { type: 'end-orders' } });
    playUntil(e, game, 'actions');
    const mine = e.ask<{ actions: EngineAction[]; costs: Record<string, number> }>({ type: 'legal-actions', game, unit: order.unit });
    const o = optionsFor(mine.actions, order.unit!);
    const moves = mine.actions.filter((a) => ['move', 'march', 'maneuver'].includes(a.type));
    expect(moves.length).toBeGreaterThan(0);
    expect([...o.destinations.values()].flat()).toHaveLength(moves.length);
    for (const a of moves) expect(o.destinations.get(a.to!)).toContainEqual(a);
    // The tints come straight from the engine's costs: one per destination the map offers.
    expect(Object.keys(mine.costs).sort()).toEqual([...o.destinations.keys()].sort());
    for (const c of Object.values(mine.costs)) expect(c).toBeGreaterThanOrEqual(0);
    // Another unit's actions never leak in.
    expect(optionsFor(mine.actions, 'no-such-unit').destinations.size).toBe(0);

    // A destination's action is one the engine accepts as it is.
    const first = o.destinations.values().next().value![0]!;
    const acted = e.ask<{ events: Record<string, unknown>[] }>({ type: 'act', game, action: first });
    const line = acted.events.map((ev) => describeEvent(ev, names(s))).join('\n');
    expect(line).toContain(`to ${String(first.to)}`);
  });

  it('says saved orders last until spent (Excellent Staff), with the total kept when it is more', () => {
    const n = new Map([['g', 'Radetzky']]);
    expect(describeEvent({ type: 'orders-saved', general: 'g', saved: 1, banked: 1 }, n)).toBe('Radetzky saves 1 order for a later turn');
    expect(describeEvent({ type: 'orders-saved', general: 'g', saved: 2, banked: 3 }, n)).toBe('Radetzky saves 2 orders for a later turn (3 saved in all)');
  });

  it('labels every kind of action a player may meet in words', () => {
    const n = new Map([['u', 'IR 49'], ['g', 'Radetzky'], ['t', '10e Léger']]);
    expect(actionLabel({ type: 'order', general: 'g', unit: 'u' }, n)).toBe('Order (Radetzky)');
    expect(actionLabel({ type: 'march', unit: 'u', to: 'D4', facing: 90 }, n)).toBe('March to D4, facing east');
    expect(actionLabel({ type: 'maneuver', unit: 'u', to: 'D4', facing: 0, formation: 'square' }, n)).toBe('Manoeuvre to D4, facing north, form square');
    expect(actionLabel({ type: 'assault', unit: 'u', target: 't', from: 'C3' }, n)).toBe('Assault 10e Léger from C3');
    expect(actionLabel({ type: 'after-assault', choice: 'turn', facing: 270 }, n)).toBe('Turn to face west');
  });

  it('tints cheap boxes greener than dear ones', () => {
    const hue = (c: string) => Number(/hsla\((\d+)/.exec(c)![1]);
    expect(hue(costTint(1, 3))).toBeGreaterThan(hue(costTint(3, 3)));
    expect(hue(costTint(0, 0))).toBe(hue(costTint(0, 3)));
  });
});

describe('the set-up', () => {
  it('offers only optional rules the engine knows, and each one switched on reaches the game', () => {
    const e = new Engine();
    e.ask({ type: 'load', scenario: SE01 });
    for (const r of OPTIONAL_RULES) {
      const g = e.ask<{ game: string }>({ type: 'new-game', seed: 1, players: { red: 'ai', blue: 'ai' }, options: { [r.key]: true } });
      const header = JSON.parse(e.ask<{ text: string }>({ type: 'log', game: g.game }).text.split('\n')[0]!) as { options?: Record<string, boolean> };
      expect(header.options).toEqual({ [r.key]: true });
      e.ask({ type: 'close-game', game: g.game });
    }
    expect(() => e.ask({ type: 'new-game', options: { notARule: true } })).toThrow(/not an optional rule/);
  });
});

describe('side colours', () => {
  it('wear the scenario’s own side colours, a pale one darkened until it reads on white', () => {
    const c = sideColours(SE01);
    expect(c.red).toBe(SE01.sides[0].color);
    expect(SE01.sides[1].color).toBeDefined();
    expect(c.blue).not.toBe(SE01.sides[1].color);
    expect(luminance(c.blue)).toBeLessThan(0.3);
    const plain = sideColours({ ...SE01, sides: SE01.sides.map(({ color: _c, ...rest }) => rest) as unknown as Scenario['sides'] });
    expect(plain.red).not.toBe(plain.blue);
  });

  it('follow the side the engine calls red, also when the file lists the side with the id "blue" first', () => {
    // The engine keeps a side's colour id as its key (engine-protocol.md); the first side is not always red.
    expect(SE01.sides.map((x) => x.id)).toEqual(['red', 'blue']);
    const swapped = { ...SE01, sides: [SE01.sides[1], SE01.sides[0]] } as Scenario;
    const loaded = new Engine().ask<{ sides: SideInfo[] }>({ type: 'load', scenario: swapped });
    const order = sideOrderOf(swapped, loaded.sides);
    expect(order).toEqual({ red: 1, blue: 0 });
    expect(sideNameOf(swapped, order, 'red')).toBe(SE01.sides[0].name);
    expect(sideNameOf(swapped, order, 'blue')).toBe(SE01.sides[1].name);
    expect(sideColours(swapped, order).red).toBe(sideColours(SE01).red);
    // The usual file: the first side is red.
    const plainOrder = sideOrderOf(SE01, new Engine().ask<{ sides: SideInfo[] }>({ type: 'load', scenario: SE01 }).sides);
    expect(plainOrder).toEqual({ red: 0, blue: 1 });
  });
});

describe('dice and effects from real events', () => {
  it('in a Napoleon\'s Eagles game, the words claim a 6 exactly when the battery’s count went up', () => {
    // 'Artillery Ammunition': the log's ammunition line claims a 6 only when the battery's count of 6s went up.
    const scenario = JSON.parse(readFileSync(path.join(root, 'scenarios/ne-01-plancenoit.scenario.json'), 'utf8')) as Scenario;
    const e = new Engine();
    const ask = <T,>(request: Record<string, unknown>) => e.ask<T>(request);
    ask({ type: 'load', scenario });
    const { game } = ask<{ game: string }>({ type: 'new-game', seed: 1, players: { red: 'ai', blue: 'ai' } });
    type Unit = { id: string; name: string; arm: string; ammo?: number };
    const units = () => ask<{ state: { units: Unit[]; over: boolean } }>({ type: 'state', game }).state;
    const seen = { six: 0, none: 0 };
    for (let i = 0; i < 3000 && (seen.six === 0 || seen.none === 0); i++) {
      const before = units();
      if (before.over) break;
      const { events } = ask<{ events: Record<string, unknown>[] }>({ type: 'ai-move', game });
      if (!events.some((ev) => ev.type === 'ammunition')) continue;
      const words = logLines(events, 1, new Map(before.units.map((u) => [u.id, u.name])), 1, describeNeEvent).map((l) => l.text);
      const counts = new Map(before.units.map((u) => [u.id, u.ammo ?? 0]));
      events.forEach((ev, k) => {
        if (ev.type !== 'ammunition') return;
        const was = counts.get(String(ev.unit)) ?? 0;
        const now = Number(ev.sixes);
        counts.set(String(ev.unit), now);
        expect(words[k]).toMatch(/ rolls [\d, ]+ for ammunition: /);
        const dice = /rolls ([\d, ]+) for ammunition/.exec(words[k]!)![1]!.split(', ').map(Number);
        expect(dice.filter((d) => d === 6)).toHaveLength(now - was);
        if (now > was) {
          seen.six++;
          expect(words[k]).toContain(now - was === 1 ? ': a 6, now ' : `: ${now - was} 6s, now `);
        } else {
          seen.none++;
          expect(words[k]).toContain(': no 6, ');
          expect(words[k]).not.toMatch(/rolls a six/);
        }
      });
    }
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.six).toBeGreaterThan(0);
  }, 120000);
  it('reads every fire die and the hits it made, and places the hit on the target’s box', () => {
    const { e, game } = startSe01();
    let found: { events: Record<string, unknown>[]; before: GameState } | null = null;
    for (let i = 0; i < 2000 && !found; i++) {
      const before = stateOf(e, game);
      if (before.over) break;
      const r = e.ask<{ events: Record<string, unknown>[] }>({ type: 'ai-move', game });
      if (r.events.some((ev) => ev.type === 'fire' && Number(ev.hits) > 0)) found = { events: r.events, before };
    }
    expect(found).not.toBeNull();
    const { events, before } = found!;
    const fire = events.find((ev) => ev.type === 'fire' && Number(ev.hits) > 0)!;
    const rolls = diceOf(events, names(before));
    const tray = rolls.find((r) => r.hitOn !== null && r.rolls.join() === (fire.rolls as number[]).join())!;
    expect(tray.hits).toBe(fire.hits);
    const targetBox = before.units.find((u) => u.id === fire.target)!.box;
    expect(effectsOf(events, before)).toContainEqual({ kind: 'hit', box: targetBox, hits: fire.hits });
  });

  it('follows a unit that retreats after moving in the same action', () => {
    const before = { units: [{ id: 'a', box: 'C3', status: 'table' }] } as unknown as GameState;
    const fx = effectsOf(
      [
        { type: 'move', unit: 'a', to: 'C4' },
        { type: 'retreat', unit: 'a', to: 'C6' },
        { type: 'eliminated', unit: 'a' },
      ],
      before,
    );
    expect(fx).toEqual([
      { kind: 'retreat', from: 'C4', to: 'C6' },
      { kind: 'eliminated', box: 'C6' },
    ]);
  });

  it('places an assaulter’s hits and fall-back in the box it fought from, not the one it set out from', () => {
    const before = { units: [{ id: 'a', box: 'C5', status: 'table' }, { id: 'b', box: 'C3', status: 'table' }] } as unknown as GameState;
    const fx = effectsOf(
      [
        { type: 'assault', unit: 'a', target: 'b', from: 'C5', to: 'C4' },
        { type: 'assault-result', unit: 'a', target: 'b', attacker: { hits: 1 }, defender: { hits: 2 } },
        { type: 'retreat', unit: 'a', to: 'C5' },
      ],
      before,
    );
    expect(fx).toEqual([
      { kind: 'hit', box: 'C3', hits: 1 },
      { kind: 'hit', box: 'C4', hits: 2 },
      { kind: 'retreat', from: 'C4', to: 'C5' },
    ]);
  });
});

describe('the balance report', () => {
  const sim = (() => {
    const e = new Engine();
    e.ask({ type: 'load', scenario: SE01 });
    return e.ask<Simulation>({ type: 'simulate', games: 30, seed: 1 });
  })();
  const sideName = (k: 'red' | 'blue') => (k === 'red' ? 'French <script>' : 'Austrians');

  it('draws the rates with their intervals from the numbers', () => {
    const svg = ratesSvg(sim, sideName);
    const rates = [...svg.matchAll(/data-rate="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(rates).toEqual([sim.winRate.red, sim.winRate.blue, sim.wins.draw / sim.games]);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('French &lt;script&gt;');
  });

  it('makes room for a long side name, and cuts one too long for half the chart with its whole name as a tooltip', () => {
    const long = ratesSvg(sim, (k) => (k === 'red' ? 'Light Division detachment' : 'Austrians'));
    // The label is drawn whole, right-aligned at the bars' left edge, which has moved right to make room for it.
    expect(long).toMatch(/<title>Light Division detachment win<\/title>Light Division detachment win<\/text>/);
    const firstBar = Number(/<rect x="(\d+)"/.exec(long)![1]);
    expect(firstBar).toBeGreaterThan(170);
    const huge = ratesSvg(sim, (k) => (k === 'red' ? 'The Combined Light Companies of the First Brigade of the Light Division' : 'Austrians'));
    expect(huge).toContain('<title>The Combined Light Companies of the First Brigade of the Light Division win</title>');
    expect(huge).toMatch(/<\/title>The Combined[^<]*…<\/text>/);
    expect(Number(/<rect x="(\d+)"/.exec(huge)![1])).toBeLessThanOrEqual(560 * 0.45);
  });

  it('draws one bar per side per VP total, and the end turns stacked by winner', () => {
    if (!sim.vpHistogram || !sim.endTurns) return expect.fail('the engine sends vpHistogram and endTurns');
    const svg = vpHistogramSvg(sim, sideName);
    const bars = [...svg.matchAll(/data-side="(red|blue)" data-games="(\d+)"/g)];
    expect(bars).toHaveLength(vpBins(sim.vpHistogram).length * 2);
    expect(bars.filter((b) => b[1] === 'red').reduce((t, b) => t + Number(b[2]), 0)).toBe(sim.games);
    const turns = [...endTurnsSvg(sim).matchAll(/data-games="(\d+)"/g)].reduce((t, m) => t + Number(m[1]), 0);
    expect(turns).toBe(sim.games);
  });

  it('prints a page with the verdict, the charts and both tables, escaping what users typed', () => {
    const html = reportHtml(sim, 'Hold <b>the</b> Bridge', sideName);
    expect(html).toContain('Balance report: Hold &lt;b&gt;the&lt;/b&gt; Bridge');
    expect(html).toContain(escapeHtml(verdict(sim, sideName)));
    expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(3);
    for (const d of sim.decidedBy ?? []) expect(html).toContain(escapeHtml(describeCondition(d, sideName)));
    for (const r of lossRows(sim)) expect(html).toContain(`<td>${r.arm}</td>`);
    expect(html).not.toMatch(/<script>/);
  });

  it('puts the engine’s victory conditions in a designer’s words, from their fields', () => {
    const names2 = (k: 'red' | 'blue') => (k === 'red' ? 'French' : 'Austrians');
    const obj = (id: string) => ({ 'obj-bridge': 'Moosdorf bridge', 'obj-village': 'Moosdorf' })[id] ?? id;
    const row = (r: Omit<DecidedByRow, 'games'>): DecidedByRow => ({ ...r, games: 1 });
    expect(describeCondition(row({ condition: '#1 red hold obj-bridge+obj-village', index: 0, kind: 'hold', side: 'red', objectives: ['obj-bridge', 'obj-village'] }), names2, obj)).toBe('French hold Moosdorf bridge and Moosdorf (condition 1)');
    expect(describeCondition(row({ condition: '#2 blue destroy', index: 1, kind: 'destroy', side: 'blue' }), names2)).toBe('Austrians destroy the enemy (condition 2)');
    expect(describeCondition(row({ condition: '#2 any destroy', index: 1, kind: 'destroy', side: 'any' }), names2)).toBe('Either side destroys the enemy (condition 2)');
    expect(describeCondition(row({ condition: '#3 blue exit east', index: 2, kind: 'exit', side: 'blue', edge: 'east' }), names2)).toBe('Austrians leave by the east edge (condition 3)');
    expect(describeCondition(row({ condition: '#4 points', index: 3, kind: 'points', side: null }), names2)).toBe('Most VP at the end (condition 4)');
    expect(describeCondition(row({ condition: 'none (draw)', index: -1, kind: 'draw', side: null }), names2)).toBe('None: a draw');
    expect(describeCondition({ condition: 'something new', kind: 'siege' } as unknown as DecidedByRow, names2)).toBe('something new');
    // Every row the engine really sends for a sample reads as words, and its fields agree with its label.
    for (const d of sim.decidedBy ?? []) {
      expect(describeCondition(d, names2)).not.toMatch(/^#/);
      if (d.kind !== 'draw') expect(d.condition).toMatch(new RegExp(`^#${d.index + 1} .*${d.kind}`));
    }
  });

  it('bins many VP totals into round ranges without losing a game', () => {
    const hist = Array.from({ length: 90 }, (_, i) => ({ vp: i * 3, red: i % 4, blue: (i * 7) % 5 }));
    const bins = vpBins(hist);
    expect(bins.length).toBeLessThanOrEqual(24);
    expect(bins.reduce((t, b) => t + b.red, 0)).toBe(hist.reduce((t, h) => t + h.red, 0));
    expect(bins.reduce((t, b) => t + b.blue, 0)).toBe(hist.reduce((t, h) => t + h.blue, 0));
    for (const b of bins) expect((b.to - b.from + 1) % 5).toBe(0);
    // Few totals stay one bar each.
    expect(vpBins(hist.slice(0, 5)).map((b) => [b.from, b.to])).toEqual(hist.slice(0, 5).map((h) => [h.vp, h.vp]));
  });

  it('says who wins, by how much, and what decided it, from the data alone', () => {
    const base: Simulation = {
      games: 1000,
      wins: { red: 120, blue: 860, draw: 20 },
      winRate: { red: 0.12, blue: 0.86 },
      ci95: { red: [0.1, 0.14], blue: [0.84, 0.88] },
      meanTurns: 14,
      meanVp: { red: 40, blue: 120 },
      decidedBy: [
        { condition: '#1 red hold obj-a', games: 120, index: 0, kind: 'hold', side: 'red', objectives: ['obj-a'] },
        { condition: '#2 blue destroy', games: 60, index: 1, kind: 'destroy', side: 'blue' },
        { condition: '#3 points', games: 800, index: 2, kind: 'points', side: null },
        { condition: 'none (draw)', games: 20, index: -1, kind: 'draw', side: null },
      ],
    };
    const names2 = (k: 'red' | 'blue') => (k === 'red' ? 'French' : 'Austrians');
    expect(verdict(base, names2)).toBe('Austrians win 86% ± 2% of 1000 games; 2% draws, 80% of all games decided on points at the end: consider more turns, or other objective values, for French.');
    const destroy: Simulation = {
      ...base,
      decidedBy: [
        { condition: '#2 blue destroy', games: 700, index: 1, kind: 'destroy', side: 'blue' },
        { condition: '#3 points', games: 160, index: 2, kind: 'points', side: null },
      ],
    };
    expect(verdict(destroy, names2)).toMatch(/81% of those by destroying the enemy: consider strengthening French's force\.$/);
    const even = { ...base, wins: { red: 480, blue: 500, draw: 20 }, winRate: { red: 0.48, blue: 0.5 }, ci95: { red: [0.45, 0.51] as [number, number], blue: [0.47, 0.53] as [number, number] } };
    expect(verdict(even, names2)).toBe('Close to even: French win 48% ± 3%, Austrians 50% ± 3% of 1000 games; 2% draws.');
  });
});

describe('a game’s result in the scenario’s words', () => {
  /** Plays a sample AI against AI to its end through the real engine, and gives what the result box shows. */
  function playOut(file: string, seed: number) {
    const scenario = JSON.parse(readFileSync(path.join(root, 'scenarios', file), 'utf8')) as Scenario;
    const e = new Engine();
    const loaded = e.ask<{ sides: SideInfo[] }>({ type: 'load', scenario });
    const g = e.ask<{ game: string }>({ type: 'new-game', seed, players: { red: 'ai', blue: 'ai' } });
    let summary: GameSummary | null = null;
    for (let i = 0; i < 5000 && !summary?.over; i++) summary = e.ask<{ summary: GameSummary }>({ type: 'ai-move', game: g.game }).summary;
    const result = summary!.result!;
    const sideOf = (k: 'red' | 'blue') => loaded.sides.find((s) => s.key === k)?.id;
    const words = resultWords(scenario, result, sideOf);
    const names = new Map([...loaded.sides.map((s) => [s.key, s.name] as const), ...(scenario.objectives ?? []).map((o) => [o.id, o.name ?? o.id] as const)]);
    return { scenario, result, words, log: describeEvent({ type: 'result', reason: result.reason }, names) };
  }

  it('names the sides of Square Eagles and Hex Skirmish games, never their keys or ids', () => {
    const seen = new Set<string>();
    for (const [file, seed] of [['se-01-hold-the-bridge.scenario.json', 1], ['se-06-breakout-on-the-brenz.scenario.json', 2], ['hx-01-the-foragers-bridge.scenario.json', 1], ['hx-02-fort-napoleon-at-almaraz.scenario.json', 3]] as const) {
      const { scenario, result, words, log } = playOut(file, seed);
      seen.add(result.decidedBy.kind);
      // The engine's own sentence names sides by key: the words shown never do.
      expect(words, file).not.toMatch(/\b(red|blue)\b/);
      expect(log, file).not.toMatch(/\b(red|blue)\b/);
      expect(words, file).not.toMatch(/obj-/);
      if (result.winner !== 'draw') {
        const winner = scenario.sides.find((s) => s.id === result.winner)!.name;
        expect(words.startsWith(winner), `${file}: ${words}`).toBe(true);
        expect(log, file).toContain(winner);
      } else expect(words).toMatch(/^no victory condition was met/);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('says each kind of decision from the condition that made it', () => {
    const sideOf = (k: 'red' | 'blue') => (k === 'red' ? 'red' : 'blue');
    const r = (decidedBy: GameResult['decidedBy'], condition: number, winner: GameResult['winner'] = decidedBy.side ?? 'draw') => ({ winner, condition, decidedBy, vp: { red: 40, blue: 95 } });
    // se-01: French advance guard (red) hold the bridge and village; the Austrian rearguard (blue) destroy half of them.
    expect(resultWords(SE01, r({ kind: 'hold', side: 'red', objectives: ['obj-bridge', 'obj-village'] }, 0), sideOf)).toBe('French advance guard held both Moosdorf bridge and Moosdorf');
    expect(resultWords(SE01, r({ kind: 'destroy', side: 'blue' }, 1), sideOf)).toBe(`Austrian rearguard destroyed at least ${(SE01.victory[1] as { percent: number }).percent}% of the French advance guard`);
    expect(resultWords(SE01, r({ kind: 'points', side: 'blue' }, 2), sideOf)).toBe('Austrian rearguard won on points, 95 to 40');
    expect(resultWords(SE01, r({ kind: 'exit', side: 'red', edge: 'east' }, 0), sideOf)).toBe('French advance guard moved enough units off the east edge');
    expect(resultWords(SE01, r({ kind: 'turns', side: null }, -1), sideOf)).toBe('no victory condition was met by the end of turn 15');
    expect(resultWords(SE01, r({ kind: 'none', side: null }, -1), sideOf)).toBe('no victory condition was met');
    // Sides whose ids are not colours: the engine's key for each is what names it.
    const renamed = { ...SE01, sides: [{ ...SE01.sides[0], id: 'fr', name: 'The French' }, { ...SE01.sides[1], id: 'au', name: 'Austrians' }] } as Scenario;
    expect(resultWords(renamed, r({ kind: 'destroy', side: 'red' }, 1), (k) => (k === 'red' ? 'au' : 'fr'))).toMatch(/^Austrians destroyed .* of the French$/);
  });

  it('names the side of each decided-by row by the key the engine played it as', () => {
    const renamed = { ...SE01, victory: [{ kind: 'hold', side: 'fr', objectives: ['obj-bridge'] }, { kind: 'destroy', side: 'au', percent: 50 }, { kind: 'destroy', side: 'any', percent: 60 }, { kind: 'points' }] } as Scenario;
    const rows: DecidedByRow[] = [
      { condition: '#1 fr hold obj-bridge', games: 3, index: 0, kind: 'hold', side: null, objectives: ['obj-bridge'] },
      { condition: '#2 au destroy', games: 4, index: 1, kind: 'destroy', side: null },
      { condition: '#3 any destroy', games: 1, index: 2, kind: 'destroy', side: 'any' },
      { condition: '#4 points', games: 2, index: 3, kind: 'points', side: null },
      { condition: 'none (draw)', games: 1, index: -1, kind: 'draw', side: null },
    ];
    const keyed = keyedRows(rows, renamed, [{ id: 'fr', key: 'blue', name: 'French' }, { id: 'au', key: 'red', name: 'Austrians' }]);
    const names2 = (k: 'red' | 'blue') => (k === 'red' ? 'Austrians' : 'French');
    expect(keyed.map((d) => describeCondition(d, names2))).toEqual([
      'French hold obj-bridge (condition 1)',
      'Austrians destroy the enemy (condition 2)',
      'Either side destroys the enemy (condition 3)',
      'Most VP at the end (condition 4)',
      'None: a draw',
    ]);
  });
});
