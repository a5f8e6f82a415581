// Test play on an open table, in the web shell and Debian's Chromium at 1280×720: ne-01 opened from the welcome
// screen, F5, the human plays the Prussians (red) against the AI. The human seals a bid, chooses a side if the bid
// wins, hovers a battery's target for the engine's fire preview, picks a unit on the map, drags a ghost of its base
// onto another unit and sees the engine refuse it, turns the ghost by its handle, sends a legal move, hovers an enemy
// for the ruler, and lets the AI answer. Screenshots land in test-output/screenshots/ for a person to look at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dragFrom, openPage, type Point, runBalanceReport, screenshot, tempDir, toScreen, withShell } from './harness.js';

const shell = withShell();
const shot = (page: Page, name: string) => screenshot(page, `ne-play-${name}`);

const map = (page: Page) => page.getByTestId('play-map');
const decision = (page: Page) => page.getByTestId('play-decision').getAttribute('data-pending');
const ply = async (page: Page) => Number(await page.getByTestId('play-status').getAttribute('data-ply'));
const logText = async (page: Page) => (await page.getByTestId('play-log-line').allTextContents()).join('\n');

/** The units on the table as the map draws them: id → centre and facing. */
async function pieces(page: Page): Promise<Map<string, { at: Point; facing: number }>> {
  const text = (await map(page).getAttribute('data-pieces')) ?? '';
  return new Map(
    text
      .split(' ')
      .filter(Boolean)
      .map((p) => {
        const [id, rest] = p.split('@') as [string, string];
        const [x, y, f] = rest.split(',').map(Number) as [number, number, number];
        return [id, { at: [x, y] as Point, facing: f }];
      }),
  );
}

/** Waits until the human has a decision (the AI's turns play themselves) and returns its kind. */
async function humanDecision(page: Page): Promise<string> {
  await page.getByTestId('play-decision').waitFor({ timeout: 60000 });
  return (await decision(page))!;
}

describe('test play on an open table', () => {
  it('plays ne-01 as the Prussians against the AI: bid, choose, pick, drag and check a move, the ruler, the AI’s answer', async () => {
    const page = await shell.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Plancenoit');
    await page.keyboard.press('F5');
    await page.getByTestId('play-setup').waitFor();
    expect(await map(page).getAttribute('data-system')).toBe('napoleons-eagles');
    await page.getByTestId('play-seat-red').click();
    await page.getByRole('option', { name: 'Human' }).click();
    await page.getByTestId('play-seed').fill('1');
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-status').waitFor();

    // The engine's units are drawn at their set-up places, and the status says the period and turn points.
    const start = await pieces(page);
    expect(start.get('pr-15-1')).toEqual({ at: [56, 18], facing: 270 });
    expect(start.size).toBeGreaterThan(10);
    await expect.poll(() => page.getByTestId('ne-status').textContent()).toMatch(/Period 1 of 6.*Turn points: Prussians 20 · French 20/);

    // The bid: a sealed number in a small dialog; the AI's bid shows once both are in.
    expect(await humanDecision(page)).toBe('bid');
    const dialog = page.getByTestId('ne-bid-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Turn points left to Prussians this game turn: 20.');
    await page.getByTestId('ne-bid-points').fill('21');
    expect(await page.getByTestId('ne-bid-send').isDisabled()).toBe(true);
    await page.getByTestId('ne-bid-points').fill('10');
    await shot(page, '01-bid');
    await page.getByTestId('ne-bid-send').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => logText(page)).toMatch(/Bids revealed: Prussians 10, French \d+/);

    // The bid winner chooses A or D: two buttons when it is the human.
    let kind = await humanDecision(page);
    if (kind === 'choose') {
      expect(await page.getByTestId('ne-bid-result').textContent()).toMatch(/Bids: Prussians 10, French \d+/);
      await shot(page, '02-choose');
      await page.locator('[data-testid="play-side-action"][data-role="A"]').click();
      await expect.poll(() => logText(page)).toMatch(/Prussians is side A this period/);
      kind = await humanDecision(page);
    }
    expect(kind).toBe('activate');
    await expect.poll(() => page.getByTestId('ne-roles').textContent()).toMatch(/Side A: .+ · ratio \d+:\d+/);
    // The units still to move are listed and outlined.
    expect(await page.locator('[data-testid="ne-unit"][data-to-move="true"]').count()).toBeGreaterThan(3);

    // Pick the foot battery on the map: its fire arc is drawn to its longest range and its targets ringed; hovering
    // one reads the engine's explanation of the shot. Picking starts nothing: Escape lets it go again.
    const battery = 'pr-fb14';
    await page.locator(`[data-testid="ne-unit"][data-unit="${battery}"][data-able="true"]`).waitFor();
    const [bx, by] = await toScreen(page, (await pieces(page)).get(battery)!.at);
    await page.mouse.click(bx, by);
    await expect.poll(() => page.getByTestId('play-selected').getAttribute('data-unit')).toBe(battery);
    const ringed = await expect
      .poll(async () => (await map(page).getAttribute('data-ne-targets')) ?? '')
      .not.toBe('')
      .then(async () => (await map(page).getAttribute('data-ne-targets'))!.split(' '));
    expect(ringed.every((id) => id.startsWith('fr-'))).toBe(true);
    const [gx, gy] = await toScreen(page, (await pieces(page)).get(ringed[0]!)!.at);
    await page.mouse.move(gx, gy);
    const pool = page.getByTestId('play-pool');
    await pool.waitFor();
    expect(await pool.textContent()).toMatch(/(Solid shot|Canister fire) on .+ at \d+(\.\d+)?" \((close|medium|long|extreme) range\)/);
    expect(await page.getByTestId('ne-expected').textContent()).toMatch(/Expected: \d+(\.\d+)? casualties/);
    expect(await map(page).getAttribute('data-ruler')).toMatch(/edge to edge/);
    await shot(page, '03a-fire-preview');
    await page.mouse.move(5, 700);
    await page.keyboard.press('Escape');
    await page.getByTestId('play-selected').waitFor({ state: 'detached' });

    // Pick a unit on the map, once the engine has said which can act: its reach this action is shaded.
    const mover = 'pr-15-1';
    await page.locator(`[data-testid="ne-unit"][data-unit="${mover}"][data-able="true"]`).waitFor();
    const from = (await pieces(page)).get(mover)!.at;
    const [sx, sy] = await toScreen(page, from);
    await page.mouse.click(sx, sy);
    await expect.poll(() => page.getByTestId('play-selected').getAttribute('data-unit')).toBe(mover);
    await expect.poll(async () => Number(await map(page).getAttribute('data-area'))).toBeGreaterThan(0);
    await shot(page, '03-selected');

    // Drag the ghost straight ahead onto the Füsiliers' column: the engine refuses, and says why in red beside it.
    const screen = (await pieces(page)).get('pr-15-f')!.at;
    await dragFrom(page, from, [screen[0], from[1]]);
    const verdict = page.getByTestId('ne-verdict');
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('false');
    expect(await verdict.textContent()).toMatch(/Füsiliers\/15\. IR/);
    expect(await page.getByTestId('ne-move-here').isDisabled()).toBe(true);
    await shot(page, '04-refused');
    // Escape drops the ghost; the unit stays selected.
    await page.keyboard.press('Escape');
    await verdict.waitFor({ state: 'detached' });
    expect(await page.getByTestId('play-selected').getAttribute('data-unit')).toBe(mover);

    // Drag the ghost 2" west, to open ground short of the Füsiliers: legal, within one action (a quarter of a column's 8").
    const to: Point = [from[0] - 2, from[1]];
    await dragFrom(page, from, to);
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    const said = (await verdict.textContent())!;
    expect(said).toMatch(/^legal: (½|1) action \(move 2"\)$/);
    const cost = said.replace(/^legal: /, '').replace(/ \(.*$/, '');
    expect(await map(page).getAttribute('data-ghost')).toBe('54,18,270');

    // The round handle ahead of the ghost's front turns it: dragged to the north-west, the ghost faces 315°, and the
    // engine is asked again; dragged back due west, it faces 270° once more.
    const turn = async (towards: Point) => {
      const [hx, hy] = await toScreen(page, [to[0] - 0.75, to[1]]);
      const [tx, ty] = await toScreen(page, towards);
      await page.mouse.move(hx - 22, hy);
      await page.mouse.down();
      for (let i = 1; i <= 6; i++) await page.mouse.move(hx - 22 + ((tx - hx + 22) * i) / 6, hy + ((ty - hy) * i) / 6);
      await page.mouse.up();
    };
    await turn([to[0] - 3, to[1] - 3]);
    await expect.poll(() => map(page).getAttribute('data-ghost')).toBe('54,18,315');
    await expect.poll(() => verdict.getAttribute('data-ok')).not.toBe('');
    await shot(page, '05a-turned');
    // The handle now stands to the north-west; drag it back due west of the centre.
    const [nx, ny] = await toScreen(page, [to[0] - 0.75 * Math.SQRT1_2, to[1] - 0.75 * Math.SQRT1_2]);
    const away = 22 * Math.SQRT1_2;
    const [wx, wy] = await toScreen(page, [to[0] - 6, to[1]]);
    await page.mouse.move(nx - away, ny - away);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(nx - away + ((wx - nx + away) * i) / 6, ny - away + ((wy - ny + away) * i) / 6);
    await page.mouse.up();
    await expect.poll(() => map(page).getAttribute('data-ghost')).toBe('54,18,270');
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('ne-move-here').isEnabled()).toBe(true);
    // The button's colour eases in from its disabled grey: let it finish before the picture.
    await page.waitForTimeout(400);
    await shot(page, '05-ghost');
    const before = await ply(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => ply(page)).toBeGreaterThan(before);
    await expect.poll(async () => (await pieces(page)).get(mover)?.at).toEqual(to);
    expect(await logText(page)).toContain(`I./15. IR moves 2" to (54, 18), facing west (${cost})`);

    // Another unit still to move cannot be picked while this one is acting: a click on it, on the map or in the list,
    // says so and names the button; the status counts the units moved per side and what side A must reach.
    const other = 'pr-15-f';
    const [ox, oy] = await toScreen(page, (await pieces(page)).get(other)!.at);
    await page.mouse.click(ox, oy);
    const notice = page.getByTestId('ne-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^I\.\/15\. IR is still acting: press “Done with this unit” first, then pick Füsiliers\/15\. IR\.$/);
    expect(await page.getByTestId('play-selected').getAttribute('data-unit')).toBe(mover);
    expect(await map(page).getAttribute('data-ghost')).toBeNull();
    await shot(page, '05b-still-acting');
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });
    const row = page.locator(`[data-testid="ne-unit"][data-unit="${other}"]`);
    expect(await row.getAttribute('title')).toMatch(/I\.\/15\. IR is still acting/);
    await row.click();
    await expect.poll(() => notice.textContent()).toMatch(/still acting/);
    await notice.getByRole('button').click();
    expect(await page.getByTestId('ne-moved').textContent()).toMatch(/^Units moved this period: Prussians \d+, French \d+ · side A may finish once it has moved \d+ of its units/);

    // The map’s camera: arrows pan and + zooms in until the table has slid partly out of the map (under the side
    // panel); 0 fits the whole table back in view, and the buttons zoom and fit too.
    const box = (await map(page).boundingBox())!;
    const corners = async () => [await toScreen(page, [0, 0]), await toScreen(page, [72, 48])];
    const inView = async () => {
      const [[x0, y0], [x1, y1]] = (await corners()) as [Point, Point];
      return x0 >= box.x - 1 && y0 >= box.y - 1 && x1 <= box.x + box.width + 1 && y1 <= box.y + box.height + 1;
    };
    expect(await inView()).toBe(true);
    const fitted = await corners();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('+');
    await expect.poll(inView).toBe(false);
    expect((await corners())[0]![0]).toBeGreaterThan(fitted[0]![0]);
    await shot(page, '05c-panned');
    await page.keyboard.press('0');
    await expect.poll(corners).toEqual(fitted);
    expect(await inView()).toBe(true);
    await page.getByTestId('play-zoom-in').click();
    await expect.poll(inView).toBe(false);
    await page.getByTestId('play-zoom-fit').click();
    await expect.poll(corners).toEqual(fitted);
    await page.getByTestId('play-zoom-out').click();
    await expect.poll(async () => (await corners())[1]![0] - (await corners())[0]![0]).toBeLessThan(fitted[1]![0] - fitted[0]![0]);
    await page.keyboard.press('0');
    await expect.poll(corners).toEqual(fitted);

    // The briefing can be read mid-game: the human's side first, then the other, then the victory conditions in words;
    // Escape closes it and leaves the picked unit picked.
    await page.getByTestId('play-briefing-open').click();
    const brief = page.getByTestId('play-briefing');
    await brief.waitFor();
    const sides = brief.getByTestId('play-briefing-side');
    expect(await sides.count()).toBe(2);
    expect(await sides.nth(0).textContent()).toMatch(/^Prussians \(your side\)The Emperor’?'?s right flank hangs in the air and Plancenoit is the hinge\./);
    expect(await sides.nth(1).textContent()).toMatch(/^FrenchThe Young Guard has been sent to stop the Prussians/);
    const conditions = await brief.getByTestId('play-briefing-victory').locator('li').allTextContents();
    expect(conditions).toHaveLength(3);
    expect(conditions[0]).toMatch(/^Prussians win if they hold both .+ and .+ at the end of /);
    expect(conditions[1]).toMatch(/^French win if they destroy at least 40% of the enemy's units \(Prussians\) by the end of /);
    // The dialog fades in: let it finish before the picture.
    await page.waitForTimeout(400);
    await shot(page, '05d-briefing');
    await page.keyboard.press('Escape');
    await brief.waitFor({ state: 'detached' });
    expect(await page.getByTestId('play-selected').getAttribute('data-unit')).toBe(mover);

    // At 1280×720 the side panel scrolls: the status stays pinned at its top when it is scrolled to the log, and the
    // key to the chips is folded until asked for.
    const status = page.getByTestId('play-status');
    expect(await page.getByTestId('play-legend').count()).toBe(0);
    const pinned = await status.evaluate((el) => {
      const panel = el.parentElement!;
      panel.scrollTop = panel.scrollHeight;
      return { scrolled: panel.scrollTop, gap: el.getBoundingClientRect().top - panel.getBoundingClientRect().top };
    });
    expect(pinned.scrolled).toBeGreaterThan(0);
    expect(Math.abs(pinned.gap)).toBeLessThanOrEqual(1);
    await shot(page, '05e-panel-scrolled');
    await page.getByTestId('play-legend-toggle').click();
    expect(await page.getByTestId('play-legend').textContent()).toMatch(/F\/T\/X fatigued/);
    await page.getByTestId('play-legend-toggle').click();
    await status.evaluate((el) => el.parentElement!.scrollTo(0, 0));

    // Hover the nearest enemy: the ruler measures edge to edge; a ringed target also shows the fire preview.
    const selectedNow = await page.getByTestId('play-selected').getAttribute('data-unit').catch(() => null);
    if (selectedNow !== mover) {
      const [x, y] = await toScreen(page, to);
      await page.mouse.click(x, y);
      await expect.poll(() => page.getByTestId('play-selected').getAttribute('data-unit')).toBe(mover);
    }
    const enemies = [...(await pieces(page))].filter(([id]) => id.startsWith('fr-'));
    enemies.sort((a, b) => Math.hypot(a[1].at[0] - to[0], a[1].at[1] - to[1]) - Math.hypot(b[1].at[0] - to[0], b[1].at[1] - to[1]));
    const targets = ((await map(page).getAttribute('data-ne-targets')) ?? '').split(' ').filter(Boolean);
    const [enemy, place] = enemies.find(([id]) => targets.includes(id)) ?? enemies[0]!;
    const [ex, ey] = await toScreen(page, place.at);
    await page.mouse.move(ex, ey);
    await expect.poll(() => map(page).getAttribute('data-hovered')).toBe(enemy);
    await expect.poll(() => map(page).getAttribute('data-ruler')).toMatch(/^\d+(\.\d)?" edge to edge( · beyond its \d+" reach)?$/);
    if (targets.includes(enemy)) await page.getByTestId('play-pool').waitFor();
    await shot(page, '06-ruler');

    // End the activation; side A starts its share of units before side D answers, so the next ones stand, and then
    // the AI answers by itself.
    const french = /(Young Guard|Tirailleurs|Voltigeurs|Ligne|Chasseurs)[^\n]* starts its activation/;
    for (let guard = 0; guard < 8 && !french.test(await logText(page)); guard++) {
      if ((await humanDecision(page)) !== 'activate') break;
      const end = page.locator('[data-testid="play-unit-action"][data-type="done"], [data-testid="play-unit-action"][data-type="stand"]').first();
      // The selected unit's own actions come in a moment after each position.
      if (await page.getByTestId('play-selected').count()) await end.waitFor({ timeout: 5000 }).catch(() => undefined);
      if (!(await page.getByTestId('play-selected').count()) || !(await end.count())) {
        // The unit mid-activation is the only one able to act; otherwise any still to move.
        const next = page.locator('[data-testid="ne-unit"][data-able="true"]').first();
        if (!(await next.count())) break;
        const id = (await next.getAttribute('data-unit'))!;
        if ((await page.getByTestId('play-selected').getAttribute('data-unit', { timeout: 500 }).catch(() => null)) !== id) await next.click();
        await expect.poll(() => page.getByTestId('play-selected').getAttribute('data-unit')).toBe(id);
        await end.waitFor();
      }
      const before = await ply(page);
      await end.click();
      await expect.poll(() => ply(page)).toBeGreaterThan(before);
    }
    await expect.poll(() => logText(page), { timeout: 60000 }).toMatch(french);
    await humanDecision(page);
    await shot(page, '07-after-ai');

    // The game log downloads and opens again as a replay, drawn on the same open table.
    const finalPly = await ply(page);
    const finalPieces = await pieces(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('play-save-log').click()]);
    const file = path.join(tempDir('adc-ne-log-'), 'ne.game.jsonl');
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8').trim().split('\n').filter((l) => l.includes('"type":"action"'))).toHaveLength(finalPly);
    await page.getByTestId('play-new').click();
    await page.getByTestId('play-open-log-input').setInputFiles(file);
    await page.getByTestId('replay-bar').waitFor();
    await expect.poll(() => ply(page)).toBe(finalPly);
    expect(await pieces(page)).toEqual(finalPieces);
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);

  it('runs a short balance report of ne-01, its losses in figures', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Plancenoit');
    await page.keyboard.press('F5');
    await runBalanceReport(page, 10);
    await page.getByTestId('balance-result').waitFor({ timeout: 120000 });
    expect(await page.getByTestId('balance-verdict').textContent()).toMatch(/of 10 games/);
    const losses = (await page.getByTestId('balance-losses').textContent())!;
    expect(losses).toMatch(/Infantry/);
    expect(losses).toMatch(/figures/);
    await screenshot(page, 'ne-play-08-balance');
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);
});
