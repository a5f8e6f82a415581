// A small Napoleon's Eagles scenario in the web shell and Debian's Chromium: the map editor draws each unit at its
// true footprint for its set-up formation (line, column, square, skirmish screen, limbered battery), and in play,
// both seats human, the play view names the scenario and its sides, a dragged ghost says its exact cost ("legal: 1½
// actions"), and in the leaders step a leader is dragged too far (refused with the engine's reason), onto a unit of
// his side (he joins it), taken back with Undo, placed by picking him in the panel and clicking the table, and the
// step ended. Screenshots land in test-output/screenshots/ for a person to look at.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { hasErrors } from '../../domain/problems.js';
import { validateDocument } from '../../domain/validate.js';
import { dragFrom, openPage, painted, screenshot, toScreen, withShell, type Point } from './harness.js';

const shell = withShell();
const shot = (page: Page, name: string) => screenshot(page, `ne-leaders-${name}`);

const unit = (id: string, name: string, at: Point, facing: number, formation: string, ratings: Record<string, unknown>, arm = 'infantry', type = 'line') => ({
  id,
  name,
  arm,
  type,
  ratings: { 'napoleons-eagles': ratings },
  setup: { at, facing, formation },
});

/** Two brigades 18" apart on an open 72" × 48" table; the units' formations are the editor's test. */
const SCENARIO = {
  type: 'aide-de-camp/scenario',
  schemaVersion: 1,
  id: 'ne-leaders-at-the-mill',
  title: 'Leaders at the Mill',
  ruleSystem: 'napoleons-eagles',
  scale: { figureRatio: 30 },
  table: { width: 72, height: 48 },
  grid: { kind: 'none' },
  terrain: [],
  sides: [
    {
      id: 'red',
      name: 'Prussians',
      nation: 'Prussia',
      color: '#1c2841',
      army: {
        id: 'red-bde',
        name: 'Prussian brigade',
        echelon: 'division',
        leader: { id: 'r-gen', name: 'von Hiller', setup: { at: [30, 40] } },
        formations: [],
        units: [
          // 20 figures in 3 ranks, B to move: a line 7.5" × ½" moving 4" an action.
          unit('r-line', 'I./15. IR', [20, 30], 0, 'line', { rating: 'B16C40', figures: 20, ranks: 3 }),
          // A column of 20: ceil(20/3) = 7 figures × 3/8" = 2.625" wide, 1.5" deep.
          unit('r-col', 'II./15. IR', [32, 30], 0, 'column', { rating: 'B16C40', figures: 20, ranks: 3 }),
          // A square of 24: 24/4 × 3/8" = 2.25" a side.
          unit('r-sq', 'III./15. IR', [42, 32], 0, 'square', { rating: 'B16C40', figures: 24, ranks: 3 }),
          // A screen of 6: 2" a figure, 12" × ½".
          unit('r-skirm', 'Füsiliers', [56, 26], 0, 'skirmish', { rating: 'B16C40', figures: 6, ranks: 3 }, 'infantry', 'light'),
        ],
      },
    },
    {
      id: 'blue',
      name: 'French',
      nation: 'France',
      color: '#2a4a9e',
      army: {
        id: 'blue-bde',
        name: 'French brigade',
        echelon: 'division',
        leader: { id: 'b-gen', name: 'Pelet', setup: { at: [40, 6] } },
        formations: [],
        units: [
          unit('b-line', '1er Chasseurs', [30, 12], 180, 'line', { rating: 'B16C40', figures: 20, ranks: 3 }),
          // 6 guns at 1:30: 2 models; limbered, 1" wide and 2 × 1.5" = 3" deep.
          unit('b-bat', 'Foot battery', [44, 10], 180, 'limbered', { rating: 'B16B25', guns: 6, calibre: '6lb' }, 'artillery', 'foot'),
        ],
      },
    },
  ],
  turns: { limit: 4, first: 'red' },
  victory: [{ kind: 'points' }],
} as unknown as Scenario;

const map = (page: Page) => page.getByTestId('play-map');
const decision = (page: Page) => page.getByTestId('play-decision').getAttribute('data-pending');
const ply = async (page: Page) => Number(await page.getByTestId('play-status').getAttribute('data-ply'));
const logText = async (page: Page) => (await page.getByTestId('play-log-line').allTextContents()).join('\n');

/** An attribute's `id@x,y[,facing][+attached]` list as a map. */
function placesOf(text: string | null): Map<string, { at: Point; attached: string | null }> {
  return new Map(
    (text ?? '')
      .split(' ')
      .filter(Boolean)
      .map((p) => {
        const [id, rest] = p.split('@') as [string, string];
        const [xy, attached] = rest.split('+') as [string, string | undefined];
        const [x, y] = xy.split(',').map(Number) as [number, number];
        return [id, { at: [x, y] as Point, attached: attached ?? null }];
      }),
  );
}
const pieces = async (page: Page) => placesOf(await map(page).getAttribute('data-pieces'));
const leaders = async (page: Page) => placesOf(await map(page).getAttribute('data-leaders'));

/** Plays the human's own decisions (the sealed bid, the choice) and lets the adviser play the rest, until `until`. */
async function playUntil(page: Page, until: (kind: string, side: string) => boolean, limit = 80): Promise<string> {
  for (let k = 0; k < limit; k++) {
    await page.getByTestId('play-decision').waitFor({ timeout: 60000 });
    await expect.poll(() => page.getByTestId('play-decision').getAttribute('aria-busy')).toBe('false');
    const kind = (await decision(page))!;
    const side = (await page.getByTestId('play-status').getAttribute('data-to-act')) ?? '';
    if (until(kind, side)) return kind;
    const before = await ply(page);
    if (kind === 'bid') {
      await page.getByTestId('ne-bid-points').fill('0');
      await page.getByTestId('ne-bid-send').click();
    } else if (kind === 'choose') {
      // Red takes side A, so that it moves first.
      await page.locator(`[data-testid="play-side-action"][data-role="${side === 'red' ? 'A' : 'D'}"]`).click();
    } else {
      await page.getByTestId('play-step').click();
    }
    await expect.poll(() => ply(page), { timeout: 30000 }).toBeGreaterThan(before);
  }
  throw new Error(`no such decision within ${limit} moves`);
}

describe("Napoleon's Eagles: footprints in the editor, the move's cost and the leaders step in play", () => {
  it('draws the true footprints, names the scenario, prices a move, and drags, joins, undoes and places leaders', async () => {
    const problems = validateDocument(SCENARIO);
    expect(hasErrors(problems), JSON.stringify(problems)).toBe(false);
    writeFileSync(path.join(shell.workspace, 'mill.scenario.json'), `${JSON.stringify(SCENARIO, null, 2)}\n`);
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.getByTestId('cmd-open').click();
    await page.getByTestId('library-dialog').locator('[data-doc-path="mill.scenario.json"]').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Leaders at the Mill');

    // ---- The map editor: each unit's base is its footprint in its set-up formation (rules notes §11).
    await page.getByTestId('tab-map').click();
    await page.getByTestId('map-editor').waitFor();
    await painted(page);
    const drawn = async () =>
      page.evaluate(() => {
        const K = (window as unknown as { Konva?: { stages: { find(f: (n: { name(): string; className: string }) => boolean): { name(): string; width(): number; height(): number }[] }[] } }).Konva;
        const out: Record<string, [number, number]> = {};
        for (const stage of K?.stages ?? []) {
          for (const n of stage.find((x) => x.className === 'Rect' && /^\/sides\/\d\/army\/units\/\d$/.test(x.name()))) out[n.name()] = [Math.round(n.width() * 1000) / 1000, Math.round(n.height() * 1000) / 1000];
        }
        return out;
      });
    await expect.poll(async () => Object.keys(await drawn()).length).toBe(6);
    expect(await drawn()).toEqual({
      '/sides/0/army/units/0': [7.5, 0.5],
      '/sides/0/army/units/1': [2.625, 1.5],
      '/sides/0/army/units/2': [2.25, 2.25],
      '/sides/0/army/units/3': [12, 0.5],
      '/sides/1/army/units/0': [7.5, 0.5],
      '/sides/1/army/units/1': [1, 3],
    });
    await shot(page, '01-editor-footprints');

    // ---- Play, both seats human: the title and the sides are named.
    await page.keyboard.press('F5');
    await page.getByTestId('play-setup').waitFor();
    for (const side of ['red', 'blue']) {
      await page.getByTestId(`play-seat-${side}`).click();
      await page.getByRole('option', { name: 'Human' }).click();
    }
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-status').waitFor();
    expect(await page.getByTestId('play-dialog').locator('header').textContent()).toContain('Test play: Leaders at the Mill');
    await expect.poll(() => page.getByTestId('play-vp').textContent()).toMatch(/VP: Prussians 0 · French 0/);
    await expect.poll(() => page.getByTestId('ne-status').textContent()).toMatch(/Turn points: Prussians \d+ · French \d+/);

    // ---- Red's first activation: drag the line battalion's ghost 6" ahead; the engine prices it at 1½ actions
    // (B to move, a line moves 4" an action in the open: 6 ÷ 4 = 1½), said beside the ghost and in the panel.
    await playUntil(page, (kind, side) => kind === 'activate' && side === 'red');
    await page.locator('[data-testid="ne-unit"][data-unit="r-line"][data-able="true"]').click();
    await expect.poll(() => page.getByTestId('play-selected').getAttribute('data-unit')).toBe('r-line');
    const from = (await pieces(page)).get('r-line')!.at;
    expect(from).toEqual([20, 30]);
    // The cost shows while the ghost is still held: the engine is asked as the pointer moves.
    const [x0, y0] = await toScreen(page, from);
    const [x1, y1] = await toScreen(page, [20, 24]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
    const verdict = page.getByTestId('ne-verdict');
    await expect.poll(() => verdict.textContent()).toBe('legal: 1½ actions (move 6")');
    await shot(page, '02-cost-while-dragging');
    await page.mouse.up();
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    expect(await verdict.textContent()).toBe('legal: 1½ actions (move 6")');
    await page.waitForTimeout(300);
    await shot(page, '02-cost-beside-ghost');
    await page.keyboard.press('Escape');
    await verdict.waitFor({ state: 'detached' });

    // ---- The leaders step (step 8).
    await playUntil(page, (kind) => kind === 'leaders', 120);
    const side = (await page.getByTestId('play-status').getAttribute('data-to-act'))!;
    const mine = side === 'red' ? 'r-' : 'b-';
    const general = side === 'red' ? 'r-gen' : 'b-gen';
    const start = (await leaders(page)).get(general)!;
    expect(start).toBeDefined();
    await page.locator(`[data-testid="ne-leader"][data-leader="${general}"]`).waitFor();
    const hint = (await page.getByTestId('ne-leader-step').textContent())!;
    expect(hint).toMatch(/Drag a leader/);

    // Too far: 25" towards the table's middle. The engine refuses, and says why.
    const mid: Point = [36, 24];
    const toMid = Math.hypot(mid[0] - start.at[0], mid[1] - start.at[1]);
    const far: Point = toMid >= 25 ? [start.at[0] + ((mid[0] - start.at[0]) * 25) / toMid, start.at[1] + ((mid[1] - start.at[1]) * 25) / toMid] : [start.at[0] > 36 ? start.at[0] - 25 : start.at[0] + 25, start.at[1]];
    await dragFrom(page, start.at, far);
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('false');
    expect(await verdict.textContent()).toMatch(/more than a leader's 20"/);
    expect(await page.getByTestId('ne-move-here').isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    await shot(page, '03-leader-too-far');
    await page.keyboard.press('Escape');
    await verdict.waitFor({ state: 'detached' });

    // Onto the nearest unit of his side: he joins it, at its centre.
    const friends = [...(await pieces(page))].filter(([id]) => id.startsWith(mine));
    friends.sort((a, b) => Math.hypot(a[1].at[0] - start.at[0], a[1].at[1] - start.at[1]) - Math.hypot(b[1].at[0] - start.at[0], b[1].at[1] - start.at[1]));
    const [host, hostPlace] = friends[0]!;
    expect(Math.hypot(hostPlace.at[0] - start.at[0], hostPlace.at[1] - start.at[1])).toBeLessThan(20);
    await dragFrom(page, start.at, hostPlace.at);
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    const hostName = (await page.locator(`[data-testid="ne-unit"][data-unit="${host}"]`).textContent())!;
    expect(await verdict.textContent()).toMatch(/^legal: rides \d+(\.\d)?", joins /);
    expect(hostName).toContain((await verdict.textContent())!.replace(/^.*joins /, ''));
    expect(await map(page).getAttribute('data-leader-ghost')).toBe(`${general}@${hostPlace.at.join(',')}+${host}`);
    await page.waitForTimeout(300);
    await shot(page, '04-leader-joins');
    const before = await ply(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => ply(page)).toBe(before + 1);
    await expect.poll(async () => (await leaders(page)).get(general)).toEqual({ at: hostPlace.at, attached: host });
    expect(await logText(page)).toMatch(/rides to \(.+\), joining /);

    // Undo takes the ride back, as it does a unit's move.
    await page.keyboard.press('Control+z');
    await expect.poll(() => ply(page)).toBe(before);
    await expect.poll(async () => (await leaders(page)).get(general)).toEqual(start);

    // Without dragging: pick him in the panel, click the table 5" away, Enter.
    await page.locator(`[data-testid="ne-leader"][data-leader="${general}"]`).click();
    await expect.poll(() => page.locator(`[data-testid="ne-leader"][data-leader="${general}"]`).getAttribute('aria-pressed')).toBe('true');
    const near: Point = [start.at[0] + (start.at[0] > 36 ? -5 : 5), start.at[1]];
    const [nx, ny] = await toScreen(page, near);
    await page.mouse.click(nx, ny);
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    expect(await verdict.textContent()).toBe('legal: rides 5", alone');
    await page.keyboard.press('Enter');
    await expect.poll(() => ply(page)).toBe(before + 1);
    await expect.poll(async () => (await leaders(page)).get(general)).toEqual({ at: near, attached: null });
    await shot(page, '05-leader-placed');

    // End leaders ends this side's step.
    const end = page.locator('[data-testid="play-side-action"][data-type="end-leaders"]');
    expect(await end.textContent()).toBe('End leaders');
    await end.click();
    await expect.poll(() => ply(page)).toBe(before + 2);
    await expect.poll(async () => `${await decision(page)}:${await page.getByTestId('play-status').getAttribute('data-to-act')}`).not.toBe(`leaders:${side}`);
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);
});
