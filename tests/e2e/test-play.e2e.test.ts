// Test play in the web shell, in Debian's Chromium: a bundled sample played by the engine AI against AI (stepped,
// run, paused, saved and replayed), and a 200-game balance report.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage, root, screenshot, tempDir, withShell } from './harness.js';

const shell = withShell();

describe('test play', () => {
  it('plays se-01 AI against AI by step, phase and turn, pauses, saves the log and replays it', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');

    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-setup').waitFor();
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-status').waitFor();
    const lines = () => page.getByTestId('play-log-line').count();
    const ply = async () => Number(await page.getByTestId('play-status').getAttribute('data-ply'));
    const first = await lines();
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      const before = await ply();
      await page.getByTestId('play-step').click();
      await expect.poll(ply, { timeout: 10000 }).toBe(before + 1);
    }
    await expect.poll(lines).toBeGreaterThan(first);
    await screenshot(page, 'play-01-stepping');

    // To the end of the phase, then of the turn: each stops where it says.
    const phase = await page.getByTestId('play-status').getAttribute('data-phase');
    await page.getByTestId('play-speed').click();
    await page.getByRole('option', { name: 'As fast as possible' }).click();
    await page.getByTestId('play-to-phase').click();
    await expect.poll(() => page.getByTestId('play-status').getAttribute('data-phase'), { timeout: 30000 }).not.toBe(phase);
    await page.getByTestId('play-to-phase').waitFor({ state: 'visible' });
    const turnText = async () => /Turn (\d+)/.exec((await page.getByTestId('play-status').textContent()) ?? '')![1];
    const turn = await turnText();
    await expect.poll(async () => page.getByTestId('play-to-turn').isEnabled(), { timeout: 30000 }).toBe(true);
    await page.getByTestId('play-to-turn').click();
    await expect.poll(turnText, { timeout: 30000 }).toBe(String(Number(turn) + 1));

    // Pause while the engine is making a move. The move is held on its way to the engine, so the race is certain:
    // Pause says "Pausing…" until that move lands, shows it, and then nothing more is asked for: the position shown
    // once it has paused is final.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inFlight = (): void => undefined;
    const sent = new Promise<void>((resolve) => (inFlight = resolve));
    let holding = true;
    const engineSend = (url: URL) => url.pathname.endsWith('/api/engineSend');
    await page.route(engineSend, async (route) => {
      if (holding && (route.request().postData() ?? '').includes('"ai-move"')) {
        holding = false;
        inFlight();
        await held;
      }
      await route.continue();
    });
    await page.getByTestId('play-speed').click();
    await page.getByRole('option', { name: 'Slow' }).click();
    const before = await ply();
    await page.getByTestId('play-to-end').click();
    await sent;
    await page.getByTestId('play-pause').click();
    await expect.poll(() => page.getByTestId('play-pause').textContent()).toBe('Pausing…');
    expect(await page.getByTestId('play-pause').isDisabled()).toBe(true);
    expect(await ply()).toBe(before);
    release();
    await page.getByTestId('play-to-end').waitFor();
    const paused = await ply();
    expect(paused).toBe(before + 1);
    await page.waitForTimeout(1500);
    expect(await ply()).toBe(paused);
    await page.unroute(engineSend);

    await page.getByTestId('play-speed').click();
    await page.getByRole('option', { name: 'As fast as possible' }).click();
    await page.getByTestId('play-to-end').click();
    await page.getByTestId('play-result').waitFor({ timeout: 120000 });
    expect(await page.getByTestId('play-result').textContent()).toMatch(/ win|draw/i);
    await screenshot(page, 'play-02-result');
    const finalPly = await ply();
    const finalVp = await page.getByTestId('play-vp').textContent();

    // Save the game log, start again, and open it: the replay scrubs through the same game.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('play-save-log').click()]);
    const file = path.join(tempDir('adc-log-'), 'game.jsonl');
    await download.saveAs(file);
    const logLines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(logLines[0]!.type).toBe('header');
    expect(logLines.filter((l) => l.type === 'action')).toHaveLength(finalPly);

    await page.getByTestId('play-new').click();
    await page.getByTestId('play-open-log-input').setInputFiles(file);
    await page.getByTestId('replay-bar').waitFor();
    expect(Number(await page.getByTestId('replay-bar').getAttribute('data-total'))).toBe(finalPly);
    expect(await page.getByTestId('play-vp').textContent()).toBe(finalVp);
    await page.getByTestId('replay-prev-turn').click();
    await expect.poll(async () => Number(await page.getByTestId('replay-bar').getAttribute('data-position'))).toBeLessThan(finalPly);
    const back = Number(await page.getByTestId('replay-bar').getAttribute('data-position'));
    expect(Number(await page.getByTestId('play-log').getAttribute('data-lines'))).toBeGreaterThan(0);
    await page.getByTestId('replay-next').click();
    await expect.poll(async () => Number(await page.getByTestId('replay-bar').getAttribute('data-position'))).toBe(back + 1);
    await page.getByTestId('replay-next-turn').click();
    await expect.poll(async () => Number(await page.getByTestId('replay-bar').getAttribute('data-position'))).toBe(finalPly);
    expect(await page.getByTestId('play-vp').textContent()).toBe(finalVp);
    await screenshot(page, 'play-03-replay');

    // A file that is not a game log, or a log of another scenario, is refused with a message saying why.
    const bad = path.join(tempDir('adc-log-'), 'notes.jsonl');
    writeFileSync(bad, 'these are my notes\n');
    await page.getByTestId('play-new').click();
    await page.getByTestId('play-open-log-input').setInputFiles(bad);
    await expect.poll(() => page.getByTestId('play-error').textContent()).toMatch(/cannot be opened: line 1 is not JSON/);
    const other = path.join(tempDir('adc-log-'), 'other.jsonl');
    const [head, ...rest] = readFileSync(file, 'utf8').split('\n');
    writeFileSync(other, [JSON.stringify({ ...JSON.parse(head!), scenario: 'se-02-rearguard-at-the-monastery' }), ...rest].join('\n'));
    await page.getByTestId('play-open-log-input').setInputFiles(other);
    await expect.poll(() => page.getByTestId('play-error').textContent()).toMatch(/another scenario/);
    await page.getByTestId('play-setup').waitFor();

    // The document is only read: closing leaves it as it was, with nothing to save.
    await page.getByTestId('play-close').click();
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);

  it('runs a 200-game balance report with its charts, and saves it as JSON', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');
    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-tab-balance').click();
    expect(await page.getByTestId('balance-games').inputValue()).toBe('1000');
    // A long run can be cancelled part way, and says how far it got.
    await page.getByTestId('balance-run').click();
    await expect.poll(async () => Number(/([\d,]+) of 1,000/.exec((await page.getByTestId('balance-progress').textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? 0), { timeout: 60000 }).toBeGreaterThan(0);
    await page.getByTestId('balance-cancel').click();
    await expect.poll(() => page.getByTestId('balance-note').textContent()).toMatch(/cancelled after \d+ of 1000 games/);
    expect(await page.getByTestId('balance-result').count()).toBe(0);

    await page.getByTestId('balance-games').fill('200');
    await page.getByTestId('balance-run').click();
    await page.getByTestId('balance-progress').waitFor();
    await page.getByTestId('balance-result').waitFor({ timeout: 180000 });
    // The chart: three bars (red, blue, draws), drawn at the rates in the verdict.
    const rates = await page.locator('[data-testid="balance-rates"] rect[data-rate]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rate'))));
    expect(rates).toHaveLength(3);
    expect(rates.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    const verdictText = (await page.getByTestId('balance-verdict').textContent())!;
    expect(verdictText).toMatch(/of 200 games/);
    const vpBars = await page.locator('[data-testid="balance-vp"] rect[data-side="red"]').evaluateAll((els) => els.reduce((t, e) => t + Number(e.getAttribute('data-games')), 0));
    expect(vpBars).toBe(200);
    expect(await page.locator('[data-testid="balance-turns"] rect[data-games]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('balance-decided').textContent()).toMatch(/Most VP at the end/);
    expect(await page.getByTestId('balance-losses').textContent()).toMatch(/Infantry/);
    await screenshot(page, 'play-04-balance');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('balance-save').click()]);
    // Named as the PDF is, and the banner speaks of this save.
    expect(download.suggestedFilename()).toBe('hold-the-bridge-at-moosdorf-balance.json');
    await expect.poll(() => page.getByTestId('balance-json-outcome').textContent()).toContain('hold-the-bridge-at-moosdorf-balance.json');
    const file = path.join(tempDir('adc-report-'), 'report.json');
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { games: number; wins: { red: number; blue: number; draw: number } };
    expect(saved.games).toBe(200);
    expect(saved.wins.red + saved.wins.blue + saved.wins.draw).toBe(200);

    // Print builds the report as a page of its own.
    await page.getByTestId('balance-print').click();
    const frame = page.getByTestId('balance-print-frame');
    await frame.waitFor({ state: 'attached' });
    const html = (await frame.getAttribute('srcdoc'))!;
    expect(html).toContain('Balance report: Hold the Bridge');
    // Printed as a user would: the report fits on a page or two, its charts drawn.
    const printed = await shell.browser.newPage();
    await printed.setContent(html);
    expect(await printed.locator('svg').count()).toBeGreaterThanOrEqual(3);
    const pdf = await printed.pdf({ preferCSSPageSize: true, printBackground: true });
    mkdirSync(path.join(root, 'test-output', 'sheets'), { recursive: true });
    writeFileSync(path.join(root, 'test-output', 'sheets', 'balance-report.pdf'), pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    await printed.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);
});
