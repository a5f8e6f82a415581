// adc play, simulate and explain: the JSON outputs of cli.md, exit codes, and determinism.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, handleLine, hasWork, runWork, type SessionState } from '../engine/session.js';
import type { Message } from '../engine/protocol.js';
import { capture } from '../tests/fixture-cases.js';
import { scenario } from '../tests/se-kit.js';
import { runExplain } from './explain.js';
import { runPlay } from './play.js';
import { runSimulate } from './simulate.js';

const root = path.resolve(import.meta.dirname, '..');
const se01 = path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'adc-play-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});


function writeScenario(name: string, spec: Parameters<typeof scenario>[0]): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(scenario(spec)));
  return file;
}

describe('adc play', () => {
  it('prints exactly the JSON of cli.md and writes the same log for the same seed', async () => {
    const io = capture();
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    expect(await runPlay(io, { file: se01, seed: '9', red: 'random', log: a, json: true })).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['winner', 'reason', 'turns', 'vp', 'seed']);
    expect(Object.keys(out.vp as object)).toEqual(['red', 'blue']);
    expect(out.seed).toBe(9);
    expect(['red', 'blue', 'draw']).toContain(out.winner);
    expect(await runPlay(capture(), { file: se01, seed: '9', red: 'random', log: b, json: true })).toBe(0);
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
  });

  it('refuses bad flags as usage errors and other rule systems with exit 1', async () => {
    await expect(runPlay(capture(), { file: se01, seed: '-1', json: true })).rejects.toThrow(/--seed/);
    await expect(runPlay(capture(), { file: se01, red: 'clever', json: true })).rejects.toThrow(/--red/);
    const io = capture();
    expect(await runPlay(io, { file: path.join(root, 'scenarios/etg-01-rain-on-the-plateau.scenario.json'), json: true })).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/Square Eagles/);
    expect(await runPlay(capture(), { file: path.join(dir, 'missing.json'), json: true })).toBe(2);
  });
});

describe('adc simulate', () => {
  it('prints exactly the JSON of cli.md', async () => {
    const io = capture();
    expect(await runSimulate(io, { file: se01, games: '4', seed: '2', json: true })).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
    // cli.md's fields first and unchanged; later fields are additions.
    expect(Object.keys(out)).toEqual(['games', 'wins', 'winRate', 'ci95', 'meanTurns', 'meanVp', 'seconds', 'vpHistogram', 'endTurns', 'meanLosses']);
    expect(Object.keys(out.wins as object)).toEqual(['red', 'blue', 'draw']);
    expect(out.games).toBe(4);
    await expect(runSimulate(capture(), { file: se01, json: true })).rejects.toThrow(/--games/);
  });

  const simulateJson = async (workers: string): Promise<Record<string, unknown>> => {
    const io = capture();
    expect(await runSimulate(io, { file: se01, games: '5', seed: '4', workers, json: true })).toBe(0);
    return JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
  };

  /** The engine process's reply to the same simulation, played a game at a time. */
  function engineSimulation(request: Record<string, unknown>): Message {
    let state: SessionState = createSession('0.0.0');
    const out: Message[] = [];
    const send = (line: Record<string, unknown>, id: string): void => {
      const step = handleLine(JSON.stringify({ id, ...line }), state);
      state = step.state;
      out.push(...step.out);
    };
    send({ type: 'hello', protocol: 1 }, 'h');
    send({ type: 'load', text: readFileSync(se01, 'utf8') }, 'l');
    send({ type: 'simulate', ...request }, 's');
    while (hasWork(state)) {
      const step = runWork(state);
      state = step.state;
      out.push(...step.out);
    }
    return out.find((m) => m.re === 's' && m.type === 'simulation')!;
  }

  it('gives the same JSON, histograms and losses included, on one worker or two, and the engine replies the same', async () => {
    const one = await simulateJson('1');
    const two = await simulateJson('2');
    expect({ ...two, seconds: 0 }).toEqual({ ...one, seconds: 0 });
    const histogram = one.vpHistogram as { red: number; blue: number }[];
    expect(histogram.reduce((n, x) => n + x.red, 0)).toBe(5);
    expect(histogram.reduce((n, x) => n + x.blue, 0)).toBe(5);
    expect((one.endTurns as { red: number; blue: number; draw: number }[]).reduce((n, x) => n + x.red + x.blue + x.draw, 0)).toBe(5);

    const reply = engineSimulation({ games: 5, seed: 4 });
    const { re, type, scenario: id, seed, red, blue, decidedBy, ...summary } = reply;
    expect({ re, type, id, seed, red, blue }).toEqual({ re: 's', type: 'simulation', id: 'se-01-hold-the-bridge', seed: 4, red: 'ai', blue: 'ai' });
    expect((decidedBy as { games: number }[]).reduce((n, d) => n + d.games, 0)).toBe(5);
    expect({ ...summary, seconds: 0 }).toEqual({ ...one, seconds: 0 });
  }, 60_000);

  it('plays random players when asked, like play, and the games differ from the AI default', async () => {
    const run = async (extra: { red?: string; blue?: string }): Promise<Record<string, unknown>> => {
      const io = capture();
      expect(await runSimulate(io, { file: se01, games: '6', seed: '3', ...extra, json: true })).toBe(0);
      return JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
    };
    const random = await run({ red: 'random', blue: 'random' });
    expect(random.games).toBe(6);
    expect({ ...(await run({ red: 'random', blue: 'random' })), seconds: 0 }).toEqual({ ...random, seconds: 0 });
    const ai = await run({});
    expect({ ...ai, seconds: 0 }).not.toEqual({ ...random, seconds: 0 });
    // The engine process plays the same batch for the same players.
    const { re, type, scenario: id, seed, red, blue, decidedBy, ...summary } = engineSimulation({ games: 6, seed: 3, red: 'random', blue: 'random' });
    expect({ red, blue }).toEqual({ red: 'random', blue: 'random' });
    expect({ ...summary, seconds: 0 }).toEqual({ ...random, seconds: 0 });
    void [re, type, id, seed, decidedBy];

    const text = capture();
    expect(await runSimulate(text, { file: se01, games: '2', red: 'random', json: false })).toBe(0);
    expect(text.stdout[0]).toMatch(/2 red \(random\) against blue \(ai\) games/);
    await expect(runSimulate(capture(), { file: se01, games: '2', blue: 'clever', json: true })).rejects.toThrow(/--blue/);
  }, 60_000);

  it('refuses a scenario of a system no engine plays with exit 1, naming the systems that can be played', async () => {
    const io = capture();
    expect(await runSimulate(io, { file: path.join(root, 'scenarios/etg-01-rain-on-the-plateau.scenario.json'), games: '2', json: true })).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join('\n')).toMatch(/Eagles to Glory scenario; the bundled engine plays Square Eagles, Hex Skirmish, Napoleon's Eagles only/);
  });
});

describe('adc explain', () => {
  let file: string;
  beforeAll(() => {
    file = writeScenario('explain.scenario.json', {
      red: [
        { id: 'r-inf', kind: 'inf', cell: 'D3' },
        { id: 'r-guns', kind: 'guns', cell: 'F1' },
        { id: 'r-cav', kind: 'cav', cell: 'A5', facing: 90 },
      ],
      blue: [
        { id: 'b-inf', kind: 'inf', cell: 'D4' },
        { id: 'b-col', kind: 'inf', cell: 'F4', formation: 'column' },
        { id: 'b-lights', kind: 'lights', cell: 'C5' },
      ],
      terrain: [{ id: 'w', kind: 'woods', cells: ['D4'] } as never],
    });
  });

  it('explains fire with every modifier (infantry at a target in woods; guns at a column)', async () => {
    const io = capture();
    expect(await runExplain(io, { file, fire: 'r-inf', target: 'b-inf', json: true })).toBe(0);
    expect(JSON.parse(io.stdout.join('\n'))).toEqual({ allowed: true, kind: 'fire', range: 1, dice: 2, hitOn: 4, modifiers: [{ reason: 'target in cover', dice: -1 }] });
    const g = capture();
    expect(await runExplain(g, { file, fire: 'r-guns', target: 'b-col', json: true })).toBe(0);
    expect(JSON.parse(g.stdout.join('\n'))).toEqual({ allowed: true, kind: 'fire', range: 3, dice: 3, hitOn: 3, modifiers: [{ reason: 'artillery firing at a column', dice: 1 }] });
  });

  it('explains an assault: cavalry on the flank of Lights (no flank bonus against Lights)', async () => {
    const io = capture();
    expect(await runExplain(io, { file, assault: 'r-cav', target: 'b-lights', json: true })).toBe(0);
    expect(JSON.parse(io.stdout.join('\n'))).toEqual({
      allowed: true,
      arc: 'flank',
      attacker: { dice: 7, hitOn: 3, modifiers: [{ reason: 'cavalry charging', dice: 1 }, { reason: 'cavalry charging Lights', dice: 1 }] },
      defender: { dice: 5, hitOn: 5, modifiers: [] },
    });
  });

  it('says why not, and refuses other rule systems and unknown units with exit 1', async () => {
    const io = capture();
    expect(await runExplain(io, { file, fire: 'r-cav', target: 'b-inf', json: true })).toBe(0);
    expect(JSON.parse(io.stdout.join('\n'))).toEqual({ allowed: false, reason: 'cavalry do not fire' });
    expect(await runExplain(capture(), { file, fire: 'nobody', target: 'b-inf', json: true })).toBe(1);
    const other = capture();
    expect(await runExplain(other, { file: path.join(root, 'scenarios/etg-01-rain-on-the-plateau.scenario.json'), fire: 'a', target: 'b', json: true })).toBe(1);
    expect(other.stderr.join('\n')).toMatch(/Eagles to Glory/);
    await expect(runExplain(capture(), { file, fire: 'r-inf', json: true })).rejects.toThrow(/--target/);
  });
});

describe('adc play, simulate and explain on Hex Skirmish', () => {
  const hx01 = path.join(root, 'scenarios/hx-01-the-foragers-bridge.scenario.json');

  it('plays a whole hex game, the same for the same seed, with a log that names its format and replays', async () => {
    const a = path.join(dir, 'hx-a.jsonl');
    const b = path.join(dir, 'hx-b.jsonl');
    const io = capture();
    expect(await runPlay(io, { file: hx01, seed: '11', red: 'ai', blue: 'random', log: a, json: true })).toBe(0);
    expect(await runPlay(capture(), { file: hx01, seed: '11', red: 'ai', blue: 'random', log: b, json: true })).toBe(0);
    const result = JSON.parse(io.stdout.join('\n')) as { winner: string; turns: number; vp: { red: number; blue: number }; seed: number };
    expect(Object.keys(result).sort()).toEqual(['reason', 'seed', 'turns', 'vp', 'winner']);
    expect(result.seed).toBe(11);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    const lines = readFileSync(a, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'header', format: 'aide-de-camp/hex-skirmish-log', scenario: 'hx-01-the-foragers-bridge', seed: 11, players: { red: 'ai', blue: 'random' } });
    expect(lines.at(-1)).toMatchObject({ type: 'result', winner: result.winner, vp: result.vp });
    // The log replays in the engine process to the same result.
    let state: SessionState = createSession('t', { now: () => 0 });
    const send = (r: Record<string, unknown>): Message[] => {
      const step = handleLine(JSON.stringify(r), state);
      state = step.state;
      return step.out;
    };
    send({ id: '0', type: 'hello', protocol: 1 });
    send({ id: '1', type: 'load', scenario: JSON.parse(readFileSync(hx01, 'utf8')) });
    const opened = send({ id: '2', type: 'open-log', text: readFileSync(a, 'utf8') })[0] as unknown as { summary: { over: boolean; vp: unknown } };
    expect(opened.summary).toMatchObject({ over: true, vp: result.vp });
  });

  it('simulates hex games with losses by kind of formation, the same over any number of workers', async () => {
    const one = capture();
    const two = capture();
    expect(await runSimulate(one, { file: hx01, games: '8', seed: '4', red: 'ai', blue: 'random', workers: '1', json: true })).toBe(0);
    expect(await runSimulate(two, { file: hx01, games: '8', seed: '4', red: 'ai', blue: 'random', workers: '2', json: true })).toBe(0);
    const strip = (t: string[]) => ({ ...(JSON.parse(t.join('\n')) as Record<string, unknown>), seconds: 0 });
    expect(strip(one.stdout)).toEqual(strip(two.stdout));
    const s = strip(one.stdout) as { games: number; meanLosses: { red: Record<string, { units: number; sp: number }> } };
    expect(s.games).toBe(8);
    expect(Object.keys(s.meanLosses.red)).toEqual(['infantry', 'cavalry', 'artillery', 'baggage']);
  }, 60_000);

  it('explains a melee in words, with the joined attackers', async () => {
    const file = path.join(dir, 'hx-melee.scenario.json');
    const doc = JSON.parse(readFileSync(hx01, 'utf8')) as { sides: { army: { units: { id: string; setup?: { cell: string } }[] } }[] };
    // Two French sections set up next to the Caçadores in B5, open ground.
    doc.sides[1]!.army.units.find((u) => u.id === 'fr-31a')!.setup!.cell = 'B4';
    doc.sides[1]!.army.units.find((u) => u.id === 'fr-31b')!.setup!.cell = 'C5';
    writeFileSync(file, JSON.stringify(doc));
    const io = capture();
    expect(await runExplain(io, { file, assault: 'fr-31a', target: 'pt-cac', with: ['fr-31b'], json: false })).toBe(0);
    const text = io.stdout.join('\n');
    // 18 + 18 = 36 against 18: exactly 2:1, the attacker larger.
    expect(text).toContain('ratio row 2:1 (the attacker is larger)');
    expect(text).toContain('attacker: fr-31a + fr-31b, 36 men');
    expect(text).toContain('d6 1–6: V H H H B L');
  });
});
