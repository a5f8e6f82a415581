// The engine session, pure: each protocol message with fixed seeds, asserting what comes back and what it does to
// the games. Scenarios are the bundled samples, read from the repository.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameView, SquareEaglesView } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { isEvent, isReadyReply, isReply, parseEngineLine, parseRequestLine, type Message } from './protocol.js';
import { createSession, gameStateOf, handleLine, hasWork, runWork, type SessionState } from './session.js';
import { playBatchGame, summarise } from './square-eagles/batch.js';
import { explainJson, explainPool } from './square-eagles/explain.js';
import { legalActions, newGame } from './square-eagles/game.js';
import { replay } from './square-eagles/log.js';
import type { GameState } from './square-eagles/types.js';
import { playGame } from './square-eagles/play.js';

const root = path.resolve(import.meta.dirname, '..');
const sample = (name: string): Scenario => JSON.parse(readFileSync(path.join(root, 'scenarios', `${name}.scenario.json`), 'utf8')) as Scenario;
const SE01 = sample('se-01-hold-the-bridge');
const SE03 = sample('se-03-flank-march-at-lissdorf');

const fresh = () => createSession('1.2.3');
/** A state as JSON sees it: without the memoised lookups the engine hangs on states it has worked on. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const greeted = () => handleLine('{"id":"0","type":"hello","protocol":1}', fresh()).state;

/** Sends requests with ids 1, 2, … and keeps the session between them. */
class Driver {
  clock = 1000;
  state: SessionState = createSession('1.2.3', { now: () => this.clock });
  private n = 0;

  constructor(hello = true) {
    if (hello) this.ask({ type: 'hello', protocol: 1 });
  }

  /** Every message one request produced. */
  send(request: Record<string, unknown>): Message[] {
    const id = String(++this.n);
    const step = handleLine(JSON.stringify({ id, ...request }), this.state);
    this.state = step.state;
    return step.out;
  }

  /** The one reply to a request. */
  ask(request: Record<string, unknown>): Message {
    const out = this.send(request);
    expect(out).toHaveLength(1);
    expect(out[0]!.re).toBe(String(this.n));
    return out[0]!;
  }

  /** Runs background work until none is left, as the engine loop does between lines. */
  drain(limit = Infinity): Message[] {
    const out: Message[] = [];
    for (let k = 0; k < limit && hasWork(this.state); k++) {
      const step = runWork(this.state);
      this.state = step.state;
      out.push(...step.out);
    }
    return out;
  }

  game(id = 'g1') {
    return gameStateOf(this.state, id) as GameState;
  }
}

function loaded(scenario: Scenario = SE01): Driver {
  const d = new Driver();
  expect(d.ask({ type: 'load', scenario })).toMatchObject({ type: 'loaded', scenario: scenario.id });
  return d;
}

function withGame(players: Record<string, string> = { red: 'human', blue: 'ai' }, seed = 7): Driver {
  const d = loaded();
  expect(d.ask({ type: 'new-game', seed, players })).toMatchObject({ type: 'game', game: 'g1' });
  return d;
}

describe('handshake and protocol errors', () => {
  it('answers hello with ready, naming itself and the rules it plays', () => {
    const step = handleLine('{"id":"1","type":"hello","protocol":1}', fresh());
    expect(step.out).toEqual([{ re: '1', type: 'ready', protocol: 1, engine: 'aide-de-camp', version: '1.2.3', rules: ['square-eagles', 'hex-skirmish', 'napoleons-eagles'] }]);
    expect(isReadyReply(step.out[0])).toBe(true);
    expect(step.state.greeted).toBe(true);
    expect(step.quit).toBe(false);
  });

  it('refuses a protocol it does not speak', () => {
    for (const line of ['{"id":"1","type":"hello","protocol":2}', '{"id":"1","type":"hello"}']) {
      const step = handleLine(line, fresh());
      expect(step.out).toEqual([{ re: '1', type: 'error', code: 'unsupported-protocol', message: expect.stringContaining('protocol 1') }]);
      expect(step.state.greeted).toBe(false);
    }
  });

  it('answers ping with pong and the same id, before or after hello', () => {
    expect(handleLine('{"id":"p-9","type":"ping"}', fresh()).out).toEqual([{ re: 'p-9', type: 'pong' }]);
    const greeted = handleLine('{"id":"1","type":"hello","protocol":1}', fresh()).state;
    expect(handleLine('{"type":"ping","id":"2"}\r', greeted).out).toEqual([{ re: '2', type: 'pong' }]);
  });

  it('answers an unknown request with an error reply', () => {
    const step = handleLine('{"id":"5","type":"newGame","scenario":{}}', greeted());
    expect(step.out).toEqual([{ re: '5', type: 'error', code: 'unknown-request', message: expect.stringContaining('newGame') }]);
    expect(isReply(step.out[0])).toBe(true);
  });

  it('knows no request named after an Object.prototype member, before or after hello, and answers the next ping', () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    expect(names).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']));
    for (const start of [fresh(), greeted()]) {
      let state = start;
      for (const [k, type] of names.entries()) {
        const step = handleLine(JSON.stringify({ id: `u${k}`, type }), state);
        expect(step.out, type).toEqual([{ re: `u${k}`, type: 'error', code: 'unknown-request', message: expect.stringContaining(type) }]);
        expect(step.quit).toBe(false);
        state = step.state;
      }
      expect(handleLine('{"id":"after","type":"ping"}', state).out).toEqual([{ re: 'after', type: 'pong' }]);
    }
  });

  it('reports a malformed line as a bad-json event and keeps running', () => {
    const state = fresh();
    for (const line of ['{"id":"1",', 'hello', '{"id":"1"}}']) {
      const step = handleLine(line, state);
      expect(step.out).toEqual([{ type: 'error', code: 'bad-json', message: expect.stringMatching(/not valid JSON/) }]);
      expect(isEvent(step.out[0])).toBe(true);
      expect(step.quit).toBe(false);
      expect(step.state).toBe(state);
    }
  });

  it('reports JSON that is not a request as bad-request, as a reply when it can', () => {
    expect(handleLine('[1,2]', fresh()).out).toEqual([expect.objectContaining({ type: 'error', code: 'bad-request' })]);
    expect(handleLine('{"id":"3"}', fresh()).out).toEqual([{ re: '3', type: 'error', code: 'bad-request', message: expect.any(String) }]);
    expect(handleLine('{"type":"ping"}', fresh()).out[0]).not.toHaveProperty('re');
    expect(handleLine('{"id":4,"type":"ping"}', fresh()).out[0]).toMatchObject({ code: 'bad-request' });
  });

  it('quits on quit, with or without an id, writing nothing', () => {
    expect(handleLine('{"id":"9","type":"quit"}', fresh())).toMatchObject({ out: [], quit: true });
    expect(handleLine('{"type":"quit"}', fresh())).toMatchObject({ out: [], quit: true });
  });

  it('ignores blank lines', () => {
    expect(handleLine('', fresh()).out).toEqual([]);
    expect(handleLine('  \r', fresh()).out).toEqual([]);
  });
});

describe('protocol helpers', () => {
  it('classify lines from the engine', () => {
    expect(parseEngineLine('{"re":"1","type":"pong"}')).toEqual({ re: '1', type: 'pong' });
    expect(parseEngineLine('')).toBe('blank');
    expect(parseEngineLine('Loading rules...')).toBeNull();
    expect(parseEngineLine('42')).toBeNull();
    expect(parseEngineLine('{"re":"1"}')).toBeNull();
  });

  it('keep the id of a request for matching', () => {
    expect(parseRequestLine('{"id":"7","type":"x"}')).toMatchObject({ kind: 'message', id: '7' });
    expect(parseRequestLine('{"type":"quit"}')).toMatchObject({ kind: 'message', id: null });
  });
});

describe('game requests', () => {
  it('wait for the handshake', () => {
    const d = new Driver(false);
    expect(d.ask({ type: 'load', scenario: SE01 })).toMatchObject({ type: 'error', code: 'not-ready', message: expect.stringContaining('hello') });
    expect(d.state.scenarios.size).toBe(0);
  });
});

describe('load', () => {
  it('validates and keeps a Square Eagles scenario, listing its sides and units', () => {
    const d = new Driver();
    const reply = d.ask({ type: 'load', scenario: SE01 });
    expect(reply).toMatchObject({ type: 'loaded', scenario: 'se-01-hold-the-bridge', title: SE01.title, ruleSystem: 'square-eagles', turns: 15 });
    const sides = reply.sides as { key: string; units: { id: string }[] }[];
    expect(sides.map((s) => s.key)).toEqual(['red', 'blue']);
    expect(sides[0]!.units.map((u) => u.id)).toContain('fr-foot');
    expect(sides[1]!.units.map((u) => u.id)).toContain('au-chevl');
    expect(d.state.lastScenario).toBe('se-01-hold-the-bridge');
    // The file's text does as well as the parsed document.
    expect(d.ask({ type: 'load', text: readFileSync(path.join(root, 'scenarios/se-03-flank-march-at-lissdorf.scenario.json'), 'utf8') })).toMatchObject({
      type: 'loaded',
      scenario: SE03.id,
    });
    expect([...d.state.scenarios.keys()]).toEqual([SE01.id, SE03.id]);
  });

  it('refuses an invalid scenario with the problems and their paths', () => {
    const d = new Driver();
    const bad = structuredClone(SE01) as unknown as { turns: { limit: unknown } };
    bad.turns.limit = 'fifteen';
    const reply = d.ask({ type: 'load', scenario: bad });
    expect(reply).toMatchObject({ type: 'error', code: 'invalid-scenario', message: expect.stringContaining('/turns/limit') });
    expect(reply.problems).toContainEqual(expect.objectContaining({ severity: 'error', path: '/turns/limit' }));
    expect(d.state.scenarios.size).toBe(0);

    expect(d.ask({ type: 'load', text: '{"type": "aide-de-camp/scenario",' })).toMatchObject({
      code: 'invalid-scenario',
      problems: [expect.objectContaining({ message: expect.stringContaining('not valid JSON') })],
    });
    const army = JSON.parse(readFileSync(path.join(root, 'scenarios/fr-division-friant-1809.army.json'), 'utf8')) as unknown;
    expect(d.ask({ type: 'load', scenario: army })).toMatchObject({ code: 'invalid-scenario', message: expect.stringContaining('army list') });
    expect(d.ask({ type: 'load' })).toMatchObject({ code: 'bad-argument' });
  });

  it('refuses a scenario for other rules', () => {
    const d = new Driver();
    expect(d.ask({ type: 'load', scenario: sample('etg-01-rain-on-the-plateau') })).toMatchObject({
      type: 'error',
      code: 'unsupported-rules',
      message: 'This engine plays square-eagles, hex-skirmish, napoleons-eagles; the scenario uses "eagles-to-glory".',
    });
  });
});

describe('new-game and state', () => {
  it('starts a game by id, with its players, and summarises it', () => {
    const d = loaded();
    const reply = d.ask({ type: 'new-game', seed: 7, players: { red: 'human', blue: 'ai' }, options: { defend: false } });
    expect(reply).toMatchObject({
      type: 'game',
      game: 'g1',
      scenario: SE01.id,
      seed: 7,
      players: { red: 'human', blue: 'ai' },
      summary: { turn: 1, turns: 15, phase: 'orders', pending: 'orders', toAct: 'red', seat: 'human', ply: 0, over: false, result: null },
    });
    // The Orders phase has rolled each General's die already.
    expect(reply.events).toContainEqual(expect.objectContaining({ type: 'orders-roll', general: 'fr-gen' }));
    expect(d.game().board.options.defend).toBe(false);
    // Side ids work as well as keys; several games are kept at once.
    expect(d.ask({ type: 'new-game', scenario: SE01.id, players: { blue: 'random' } })).toMatchObject({ game: 'g2', seed: 1, players: { red: 'human', blue: 'random' } });
    expect([...d.state.games.keys()]).toEqual(['g1', 'g2']);
  });

  it('refuses bad settings', () => {
    const d = new Driver();
    expect(d.ask({ type: 'new-game' })).toMatchObject({ code: 'unknown-scenario', message: expect.stringContaining('load') });
    d.ask({ type: 'load', scenario: SE01 });
    expect(d.ask({ type: 'new-game', scenario: 'nope' })).toMatchObject({ code: 'unknown-scenario' });
    expect(d.ask({ type: 'new-game', seed: -1 })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining('"seed"') });
    expect(d.ask({ type: 'new-game', seed: 1.5 })).toMatchObject({ code: 'bad-argument' });
    expect(d.ask({ type: 'new-game', players: { red: 'genius' } })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining('human, ai, random') });
    expect(d.ask({ type: 'new-game', players: { green: 'ai' } })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining('"green"') });
    expect(d.ask({ type: 'new-game', options: { fog: true } })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining('"fog"') });
    expect(d.state.games.size).toBe(0);
  });

  it('describes the game for drawing: units by box, generals, turn, phase, side to act, VP', () => {
    const d = withGame();
    const reply = d.ask({ type: 'state', game: 'g1' });
    expect(reply).toMatchObject({ type: 'state', game: 'g1' });
    const view = reply.state as GameView & SquareEaglesView;
    const s = d.game();
    expect(view).toMatchObject({ scenario: SE01.id, turn: 1, phase: 'orders', toAct: 'red', seat: 'human', board: { cols: s.board.cols, rows: s.board.rows } });
    expect(view.vp).toEqual({ red: expect.any(Number), blue: expect.any(Number) });
    const foot = view.units.find((u: { id: string }) => u.id === 'fr-foot');
    const state = s.units.find((u) => u.id === 'fr-foot')!;
    expect(foot).toMatchObject({ side: 'red', type: 'Guns', status: 'table', box: s.board.names[state.cell], facing: state.facing, formation: null, hits: 0, sp: 5, orders: 0 });
    const line = view.units.find((u: { id: string }) => u.id === 'fr-57ligne');
    expect(line).toMatchObject({ formation: 'line', traits: ['veterans'] });
    // Reinforcements are known but not on the table yet.
    expect(view.units.find((u: { id: string }) => u.id === 'fr-72ligne')).toMatchObject({ status: 'reserve', box: null });
    expect(view.generals).toContainEqual(expect.objectContaining({ id: 'fr-gen', side: 'red', status: 'table', commands: expect.arrayContaining(['fr-foot']) }));
    expect(view.objectives.map((o: { id: string }) => o.id)).toEqual(['obj-bridge', 'obj-village']);
    expect(d.ask({ type: 'state', game: 'g9' })).toMatchObject({ code: 'unknown-game' });
    expect(d.ask({ type: 'state' })).toMatchObject({ code: 'bad-argument' });
  });
});

describe('legal-actions, act and log', () => {
  it('lists the legal actions, or one unit\'s', () => {
    const d = withGame();
    const all = d.ask({ type: 'legal-actions', game: 'g1' });
    expect(all).toMatchObject({ type: 'legal-actions', game: 'g1', side: 'red' });
    expect(all.actions).toEqual(legalActions(d.game()));
    expect(all.actions).toContainEqual({ type: 'end-orders' });
    const one = d.ask({ type: 'legal-actions', game: 'g1', unit: 'fr-foot' });
    const actions = one.actions as { unit?: string }[];
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((a) => a.unit === 'fr-foot')).toBe(true);
    expect(d.ask({ type: 'legal-actions', game: 'g1', unit: 'nobody' })).toMatchObject({ code: 'unknown-unit' });
  });

  it('gives, for one unit, the movement spent to reach each box it may move, march or maneuver to', () => {
    // Every Actions-phase position of an AI game on a scenario with roads, woods and a river, for every unit able
    // to act: the costs name exactly the destinations listed, a box next door costs what one step does (a
    // Maneuver reaches it), and nothing costs less than the straight-line steps to it or more than any allowance.
    const d = loaded(SE03);
    d.ask({ type: 'new-game', seed: 4, players: { red: 'ai', blue: 'ai' } });
    let checked = 0;
    let farther = 0;
    for (let k = 0; k < 120 && !d.game().outcome; k++) {
      const s = d.game();
      if (s.pending.kind === 'actions') {
        const side = s.pending.side;
        for (const u of s.units.filter((x) => x.side === side && x.status === 'table')) {
          const reply = d.ask({ type: 'legal-actions', game: 'g1', unit: u.id });
          const costs = reply.costs as Record<string, number>;
          const travel = (reply.actions as { type: string; to?: string }[]).filter((a) => ['move', 'march', 'maneuver'].includes(a.type));
          expect(Object.keys(costs).sort()).toEqual([...new Set(travel.map((a) => a.to!))].sort());
          for (const [box, cost] of Object.entries(costs)) {
            const to = s.board.names.indexOf(box);
            const dc = Math.abs((to % s.board.cols) - (u.cell % s.board.cols));
            const dr = Math.abs(Math.floor(to / s.board.cols) - Math.floor(u.cell / s.board.cols));
            const straight = Math.max(dc, dr) + 0.5 * Math.min(dc, dr);
            expect(cost).toBeGreaterThanOrEqual(straight);
            expect(cost).toBeLessThanOrEqual(5);
            if (travel.some((a) => a.type === 'maneuver' && a.to === box)) expect(cost).toBe(straight);
            if (cost > 1.5) farther++;
            checked++;
          }
        }
      }
      d.ask({ type: 'ai-move', game: 'g1' });
    }
    expect(checked).toBeGreaterThan(50);
    expect(farther).toBeGreaterThan(0);
    // A unit with nothing to move gets an empty map, and the whole side's list none at all.
    const orders = withGame();
    expect(orders.ask({ type: 'legal-actions', game: 'g1', unit: 'fr-foot' }).costs).toEqual({});
    expect(orders.ask({ type: 'legal-actions', game: 'g1' })).not.toHaveProperty('costs');
  });

  it('applies an action, changing the state, and the log replays to the same state', () => {
    const d = withGame();
    const before = d.game();
    const reply = d.ask({ type: 'act', game: 'g1', action: { type: 'order', general: 'fr-gen', unit: 'fr-foot' } });
    expect(reply).toMatchObject({
      type: 'acted',
      game: 'g1',
      side: 'red',
      by: 'human',
      action: { type: 'order', general: 'fr-gen', unit: 'fr-foot' },
      events: [{ type: 'order', general: 'fr-gen', unit: 'fr-foot', cost: 1 }],
      summary: { ply: 1, toAct: 'red' },
    });
    const after = d.game();
    expect(after.units.find((u) => u.id === 'fr-foot')!.orders).toBe(1);
    expect(after.generals.find((g) => g.id === 'fr-gen')!.pips).toBe(before.generals.find((g) => g.id === 'fr-gen')!.pips - 1);

    // On to the fire and dice: end red's orders, then let the AI and a few more moves play.
    d.ask({ type: 'act', game: 'g1', action: { type: 'end-orders' } });
    for (let k = 0; k < 30; k++) d.ask({ type: 'ai-move', game: 'g1' });
    const log = d.ask({ type: 'log', game: 'g1' });
    const lines = (log.text as string).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'header', scenario: SE01.id, seed: 7, players: { red: 'human', blue: 'ai' } });
    expect(lines).toHaveLength(33);
    expect(lines[1]).toMatchObject({ type: 'action', ply: 1, side: 'red', action: { type: 'order', unit: 'fr-foot' } });
    expect(lines.flatMap((l) => l.rolls as number[]).length).toBeGreaterThan(0);
    expect(plain(replay(SE01, log.text as string))).toEqual(plain(d.game()));
  });

  it('refuses a bad action with an error reply and leaves the game alone', () => {
    const d = withGame();
    const state = d.state;
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'fire', unit: 'fr-foot', target: 'au-chevl' } })).toMatchObject({
      type: 'error',
      code: 'illegal-action',
      message: expect.stringContaining('not an Orders phase action'),
    });
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'order', general: 'fr-gen', unit: 'au-chevl' } })).toMatchObject({ code: 'illegal-action' });
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'order', general: 'au-gen', unit: 'fr-foot', extra: [1] } })).toMatchObject({ code: 'illegal-action' });
    expect(d.ask({ type: 'act', game: 'g1', action: 'end-orders' })).toMatchObject({ code: 'bad-argument' });
    expect(d.ask({ type: 'act', game: 'g1' })).toMatchObject({ code: 'bad-argument' });
    expect(d.state).toBe(state);
  });

  it('checks an action without making it: legal, or the rules\' reason, the game left as it was', () => {
    const d = withGame();
    const state = d.state;
    // An accepted check says what the action spends, as its event reports: here the General's one pip for the order.
    expect(d.ask({ type: 'check', game: 'g1', action: { type: 'order', general: 'fr-gen', unit: 'fr-foot' } })).toEqual({ re: '4', type: 'checked', game: 'g1', ok: true, cost: 1 });
    const refused = d.ask({ type: 'check', game: 'g1', action: { type: 'fire', unit: 'fr-foot', target: 'au-chevl' } });
    expect(refused).toMatchObject({ type: 'checked', game: 'g1', ok: false, reason: expect.stringContaining('not an Orders phase action') });
    expect(d.ask({ type: 'check', game: 'g1', action: 'end-orders' })).toMatchObject({ code: 'bad-argument' });
    expect(d.ask({ type: 'check', game: 'nope', action: { type: 'end-orders' } })).toMatchObject({ type: 'error' });
    // Nothing was played: the same session state, no ply, a log of the header alone.
    expect(d.state).toBe(state);
    expect(d.ask({ type: 'log', game: 'g1' }).text).toMatch(/^[^\n]*\n$/);
    // The check's verdict is the act's: what it passed, act takes.
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'order', general: 'fr-gen', unit: 'fr-foot' } })).toMatchObject({ type: 'acted' });
  });

  it('adds no reach area for a gridded engine, which lists its destinations instead', () => {
    const d = withGame();
    expect(d.ask({ type: 'legal-actions', game: 'g1', unit: 'fr-foot' })).not.toHaveProperty('area');
  });

  it('plays AI against AI exactly as adc play does with the same seed', () => {
    const d = withGame({ red: 'ai', blue: 'random' }, 5);
    let reply: Message;
    do reply = d.ask({ type: 'ai-move', game: 'g1' });
    while (!(reply.summary as { over: boolean }).over);
    expect(reply).toMatchObject({ type: 'acted', summary: { over: true, toAct: null, result: { winner: expect.any(String) } } });
    const played = playGame(SE01, { seed: 5, red: 'ai', blue: 'random', log: true });
    expect((d.ask({ type: 'log', game: 'g1' }).text as string).trim().split('\n')).toEqual(played.log);
    expect(d.ask({ type: 'ai-move', game: 'g1' })).toMatchObject({ code: 'game-over' });
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'pass' } })).toMatchObject({ code: 'game-over' });
  });
});

describe('undo', () => {
  it('takes back the last human move and what the AI did after it', () => {
    const d = withGame({ red: 'human', blue: 'ai' }, 3);
    d.ask({ type: 'act', game: 'g1', action: { type: 'end-orders' } });
    // Blue's orders, played by its AI, up to red's next decision.
    while (d.game().pending.side === 1) d.ask({ type: 'ai-move', game: 'g1' });
    const before = d.game();
    const logBefore = d.ask({ type: 'log', game: 'g1' }).text;
    const human = legalActions(before).find((a) => a.type !== 'end-actions' && a.type !== 'end-orders')!;
    d.ask({ type: 'act', game: 'g1', action: human });
    const aiAfter: Message[] = [];
    while (d.game().pending.side === 1 && d.game().phase !== 'over') aiAfter.push(d.ask({ type: 'ai-move', game: 'g1' }));
    const logAfter = d.ask({ type: 'log', game: 'g1' }).text;

    const reply = d.ask({ type: 'undo', game: 'g1' });
    expect(reply).toMatchObject({ type: 'undone', game: 'g1', removed: 1 + aiAfter.length, summary: { ply: before.ply, toAct: 'red' } });
    expect(plain(d.game())).toEqual(plain(before));
    expect(d.ask({ type: 'log', game: 'g1' }).text).toBe(logBefore);

    // The same move again brings the same dice and the same AI answers.
    d.ask({ type: 'act', game: 'g1', action: human });
    for (let k = 0; k < aiAfter.length; k++) d.ask({ type: 'ai-move', game: 'g1' });
    expect(d.ask({ type: 'log', game: 'g1' }).text).toBe(logAfter);
  });

  it('has nothing to take back in a game no human has moved in', () => {
    const d = withGame({ red: 'ai', blue: 'ai' });
    d.ask({ type: 'ai-move', game: 'g1' });
    expect(d.ask({ type: 'undo', game: 'g1' })).toMatchObject({ code: 'nothing-to-undo' });
  });
});

/** The lines of a game's log, parsed. */
const logLines = (text: string): Record<string, unknown>[] => text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('open-log and seek', () => {
  /** An AI game played with ai-move to the end, its acted replies, and the log the engine gives for it. */
  function playedOut(seed = 5): { d: Driver; acted: Message[]; text: string } {
    const d = withGame({ red: 'ai', blue: 'random' }, seed);
    const acted: Message[] = [];
    do acted.push(d.ask({ type: 'ai-move', game: 'g1' }));
    while (!(acted[acted.length - 1]!.summary as { over: boolean }).over);
    return { d, acted, text: d.ask({ type: 'log', game: 'g1' }).text as string };
  }

  it('opens a log at its end, with every ply and the events act reported for it', () => {
    const { d, acted, text } = playedOut();
    const played = playGame(SE01, { seed: 5, red: 'ai', blue: 'random', log: true });
    expect(text.trim().split('\n')).toEqual(played.log);
    const reply = d.ask({ type: 'open-log', text });
    expect(reply).toMatchObject({
      type: 'game',
      game: 'g2',
      scenario: SE01.id,
      seed: 5,
      players: { red: 'ai', blue: 'random' },
      events: [],
      summary: { over: true, ply: acted.length, result: played.result },
    });
    expect(reply.setup).toContainEqual(expect.objectContaining({ type: 'orders-roll' }));
    // The deciding condition in fields beside the words, so a host need not parse the reason.
    const { result } = reply.summary as { result: { winner: string; condition: number; decidedBy: { kind: string; side: string | null; objectives?: string[] } } };
    const condition = SE01.victory![result.condition];
    expect(result.decidedBy).toEqual(
      condition ? { kind: condition.kind, side: result.winner, ...(condition.kind === 'hold' ? { objectives: condition.objectives } : {}) } : { kind: expect.stringMatching(/^(turns|none)$/), side: null },
    );
    expect(reply.plies).toEqual(
      acted.map((a, k) => ({
        ply: k + 1,
        turn: expect.any(Number),
        phase: expect.any(String),
        side: a.side,
        action: a.action,
        events: a.events,
      })),
    );
    const lines = logLines(text);
    expect((reply.plies as { turn: number; phase: string }[]).map((p) => [p.turn, p.phase])).toEqual(lines.slice(1, -1).map((l) => [l.turn, l.phase]));
    expect(plain(d.game('g2'))).toEqual(plain(played.state));
    expect(d.ask({ type: 'log', game: 'g2' }).text).toBe(text);
  });

  it('seeks to the set-up, a middle ply and back to the end, each as played that far, keeping the whole game', () => {
    const { d, text } = playedOut(8);
    const lines = text.trim().split('\n');
    const total = lines.length - 2;
    const middle = Math.floor(total / 2);
    const stateView = (): unknown => d.ask({ type: 'state', game: 'g1' }).state;
    const endView = stateView();

    expect(d.ask({ type: 'seek', game: 'g1', ply: 0 })).toEqual({ re: expect.any(String), type: 'position', game: 'g1', ply: 0, plies: total, summary: expect.objectContaining({ ply: 0, turn: 1, over: false }) });
    expect(plain(d.game())).toEqual(plain(newGame(SE01, { seed: 8 })));

    const seek = d.ask({ type: 'seek', game: 'g1', ply: middle });
    expect(seek).toMatchObject({ type: 'position', ply: middle, plies: total, summary: { ply: middle, over: false } });
    const there = replay(SE01, lines.slice(0, middle + 1));
    expect(plain(d.game())).toEqual(plain(there));
    expect(d.ask({ type: 'legal-actions', game: 'g1' }).actions).toEqual(legalActions(there));
    // The position moved, the record did not.
    expect(d.ask({ type: 'log', game: 'g1' }).text).toBe(text);

    expect(d.ask({ type: 'seek', game: 'g1', ply: total })).toMatchObject({ ply: total, summary: { over: true } });
    expect(stateView()).toEqual(endView);
    expect(d.ask({ type: 'seek', game: 'g1', ply: total + 1 })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining(`0 to ${total}`) });
    expect(d.ask({ type: 'seek', game: 'g1' })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining('"ply"') });
  });

  it('plays on from a sought position as the game went, the AI included, and drops the plies after it', () => {
    const { d, text } = playedOut(6);
    const lines = logLines(text);
    const at = 40;
    d.ask({ type: 'seek', game: 'g1', ply: at });
    // The players are where they were at that ply: the AI chooses the recorded move, and the dice fall the same.
    const again = d.ask({ type: 'ai-move', game: 'g1' });
    expect(again).toMatchObject({ type: 'acted', action: lines[at + 1]!.action, rolls: lines[at + 1]!.rolls, summary: { ply: at + 1 } });
    const log = logLines(d.ask({ type: 'log', game: 'g1' }).text as string);
    expect(log).toHaveLength(at + 2);
    expect(log.slice(0, at + 2)).toEqual(lines.slice(0, at + 2));
    expect(d.ask({ type: 'seek', game: 'g1', ply: at + 2 })).toMatchObject({ code: 'bad-argument' });

    // A different move at an earlier position branches: the record ends with it.
    d.ask({ type: 'seek', game: 'g1', ply: 0 });
    const first = legalActions(d.game()).at(-1)!;
    expect(d.ask({ type: 'act', game: 'g1', action: first })).toMatchObject({ type: 'acted', summary: { ply: 1 } });
    expect(logLines(d.ask({ type: 'log', game: 'g1' }).text as string).map((l) => l.type)).toEqual(['header', 'action']);
  });

  it('undoes from the position, and seeks in a game made by new-game', () => {
    const d = withGame({ red: 'human', blue: 'ai' }, 3);
    d.ask({ type: 'act', game: 'g1', action: { type: 'end-orders' } });
    while (d.game().pending.side === 1) d.ask({ type: 'ai-move', game: 'g1' });
    const mark = d.game().ply;
    const human = legalActions(d.game()).find((a) => a.type !== 'end-actions' && a.type !== 'end-orders')!;
    d.ask({ type: 'act', game: 'g1', action: human });
    for (let k = 0; k < 5; k++) d.ask({ type: 'ai-move', game: 'g1' });
    const end = d.game().ply;
    d.ask({ type: 'seek', game: 'g1', ply: mark + 1 });
    // The human move just before the position goes, and everything recorded after it.
    expect(d.ask({ type: 'undo', game: 'g1' })).toMatchObject({ type: 'undone', removed: 1, summary: { ply: mark } });
    expect(logLines(d.ask({ type: 'log', game: 'g1' }).text as string)).toHaveLength(mark + 1);
    expect(end).toBeGreaterThan(mark + 1);
    expect(d.ask({ type: 'seek', game: 'g1', ply: mark + 1 })).toMatchObject({ code: 'bad-argument' });
  });

  it('refuses logs that do not parse, are not logs, or disagree with the replay, saying which line', () => {
    const { d, text } = playedOut();
    const lines = text.trim().split('\n');
    const games = d.state.games.size;
    const refused = (t: string) => d.ask({ type: 'open-log', text: t });
    expect(refused('not a log')).toMatchObject({ type: 'error', code: 'bad-log', message: expect.stringContaining('line 1 is not JSON') });
    expect(refused('')).toMatchObject({ code: 'bad-log', message: expect.stringContaining('empty') });
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(refused(JSON.stringify({ ...header, format: 'something-else' }))).toMatchObject({ code: 'bad-log', message: expect.stringContaining('not a game log header') });
    expect(refused([JSON.stringify({ ...header, players: { red: 'genius' } }), ...lines.slice(1)].join('\n'))).toMatchObject({ code: 'bad-log', message: expect.stringContaining('red') });

    const tampered = [...lines];
    const k = tampered.findIndex((l, i) => i > 0 && (JSON.parse(l) as { rolls?: number[] }).rolls?.length);
    const line = JSON.parse(tampered[k]!) as { rolls: number[] };
    line.rolls[0] = (line.rolls[0]! % 6) + 1;
    tampered[k] = JSON.stringify(line);
    expect(refused(tampered.join('\n'))).toMatchObject({ code: 'bad-log', message: expect.stringMatching(new RegExp(`line ${k + 1}: the dice differ`)) });

    const broken = [...lines];
    broken[3] = broken[3]!.slice(0, -2);
    expect(refused(broken.join('\n'))).toMatchObject({ code: 'bad-log', message: expect.stringContaining('line 4 is not JSON') });
    const result = JSON.parse(lines.at(-1)!) as { winner: string };
    const lying = [...lines.slice(0, -1), JSON.stringify({ ...result, winner: result.winner === 'red' ? 'blue' : 'red' })];
    expect(refused(lying.join('\n'))).toMatchObject({ code: 'bad-log', message: expect.stringContaining('result') });

    expect(refused([JSON.stringify({ ...header, scenario: 'se-99-nowhere' }), ...lines.slice(1)].join('\n'))).toMatchObject({
      code: 'unknown-scenario',
      message: expect.stringContaining('"se-99-nowhere"'),
    });
    expect(d.ask({ type: 'open-log' })).toMatchObject({ code: 'bad-argument' });
    expect(d.state.games.size).toBe(games);
  });

  it('opens a log whose header names no players with both sides human', () => {
    const { d, text } = playedOut();
    const [head, ...rest] = text.trim().split('\n');
    const { players: _, ...header } = JSON.parse(head!) as Record<string, unknown>;
    expect(d.ask({ type: 'open-log', text: [JSON.stringify(header), ...rest].join('\n') })).toMatchObject({ type: 'game', players: { red: 'human', blue: 'human' }, summary: { over: true } });
  });
});

describe('explain', () => {
  it('gives the same pool as adc explain, from the set-up', () => {
    const d = loaded();
    const reply = d.ask({ type: 'explain', kind: 'fire', unit: 'fr-foot', target: 'au-chevl' });
    const expected = explainJson((explainPool(newGame(SE01, { seed: 0 }), 'fire', 'fr-foot', 'au-chevl', true) as { ok: true; pool: never }).pool);
    expect(expected).toMatchObject({ allowed: true, kind: 'fire' });
    expect(reply).toEqual({ re: expect.any(String), type: 'explanation', scenario: SE01.id, action: 'fire', unit: 'fr-foot', target: 'au-chevl', ...expected, reroll: false });
    expect(d.ask({ type: 'explain', kind: 'fire', unit: 'fr-foot', target: 'fr-3ligne' })).toMatchObject({ allowed: false, reason: 'the target is a friendly unit' });
  });

  it('names every modifier of an assault', () => {
    const d = loaded(SE03);
    const reply = d.ask({ type: 'explain', kind: 'assault', unit: 'fr-40', target: 'pr-ir2' });
    expect(reply).toMatchObject({
      type: 'explanation',
      allowed: true,
      arc: 'front',
      attacker: { dice: 6, hitOn: 4, modifiers: [{ reason: 'defender uphill', dice: -1 }] },
      defender: { dice: 7, hitOn: 4, modifiers: [] },
      gunsRemoved: false,
    });
  });

  it('explains in a game as the position stands, and refuses unknown units', () => {
    const d = withGame();
    // In the Orders phase nobody holds an order yet, so the guns may not fire unless told to assume one.
    const now = d.ask({ type: 'explain', game: 'g1', kind: 'fire', unit: 'fr-foot', target: 'au-chevl' });
    expect(now).toMatchObject({ type: 'explanation', game: 'g1', allowed: false });
    expect(d.ask({ type: 'explain', game: 'g1', kind: 'fire', unit: 'fr-foot', target: 'au-chevl', assume: true })).toMatchObject({ allowed: true, dice: 2 });
    expect(d.ask({ type: 'explain', kind: 'fire', unit: 'fr-foot', target: 'nobody' })).toMatchObject({ code: 'unknown-unit', message: expect.stringContaining('"nobody"') });
    expect(d.ask({ type: 'explain', kind: 'charge', unit: 'fr-foot', target: 'au-chevl' })).toMatchObject({ code: 'bad-argument' });
  });

  it('previews a fire at a game position with the very pool it then rolls, order bonus and Defend! included (4.ii.e)', () => {
    // Both seats human, so every Fire phase and Defend! window waits here: each fire is explained, then made.
    let checked = 0;
    let bonus = 0;
    let defend = 0;
    for (const seed of [3, 8]) {
      const d = loaded();
      const game = (d.ask({ type: 'new-game', seed, players: { red: 'human', blue: 'human' }, options: { defend: true } }) as { game: string }).game;
      for (let ply = 0; ply < 600; ply++) {
        const st = (d.ask({ type: 'state', game }) as { state: { over: boolean; decision: { kind: string } } }).state;
        if (st.over) break;
        const kind = st.decision.kind;
        const actions = (d.ask({ type: 'legal-actions', game }) as { actions: { type: string; unit?: string; target?: string }[] }).actions;
        const fire = actions.find((a) => a.type === 'fire' || a.type === 'defend-fire');
        if ((kind !== 'fire' && kind !== 'defend') || !fire) {
          d.ask({ type: 'ai-move', game });
          continue;
        }
        const preview = d.ask({ type: 'explain', game, kind: 'fire', unit: fire.unit, target: fire.target }) as Record<string, unknown>;
        const acted = d.ask({ type: 'act', game, action: fire }) as { events: Record<string, unknown>[] };
        const shot = acted.events.find((e) => e.type === 'fire')!;
        expect(preview).toMatchObject({ allowed: true, kind: shot.kind, dice: shot.dice, hitOn: shot.hitOn, modifiers: shot.modifiers });
        checked++;
        if ((shot.modifiers as { reason: string }[]).some((m) => /order/i.test(m.reason))) bonus++;
        if (kind === 'defend') defend++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(bonus).toBeGreaterThan(0);
    expect(defend).toBeGreaterThan(0);
  });
});

describe('simulate', () => {
  it('plays the batch a game at a time, with progress events and the result adc simulate gives', () => {
    const d = loaded();
    const first = d.send({ type: 'simulate', games: 4, seed: 11 });
    expect(first).toEqual([{ type: 'progress', request: '3', done: 0, total: 4 }]);
    expect(hasWork(d.state)).toBe(true);
    // Other requests are answered between the games.
    expect(d.ask({ type: 'ping' })).toEqual({ re: '4', type: 'pong' });
    d.clock += 2500;
    const out = d.drain();
    expect(hasWork(d.state)).toBe(false);
    expect(out.filter(isEvent)).toEqual([1, 2, 3, 4].map((done) => ({ type: 'progress', request: '3', done, total: 4 })));
    const final = out[out.length - 1]!;
    const results = [0, 1, 2, 3].map((i) => playBatchGame({ scenario: SE01, seed: 11, red: 'ai', blue: 'ai' }, i));
    expect(final).toEqual({
      re: '3',
      type: 'simulation',
      scenario: SE01.id,
      seed: 11,
      red: 'ai',
      blue: 'ai',
      ...summarise(results, 2.5),
      decidedBy: expect.arrayContaining([{ condition: 'none (draw)', games: results.filter((r) => r.result.winner === 'draw').length, index: -1, kind: 'draw', side: null }]),
    });
  });

  it('reports progress every few games of a longer batch, and can be cancelled', () => {
    const d = loaded();
    d.send({ type: 'simulate', games: 100, seed: 1, red: 'random', blue: 'random' });
    const out = d.drain(10);
    expect(out).toEqual([{ type: 'progress', request: '3', done: 5, total: 100 }, { type: 'progress', request: '3', done: 10, total: 100 }]);
    expect(d.send({ type: 'cancel', request: '3' })).toEqual([
      { re: '3', type: 'error', code: 'cancelled', message: expect.stringContaining('10 of 100') },
      { re: '4', type: 'cancelled', request: '3', done: 10, total: 100 },
    ]);
    expect(hasWork(d.state)).toBe(false);
    expect(d.ask({ type: 'cancel', request: '3' })).toMatchObject({ code: 'unknown-job' });
    expect(d.ask({ type: 'simulate', games: 0 })).toMatchObject({ code: 'bad-argument' });
    expect(d.ask({ type: 'simulate' })).toMatchObject({ code: 'bad-argument', message: expect.stringContaining('"games"') });
    expect(d.ask({ type: 'simulate', games: 3, red: 'human' })).toMatchObject({ code: 'bad-argument' });
  });

  it('reports progress at least every 200 games of a huge batch, so the host never takes it for a hung engine', () => {
    const d = loaded();
    d.send({ type: 'simulate', games: 1_000_000, seed: 1, red: 'random', blue: 'random' });
    expect(d.drain(400)).toEqual([
      { type: 'progress', request: '3', done: 200, total: 1_000_000 },
      { type: 'progress', request: '3', done: 400, total: 1_000_000 },
    ]);
    d.send({ type: 'cancel', request: '3' });
    expect(hasWork(d.state)).toBe(false);
  });
});

describe('close-game', () => {
  it('forgets a game', () => {
    const d = withGame();
    expect(d.ask({ type: 'close-game', game: 'g1' })).toEqual({ re: expect.any(String), type: 'closed', game: 'g1' });
    expect(d.ask({ type: 'state', game: 'g1' })).toMatchObject({ code: 'unknown-game' });
  });
});
