// Test play on a hex map, in the web shell and Debian's Chromium: hx-01 opened from the welcome screen, F5, a human
// against the AI. The human fires a cannon after reading the odds, splits a formation, picks each formation of a
// shared hex by clicking it again, moves to a tinted hex, takes the move back, ends the phases, and watches the AI
// play its turn; then a short balance report with the hex loss table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellCenter, parseCell, type HexGrid } from '../../domain/grid.js';
import { openPage, root, runBalanceReport, screenshot, tempDir, withShell } from './harness.js';

const shell = withShell();
const scenario = JSON.parse(readFileSync(path.join(root, 'scenarios/hx-01-the-foragers-bridge.scenario.json'), 'utf8')) as { grid: HexGrid; sides: { name: string }[] };

/** Where on the page the centre of a hex is. */
async function hexOnPage(page: Page, hex: string): Promise<[number, number]> {
  const c = parseCell(hex)!;
  const at = cellCenter(scenario.grid, c.col, c.row);
  return page.evaluate((p) => (window as unknown as { __adcMap: { toScreen(p: [number, number]): [number, number] } }).__adcMap.toScreen(p), at);
}

async function clickHex(page: Page, hex: string): Promise<void> {
  const [x, y] = await hexOnPage(page, hex);
  await page.mouse.click(x, y);
}

const map = (page: Page) => page.getByTestId('play-map');
const logText = async (page: Page) => (await page.getByTestId('play-log-line').allTextContents()).join('\n');
const ply = async (page: Page) => Number(await page.getByTestId('play-status').getAttribute('data-ply'));
/** The formations drawn on the map, id → hex, as the overlay's counters show them. */
async function counters(page: Page): Promise<Map<string, string>> {
  const text = (await map(page).getAttribute('data-units')) ?? '';
  return new Map(text.split(' ').filter(Boolean).map((p) => p.split('@') as [string, string]));
}
const selected = (page: Page) => page.getByTestId('play-selected').getAttribute('data-unit');

/** Waits until the human has a decision (the AI's turns play themselves) and returns its phase. */
async function humanDecision(page: Page): Promise<string> {
  await page.getByTestId('play-decision').waitFor({ timeout: 60000 });
  return (await page.getByTestId('play-decision').getAttribute('data-pending'))!;
}

async function endPhase(page: Page, label: string): Promise<void> {
  const before = await ply(page);
  const button = page.locator('[data-testid="play-side-action"][data-type="end-phase"]');
  expect(await button.textContent()).toBe(label);
  await button.click();
  await expect.poll(() => ply(page)).toBeGreaterThan(before);
}

describe('test play on a hex map', () => {
  it('plays hx-01 as a human against the AI: fire, split, pick, move, undo, end phases, the AI’s turn', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:hx-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Forager');
    await page.keyboard.press('F5');
    await page.getByTestId('play-setup').waitFor();
    // The French foraging party (the second side) moves first in hx-01: the human has the first decision.
    await page.getByTestId('play-seat-blue').click();
    await page.getByRole('option', { name: 'Human' }).click();
    await page.getByTestId('play-seed').fill('3');
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-status').waitFor();

    // The map draws the engine's formations as counters, with a legend to read them by.
    const start = await counters(page);
    expect(start.size).toBeGreaterThan(5);
    expect(start.get('fr-gun')).toMatch(/^[A-Z]+\d+$/);
    // The legend is folded until asked for.
    expect(await page.getByTestId('play-legend').count()).toBe(0);
    await page.getByTestId('play-legend-toggle').click();
    await page.getByTestId('play-legend').waitFor();
    expect(await page.getByTestId('play-legend').textContent()).toMatch(/I infantry, C cavalry, A artillery, B baggage/);

    // Cannonade: the cannon's target is ringed; hovering it tells the casualties each roll would cause.
    expect(await humanDecision(page)).toBe('cannonade');
    await screenshot(page, 'hex-01-cannonade');
    await page.locator('[data-testid="play-acting-unit"][data-unit="fr-gun"]').click();
    await expect.poll(() => selected(page)).toBe('fr-gun');
    const targetHex = await expect
      .poll(async () => (await map(page).getAttribute('data-targets')) ?? '')
      .not.toBe('')
      .then(async () => (await map(page).getAttribute('data-targets'))!.split(' ')[0]!);
    const [tx, ty] = await hexOnPage(page, targetHex);
    await page.mouse.move(tx, ty);
    const pool = page.locator('[data-testid="play-pool"][data-kind="cannon"]');
    await pool.waitFor();
    expect(await pool.textContent()).toMatch(/Casualties by roll: 1→\d+ {2}2→\d+/);
    expect(await pool.textContent()).toMatch(/\d+% chance of a casualty, \d+\.\d expected/);
    await screenshot(page, 'hex-02-cannon-odds');
    const lines = await page.getByTestId('play-log-line').count();
    await page.mouse.click(tx, ty);
    await expect.poll(() => logText(page)).toMatch(/Regimental 4-pounder fires on .+ at \d hex(es)?( \(indirect\))?: rolled \d/);
    expect(await page.getByTestId('play-log-line').count()).toBeGreaterThan(lines);
    await page.getByTestId('dice-tray').waitFor();
    expect(await page.getByTestId('die').count()).toBe(1);

    // March: split a formation by a number of men of the player's choosing; both halves stand in one hex.
    if ((await humanDecision(page)) === 'cannonade') await endPhase(page, 'End cannonade');
    expect(await humanDecision(page)).toBe('march');
    await page.locator('[data-testid="play-acting-unit"][data-unit="fr-31a"]').click();
    await expect.poll(() => selected(page)).toBe('fr-31a');
    const hex = (await page.getByTestId('play-selected').getAttribute('data-box'))!;
    await page.getByTestId('play-split-men').fill('3');
    expect(await page.locator('[data-testid="play-unit-action"][data-type="split"]').textContent()).toBe('Split off 3 men');
    await page.locator('[data-testid="play-unit-action"][data-type="split"]').click();
    await expect.poll(() => logText(page)).toMatch(/splits off 3 men as .+\(detachment \d+\)/);
    const part = await expect
      .poll(async () => [...(await counters(page))].find(([id]) => id.startsWith('fr-31a.'))?.[0] ?? '')
      .not.toBe('')
      .then(async () => [...(await counters(page))].find(([id]) => id.startsWith('fr-31a.'))![0]);
    expect((await counters(page)).get(part)).toBe(hex);
    await screenshot(page, 'hex-03-split');

    // Clicking the shared hex picks one formation in it, and clicking again the other.
    await page.getByTestId('play-acting-unit').first().click();
    await clickHex(page, hex);
    const firstPick = await expect.poll(() => selected(page)).toMatch(/^fr-31a/).then(() => selected(page));
    await clickHex(page, hex);
    await expect.poll(() => selected(page)).not.toBe(firstPick);
    expect([firstPick, await selected(page)].sort()).toEqual(['fr-31a', part].sort());

    // The hexes it can reach are tinted; clicking one moves it there.
    const mover = (await selected(page))!;
    const reach = await expect
      .poll(async () => (await map(page).getAttribute('data-reach')) ?? '')
      .not.toBe('')
      .then(async () => (await map(page).getAttribute('data-reach'))!.split(' '));
    const to = reach.find((h) => h !== hex)!;
    await screenshot(page, 'hex-04-reach');
    await clickHex(page, to);
    await expect.poll(async () => (await counters(page)).get(mover)).toBe(to);
    expect(await logText(page)).toMatch(new RegExp(`moves from ${hex} to ${to}`));

    // Undo puts it back and takes its line out of the log.
    const afterMove = await page.getByTestId('play-log-line').count();
    await page.getByTestId('play-undo').click();
    await expect.poll(async () => (await counters(page)).get(mover)).toBe(hex);
    expect(await page.getByTestId('play-log-line').count()).toBeLessThan(afterMove);
    expect(await logText(page)).not.toMatch(new RegExp(`moves from ${hex} to ${to}`));

    // Ending the phases hands the turn to the AI, which plays it by itself; the human's next turn comes round.
    await page.getByTestId('play-speed').click();
    await page.getByRole('option', { name: 'As fast as possible' }).click();
    await endPhase(page, 'End march');
    if ((await page.getByTestId('play-status').getAttribute('data-phase')) === 'melee' && (await page.getByTestId('play-decision').count())) await endPhase(page, 'End melee');
    await expect.poll(() => page.getByTestId('play-status').textContent(), { timeout: 60000 }).toMatch(/Turn 2 of/);
    expect(await humanDecision(page)).toMatch(/cannonade|march/);
    const log = await logText(page);
    expect(log).toContain(`— Turn 1: ${scenario.sides[0]!.name} —`);
    expect(log).toMatch(/Royal Horse Artillery, one 6-pounder fires on|moves from/);
    await screenshot(page, 'hex-05-after-ai');

    // Undo after the AI's turn takes back the human's last move and the AI's answer with it.
    const plyNow = await ply(page);
    await page.getByTestId('play-undo').click();
    await expect.poll(() => ply(page)).toBeLessThan(plyNow);

    // Let the AI play the human's moves until a melee is on offer: hovering the target tells the odds, alone or
    // together with the formations beside it.
    let odds = '';
    for (let guard = 0; guard < 400 && !odds; guard++) {
      const phase = await humanDecision(page);
      const attacker = page.getByTestId('play-acting-unit').first();
      if (phase === 'melee' && (await attacker.count())) {
        await attacker.click();
        const attack = page.locator('[data-testid="play-target-action"][data-type="melee"]').first();
        await attack.waitFor();
        await attack.hover();
        const pool = page.locator('[data-testid="play-pool"][data-kind="melee"]');
        await pool.waitFor();
        odds = (await pool.textContent())!;
        const together = page.locator('[data-testid="play-target-action"][data-together="true"]').first();
        if (await together.count()) {
          expect(await together.textContent()).toMatch(/^Attack .+ together with /);
          await together.hover();
          await expect.poll(async () => (await pool.textContent())!.match(/Attackers: ([^→]+)→/)?.[1]?.split(',').length ?? 0).toBeGreaterThan(1);
        }
        await screenshot(page, 'hex-06-melee-odds');
        // Off the button, the odds go: the panel is its own size again before anything else is clicked.
        await page.mouse.move(1, 1);
        await pool.waitFor({ state: 'detached' });
        break;
      }
      const before = await ply(page);
      await page.getByTestId('play-step').click();
      await expect.poll(() => ply(page)).toBeGreaterThan(before);
    }
    expect(odds).toMatch(/Ratio (4:1|3:1|2:1|3:2|1:1)/);
    expect(odds).toMatch(/Attackers win \d+%, defenders \d+%, stalemate \d+%/);

    // The game log downloads, and opens again as a replay drawn with the same counters.
    const finalPly = await ply(page);
    const finalCounters = await counters(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('play-save-log').click()]);
    const file = path.join(tempDir('adc-log-'), 'hex.game.jsonl');
    await download.saveAs(file);
    const saved = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; format?: string });
    expect(saved[0]!.format).toBe('aide-de-camp/hex-skirmish-log');
    expect(saved.filter((l) => l.type === 'action')).toHaveLength(finalPly);
    await page.getByTestId('play-new').click();
    await page.getByTestId('play-open-log-input').setInputFiles(file);
    await page.getByTestId('replay-bar').waitFor();
    expect(Number(await page.getByTestId('replay-bar').getAttribute('data-total'))).toBe(finalPly);
    expect(await counters(page)).toEqual(finalCounters);
    await page.getByTestId('replay-prev-turn').click();
    await expect.poll(async () => Number(await page.getByTestId('replay-bar').getAttribute('data-position'))).toBeLessThan(finalPly);
    expect(await counters(page)).not.toEqual(finalCounters);
    await page.getByTestId('replay-next-turn').click();
    await expect.poll(async () => Number(await page.getByTestId('replay-bar').getAttribute('data-position'))).toBe(finalPly);
    await expect.poll(() => counters(page)).toEqual(finalCounters);
    await screenshot(page, 'hex-07-replay');

    expect(errors).toEqual([]);
    await page.getByTestId('play-close').click();
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    await page.close();
  }, 240000);

  it('runs a short balance report of hx-01 with the hex loss table in men', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:hx-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Forager');
    await page.keyboard.press('F5');
    await runBalanceReport(page, 20);
    await page.getByTestId('balance-result').waitFor({ timeout: 120000 });
    expect(await page.getByTestId('balance-verdict').textContent()).toMatch(/of 20 games/);
    const vpBars = await page.locator('[data-testid="balance-vp"] rect[data-side="red"]').evaluateAll((els) => els.reduce((t, e) => t + Number(e.getAttribute('data-games')), 0));
    expect(vpBars).toBe(20);
    const losses = (await page.getByTestId('balance-losses').textContent())!;
    expect(losses).toMatch(/Infantry/);
    expect(losses).toMatch(/Artillery/);
    expect(losses).toMatch(/\d+\.\d+ units · \d+\.\d men/);
    expect(losses).not.toMatch(/SP/);
    await screenshot(page, 'hex-08-balance');
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);
});
