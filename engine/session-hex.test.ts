// The engine protocol on a Hex Skirmish game: the same session, requests and replies as for Square Eagles, with the
// hex system's view, actions, movement costs, explanations and balance report (docs/engine-protocol.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HexSkirmishView, LegalActionsReply } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import type { Message } from './protocol.js';
import { createSession, handleLine, hasWork, runWork, type SessionState } from './session.js';

const root = path.resolve(import.meta.dirname, '..');
const HX01 = JSON.parse(readFileSync(path.join(root, 'scenarios/hx-01-the-foragers-bridge.scenario.json'), 'utf8')) as Scenario;

class Driver {
  state: SessionState = createSession('1.2.3', { now: () => 0 });
  private n = 0;
  ask(request: Record<string, unknown>): Message & Record<string, unknown> {
    const step = handleLine(JSON.stringify({ id: String(++this.n), ...request }), this.state);
    this.state = step.state;
    expect(step.out).toHaveLength(1);
    return step.out[0] as Message & Record<string, unknown>;
  }
  drain(): Message[] {
    const out: Message[] = [];
    while (hasWork(this.state)) {
      const step = runWork(this.state);
      this.state = step.state;
      out.push(...step.out);
    }
    return out;
  }
}

function started(): Driver {
  const d = new Driver();
  d.ask({ type: 'hello', protocol: 1 });
  expect(d.ask({ type: 'load', scenario: HX01 })).toMatchObject({ type: 'loaded', ruleSystem: 'hex-skirmish', turns: 12 });
  expect(d.ask({ type: 'new-game', seed: 5, players: { red: 'human', blue: 'human' } })).toMatchObject({ type: 'game', game: 'g1' });
  return d;
}

const view = (d: Driver) => (d.ask({ type: 'state', game: 'g1' }) as unknown as { state: HexSkirmishView & { phase: string; toAct: string } }).state;

describe('a Hex Skirmish game over the protocol', () => {
  it('loads hx-01 and draws its hex board, with the officer riding with his formation', () => {
    const d = started();
    const s = view(d);
    expect(s.system).toBe('hex-skirmish');
    expect(s.board).toMatchObject({ cols: 12, rows: 8, orientation: 'flat', hexInches: 6 });
    // The stream is impassable but for the bridge; the quinta is a town (covered), the convent a fort.
    expect(s.board.terrain).toMatchObject({ I4: 'covered', K2: 'fortified', G7: 'impassable' });
    expect(s.units.find((u) => u.id === 'gb-52a')).toMatchObject({ box: 'C3', men: 16, officer: { id: 'gb-captain' }, state: 'armed' });
    expect(s.units.find((u) => u.id === 'kgl-hus')).toMatchObject({ status: 'reserve', box: null });
    // Blue moves first (turns.first) and has a cannon in range: the cannonade phase waits for blue.
    expect([s.phase, s.toAct]).toEqual(['cannonade', 'blue']);
  });

  it('lists a formation\'s moves with their costs, takes one, and undoes it', () => {
    const d = started();
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'end-phase' } })).toMatchObject({ type: 'acted', side: 'blue' });
    const legal = d.ask({ type: 'legal-actions', game: 'g1', unit: 'fr-14dr' }) as unknown as LegalActionsReply;
    expect(legal.system).toBe('hex-skirmish');
    // Dragoons at J3 move two clear hexes; I3 is the yard wall (covered): their whole move, and no further. J4
    // already holds 18 men of the 31e: no room for 10 more.
    expect(legal.costs).toMatchObject({ I3: 2, J2: 1, J1: 2 });
    expect(legal.costs!.J4).toBeUndefined();
    expect(legal.costs!.H3).toBeUndefined();
    const moves = legal.actions.filter((a) => a.type === 'move');
    expect(Object.keys(legal.costs!).sort()).toEqual(moves.map((a) => (a as { to: string }).to).sort());
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'move', unit: 'fr-14dr', to: 'J1' } })).toMatchObject({ type: 'acted', events: [expect.objectContaining({ type: 'move', from: 'J3', to: 'J1', cost: 2 })] });
    expect(view(d).units.find((u) => u.id === 'fr-14dr')).toMatchObject({ box: 'J1', moved: true });
    expect(d.ask({ type: 'act', game: 'g1', action: { type: 'move', unit: 'fr-14dr', to: 'J3' } })).toMatchObject({ type: 'error', code: 'illegal-action' });
    expect(d.ask({ type: 'undo', game: 'g1' })).toMatchObject({ type: 'undone', removed: 1 });
    expect(view(d).units.find((u) => u.id === 'fr-14dr')).toMatchObject({ box: 'J3', moved: false });
  });

  it('explains a cannon shot and a melee in a game, as adc explain does', () => {
    const d = started();
    // The French gun at H4 sees the light company in C3 only past the British gun in D3: blocked.
    expect(d.ask({ type: 'explain', game: 'g1', kind: 'fire', unit: 'fr-gun', target: 'gb-52a' })).toMatchObject({ allowed: false, reason: expect.stringContaining('blocked by Royal Horse Artillery') });
    // At the British gun itself: range 4 (−1), 5 crew (−2), over the yard wall (indirect, −1): −4.
    const fire = d.ask({ type: 'explain', game: 'g1', kind: 'fire', unit: 'fr-gun', target: 'gb-rha' });
    expect(fire).toMatchObject({ type: 'explanation', action: 'fire', kind: 'cannon', allowed: true, range: 4, indirect: true, total: -4, casualtiesByRoll: [0, 0, 0, 0, 1, 2] });
    const melee = d.ask({ type: 'explain', game: 'g1', kind: 'assault', unit: 'fr-31a', target: 'gb-52a', assume: true });
    expect(melee).toMatchObject({ type: 'explanation', allowed: false, reason: expect.stringContaining('not adjacent') });
    expect(d.ask({ type: 'explain', game: 'g1', kind: 'assault', unit: 'fr-31a', target: 'gb-52a', with: 'fr-31b' })).toMatchObject({ type: 'error', code: 'bad-argument' });
  });

  it('plays the AI for a seat, and runs a balance report', () => {
    const d = new Driver();
    d.ask({ type: 'hello', protocol: 1 });
    d.ask({ type: 'load', scenario: HX01 });
    d.ask({ type: 'new-game', seed: 9, players: { red: 'ai', blue: 'ai' } });
    for (let k = 0; k < 20; k++) expect(d.ask({ type: 'ai-move', game: 'g1' })).toMatchObject({ type: 'acted', by: 'ai' });
    expect(d.ask({ type: 'simulate', games: 6, seed: 3, red: 'ai', blue: 'random' })).toMatchObject({ type: 'progress', done: 0, total: 6 });
    const report = d.drain().find((m) => m.type === 'simulation') as unknown as { games: number; wins: Record<string, number>; meanLosses: Record<string, Record<string, unknown>> };
    expect(report.games).toBe(6);
    expect(report.wins.red + report.wins.blue + report.wins.draw).toBe(6);
    expect(Object.keys(report.meanLosses.red)).toEqual(expect.arrayContaining(['infantry', 'artillery']));
  });
});
