// A whole scenario built as a new user builds one, for Square Eagles and for Napoleon's Eagles, end to end in
// Chromium at 1280×720: New… with the rule system, terrain drawn on the map, two sides' forces typed into the unit
// table and dragged onto the table, an objective placed on a town and held by a side picked by name, two victory
// conditions, briefings, the description and rule settings; then Save As, reopen, no errors, the print preview and
// its PDF, and the file on disk holding what was entered, ids where names were picked. Nothing is reached by an id
// or typed as JSON: buttons, tabs and fields by what they say, the map by pointer gestures.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../domain/rule-systems/registry.js';
import type { RuleSystem } from '../../domain/model.js';
import { clickAt, doubleClickAt, dragFrom, openPage, painted, screenshot, tempDir, toScreen, withShell, type Point } from './harness.js';

const shell = withShell();

const inspector = (page: Page) => page.getByTestId('inspector');
/** What the inspector shows, as its title says: "Scenario", "Feature: Essling". */
const heading = (page: Page) => inspector(page).getByRole('heading').first();
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

async function shot(page: Page, name: string) {
  await painted(page);
  await screenshot(page, `build-scenario-${name}`);
}

/** Picks `option` from the select labelled `label` in `scope`, and waits for its list to close. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).last().click();
  await page.getByRole('option', { name: option, exact: true }).click();
  if ((await page.getByRole('listbox').count()) > 0) await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Opens a section of the scenario's inspector by its title. */
async function openSection(page: Page, title: string) {
  const header = inspector(page).getByRole('button', { name: new RegExp(`^${title}`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
}

/** With the Select tool, a click on open ground: nothing is selected, and the inspector shows the scenario. */
async function showScenario(page: Page, openGround: Point) {
  await button(page, /^Select and edit/).click();
  await clickAt(page, openGround);
  await expect.poll(() => heading(page).textContent()).toBe('Scenario');
}

/** Draws with a palette tool (and a shape, for areas) and names what was drawn in the inspector. */
async function draw(page: Page, tool: RegExp, shape: RegExp | null, gesture: () => Promise<void>, kind: string, name: string) {
  await button(page, tool).click();
  if (shape) await button(page, shape).click();
  await gesture();
  // Called as the pickers call it until it has a name.
  await expect.poll(() => heading(page).textContent()).toMatch(new RegExp(`^Feature: Unnamed ${kind} \\d+$`));
  await inspector(page).getByLabel('Name', { exact: true }).fill(name);
  await expect.poll(() => heading(page).textContent()).toBe(`Feature: ${name}`);
}

async function polygon(page: Page, corners: Point[]) {
  for (const p of corners.slice(0, -1)) await clickAt(page, p);
  await doubleClickAt(page, corners.at(-1)!);
}

async function line(page: Page, points: Point[]) {
  for (const p of points.slice(0, -1)) await clickAt(page, p);
  await doubleClickAt(page, points.at(-1)!);
}

/** New… → the rule system, whose one-line description shows → Create scenario. */
async function newScenario(page: Page, system: RuleSystem) {
  const { title: name, description } = PROFILES[system];
  await button(page, 'New…').click();
  const dialog = page.getByRole('dialog', { name: 'New document' });
  const option = dialog.getByRole('option', { name: new RegExp(`^${name}`) });
  await option.click();
  await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
  expect(await option.textContent()).toContain(description);
  await shot(page, `${system}-01-new`);
  await dialog.getByRole('button', { name: 'Create scenario' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction('window.__adcMap !== undefined');
}

/** The General section's title and turns, and each side's name. */
async function nameTheBattle(page: Page, title: string, turns: string, sides: [string, string]) {
  await openSection(page, 'General');
  await inspector(page).getByLabel('Title', { exact: true }).fill(title);
  await inspector(page).getByLabel('Turn limit', { exact: true }).fill(turns);
  await openSection(page, 'Sides');
  for (const [i, name] of sides.entries()) {
    const group = inspector(page).getByRole('group', { name: ['Red', 'Blue'][i] });
    await group.getByLabel('Name', { exact: true }).fill(name);
    await inspector(page).getByRole('group', { name }).waitFor();
  }
}

/** Units typed into the unit table of a side's army, a cell at a time with Tab, and the army's leader. */
async function raise(page: Page, side: string, rows: string[][], leader: string) {
  const tree = page.getByRole('tree', { name: 'Orders of battle' });
  await tree.getByRole('treeitem', { name: new RegExp(` ${side}: `) }).click();
  await page.getByRole('textbox', { name: 'New unit name' }).click();
  for (const row of rows) {
    await page.keyboard.type(row[0]!);
    for (const value of row.slice(1)) {
      await page.keyboard.press('Tab');
      if (value) await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await tree.getByRole('treeitem', { name: row[0] }).waitFor();
  }
  await page.keyboard.press('Escape');
  await tree.getByRole('treeitem', { name: new RegExp(` ${side}: `) }).click();
  await button(page, /^Give the selected formation a leader/).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
  await page.keyboard.type(leader);
  await page.keyboard.press('Enter');
  await tree.getByRole('treeitem', { name: `★ ${leader}` }).waitFor();
}

/** Drags a unit from the map's unit list onto the table. */
async function place(page: Page, name: string, at: Point) {
  const item = page.getByTestId('unit-list').getByTitle(`${name}: drag onto the map to place it`);
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  const [x, y] = await toScreen(page, at);
  await item.dragTo(canvas, { targetPosition: { x: x - box.x, y: y - box.y } });
  await page.getByTestId('unit-list').getByTitle(`${name}: on the map`).waitFor();
}

/** An objective placed on a feature with the Objective tool, held at the start by a side chosen by name. */
async function objectiveOn(page: Page, at: Point, feature: string, heldBy: string) {
  await button(page, /^Objective: click a feature/).click();
  await clickAt(page, at);
  await expect.poll(() => heading(page).textContent()).toBe(`Objective: ${feature}`);
  const form = inspector(page);
  expect(await form.getByRole('combobox', { name: 'Feature' }).textContent()).toContain(feature);
  // Worth what the rules' table says until the designer types a value, as when added in the inspector.
  const vp = form.getByLabel('Victory points', { exact: true });
  expect(await vp.inputValue()).toBe('');
  expect(await vp.getAttribute('placeholder')).toMatch(/^\d+ \(/);
  await choose(page, form, 'Held at the start by', heldBy);
  await expect.poll(() => form.getByRole('combobox', { name: 'Held at the start by' }).textContent()).toBe(heldBy);
}

/** A hold condition for one side and a destroy condition for the other, every choice made by name. */
async function victory(page: Page, holder: string, objective: string, destroyer: string, percent: string): Promise<string[]> {
  await openSection(page, 'Victory');
  const editor = inspector(page).getByTestId('victory-editor');
  await editor.getByRole('button', { name: 'Add condition…' }).click();
  await page.getByRole('menuitem', { name: 'Hold objectives' }).click();
  await choose(page, editor, 'For', holder);
  await choose(page, editor, 'Objectives to hold', objective);
  await editor.getByRole('button', { name: 'Add condition…' }).click();
  await page.getByRole('menuitem', { name: "Destroy part of the enemy's force" }).click();
  await choose(page, editor, 'For', destroyer);
  await editor.getByLabel("Share of the enemy's units (%)").last().fill(percent);
  const sentences = editor.getByTestId('victory-sentence');
  await expect.poll(() => sentences.allTextContents()).toEqual([
    expect.stringContaining(`${holder} win if they hold ${objective}`),
    expect.stringContaining(`${destroyer} win if they destroy at least ${percent}%`),
  ]);
  return sentences.allTextContents();
}

async function brief(page: Page, description: string, briefings: [string, string][]) {
  await openSection(page, 'General');
  await inspector(page).getByRole('textbox', { name: 'Description' }).fill(description);
  await openSection(page, 'Briefings');
  for (const [side, text] of briefings) await inspector(page).getByRole('textbox', { name: `${side} briefing` }).fill(text);
  await expect.poll(async () => (await inspector(page).getByRole('button', { name: /^Briefings/ }).textContent()) ?? '').toContain('2 of 3 written');
}

/** Save As through the app's dialog, then Open it again from the workspace, as a new page would. */
async function saveAndReopen(page: Page, file: string, title: string) {
  await button(page, 'Save as').click();
  const dialog = page.getByRole('dialog', { name: 'Save as' });
  await dialog.getByLabel('File name').fill(file);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('message').filter({ hasText: `Saved ${file}` }).waitFor();
  await page.reload();
  await button(page, 'Open…').click();
  const open = page.getByRole('dialog', { name: 'Open' });
  await open.getByText(file, { exact: false }).first().click();
  await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain(title);
  await page.waitForFunction('window.__adcMap !== undefined');
  await expect.poll(() => page.getByTestId('problem-count').textContent()).toBe('0 errors, 0 warnings');
}

/** The print preview shows the sheet with the title, the victory sentences and the briefings, and so does its PDF. */
async function print(page: Page, system: RuleSystem, title: string, sentences: string[], briefings: string[]) {
  await button(page, 'Print…').click();
  const frame = page.frameLocator('iframe[title="Setup sheet preview"]');
  await expect.poll(() => frame.locator('body').textContent()).toContain(title);
  expect(await frame.locator('ol.victory li').allTextContents()).toEqual(sentences);
  const text = await frame.locator('body').textContent();
  for (const b of briefings) expect(text).toContain(b);
  await frame.locator('ol.victory').scrollIntoViewIfNeeded();
  await shot(page, `${system}-10-print`);
  // Save as PDF: the sheet comes down as a file, and the PDF says what the preview said.
  const preview = page.getByRole('dialog', { name: `Setup sheet: ${title}` });
  const downloaded = page.waitForEvent('download', { timeout: 60000 });
  await preview.getByRole('button', { name: 'Save as PDF' }).click();
  const file = path.join(tempDir('adc-pdf-'), 'sheet.pdf');
  await (await downloaded).saveAs(file);
  const pdf = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC').replace(/\s+/g, ' ');
  for (const words of [title, ...sentences, ...briefings]) expect(pdf).toContain(words);
  // The preview says where the PDF went, and that note is dismissed apart from the preview itself.
  const outcome = preview.getByRole('alert');
  await expect.poll(() => outcome.textContent()).toContain('.pdf');
  expect(await preview.getByRole('button', { name: 'Save as PDF' }).isEnabled()).toBe(true);
  await page.mouse.move(5, 5);
  await shot(page, `${system}-11-pdf`);
  await outcome.getByRole('button', { name: 'Dismiss' }).click();
  await outcome.waitFor({ state: 'detached' });
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await preview.waitFor({ state: 'detached' });
}

interface SavedUnit {
  id: string;
  name: string;
  arm: string;
  type: string;
  men?: number;
  ratings: Record<string, Record<string, unknown>>;
  setup?: { at?: Point; cell?: string; facing: number };
}
interface SavedSide {
  id: string;
  name: string;
  army: { leader?: { id: string; name: string }; units: SavedUnit[] };
}
interface Saved {
  title: string;
  description: string;
  date?: string;
  ruleSystem: string;
  turns: { limit: number };
  terrain: { id: string; kind: string; name: string; polygon?: Point[]; path?: Point[]; at?: Point; river?: string }[];
  sides: SavedSide[];
  objectives: { id: string; feature?: string; heldBy?: string; vp?: number }[];
  victory: Record<string, unknown>[];
  briefings: Record<string, string>;
  ruleOptions?: Record<string, Record<string, unknown>>;
}

const readSaved = (file: string) => JSON.parse(readFileSync(path.join(shell.workspace, file), 'utf8')) as Saved;

/** The saved sides hold the units typed for them, and only those, each placed. */
function expectForces(saved: Saved, names: [string, string], units: [string[][], string[][]], leaders: [string, string]) {
  expect(saved.sides.map((s) => s.name)).toEqual(names);
  for (const [i, side] of saved.sides.entries()) {
    expect(side.army.units.map((u) => u.name)).toEqual(units[i]!.map((r) => r[0]));
    for (const u of side.army.units) expect(u.setup).toBeDefined();
    expect(side.army.leader?.name).toBe(leaders[i]);
    // Renamed with its side, so the sheet does not call the French "Red army".
    expect(side.army.name).toBe(`${names[i]} army`);
  }
}

/** Both conditions name the sides and the objective by the ids the file gives them. */
function expectVictory(saved: Saved, percent: number) {
  const [french, austrians] = saved.sides;
  const objective = saved.objectives[0]!;
  const town = saved.terrain.find((f) => f.kind === 'town')!;
  expect(saved.objectives).toHaveLength(1);
  expect(objective.feature).toBe(town.id);
  expect(objective.heldBy).toBe(austrians!.id);
  expect(objective.vp).toBeUndefined();
  expect(saved.victory).toEqual([
    { kind: 'hold', side: french!.id, objectives: [objective.id] },
    { kind: 'destroy', side: austrians!.id, percent },
  ]);
}

/** A fresh page at the size the app must stay usable at, failing fast where something a user needs never shows. */
async function start() {
  const r = await openPage(shell.browser, shell.server.url);
  await r.page.setViewportSize({ width: 1280, height: 720 });
  r.page.setDefaultTimeout(10000);
  await r.page.getByTestId('welcome').waitFor();
  return r;
}

describe('a scenario built from New… to the printed sheet', () => {
  it('builds a Square Eagles scenario, saves it, reopens it without errors and prints it', async () => {
    const { page, errors } = await start();

    await newScenario(page, 'square-eagles');
    await nameTheBattle(page, 'Combat at Essling', '12', ['French', 'Austrians']);
    await shot(page, 'square-eagles-02-sides');

    // The terrain: a wood, a road across the table, a town and a hill, each named as it is drawn.
    const wood: Point[] = [[3, 3], [14, 3], [15, 12], [4, 12]];
    const road: Point[] = [[0, 22], [20, 24], [48, 20]];
    await draw(page, /^Woods/, /^Polygon/, () => polygon(page, wood), 'woods', 'Bois de Gemeinde');
    await draw(page, /^Road/, null, () => line(page, road), 'road', 'Vienna road');
    await draw(page, /^Town/, /^Rectangle/, () => dragFrom(page, [30, 3], [42, 15]), 'town', 'Essling');
    await draw(page, /^Hill/, /^Ellipse/, () => dragFrom(page, [2, 27], [16, 36]), 'hill', 'Gänsehäufel');
    await shot(page, 'square-eagles-03-terrain');

    // Forces, typed: name, arm, type, men, SP.
    const french = [['1er Ligne', 'inf', 'line', '700', '7'], ['3e Hussards', 'cav', 'light', '400', '5']];
    const austrians = [['IR 49 Kerpen', 'inf', 'line', '800', '7'], ['Kaiser Chevaulegers', 'cav', 'light', '400', '5']];
    await page.getByRole('tab', { name: 'Forces' }).click();
    await raise(page, 'French', french, 'Gén. Lasalle');
    await raise(page, 'Austrians', austrians, 'FML Hiller');
    await shot(page, 'square-eagles-04-forces');

    // On the table, a box each: the French to the north, the Austrians to the south.
    await page.getByRole('tab', { name: 'Map' }).click();
    for (const [name, at] of [
      ['1er Ligne', [21, 9]], ['3e Hussards', [27, 9]], ['Gén. Lasalle', [21, 15]],
      ['IR 49 Kerpen', [21, 39]], ['Kaiser Chevaulegers', [27, 39]], ['FML Hiller', [27, 45]],
    ] as [string, Point][]) await place(page, name, at);
    await shot(page, 'square-eagles-05-placed');

    // The town is the objective; the Austrians hold it at the start.
    await objectiveOn(page, [36, 9], 'Essling', 'Austrians');
    await shot(page, 'square-eagles-06-objective');

    await showScenario(page, [33, 33]);
    const sentences = await victory(page, 'French', 'Essling', 'Austrians', '50');
    await shot(page, 'square-eagles-07-victory');
    const briefings: [string, string][] = [
      ['French', 'Take Essling before the bridges are mended.'],
      ['Austrians', 'Hold the granary; the reserve is on its way.'],
    ];
    await brief(page, 'Lasalle’s horse and a line battalion against the Austrian advance on the village.', briefings);

    // Rule settings: Square Eagles has only switches.
    await openSection(page, 'Rule settings');
    const resupply = inspector(page).getByRole('switch', { name: /^Resupply Guns/ });
    await resupply.check();
    await expect.poll(() => resupply.isChecked()).toBe(true);
    await shot(page, 'square-eagles-08-settings');

    await saveAndReopen(page, 'essling.scenario.json', 'Combat at Essling');
    await shot(page, 'square-eagles-09-reopened');
    await print(page, 'square-eagles', 'Combat at Essling', sentences, briefings.map(([, b]) => b));

    const saved = readSaved('essling.scenario.json');
    expect(saved.ruleSystem).toBe('square-eagles');
    expect(saved.title).toBe('Combat at Essling');
    expect(saved.turns.limit).toBe(12);
    expect(saved.terrain.map((f) => [f.kind, f.name])).toEqual([
      ['woods', 'Bois de Gemeinde'], ['road', 'Vienna road'], ['town', 'Essling'], ['hill', 'Gänsehäufel'],
    ]);
    // Where the pointer went, on the 1″ snap.
    expect(saved.terrain[0]!.polygon).toEqual(wood);
    expect(saved.terrain[1]!.path).toEqual(road);
    expect(saved.terrain[2]!.polygon).toEqual([[30, 3], [42, 3], [42, 15], [30, 15]]);
    expectForces(saved, ['French', 'Austrians'], [french, austrians], ['Gén. Lasalle', 'FML Hiller']);
    for (const [i, rows] of [french, austrians].entries()) {
      const units = saved.sides[i]!.army.units;
      expect(units.map((u) => [u.arm, u.type, u.men, u.ratings['square-eagles']?.sp])).toEqual(rows.map((r) => [r[1] === 'inf' ? 'infantry' : 'cavalry', r[2], Number(r[3]), Number(r[4])]));
      for (const u of units) expect(u.setup?.cell).toMatch(/^[A-H][1-8]$/);
    }
    expectVictory(saved, 50);
    expect(saved.briefings).toEqual({ [saved.sides[0]!.id]: briefings[0]![1], [saved.sides[1]!.id]: briefings[1]![1] });
    expect(saved.description).toContain('Lasalle’s horse');
    expect(saved.ruleOptions).toEqual({ 'square-eagles': { resupplyGuns: true } });
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);

  it("builds a Napoleon's Eagles scenario, saves it, reopens it without errors and prints it", async () => {
    const { page, errors } = await start();

    await newScenario(page, 'napoleons-eagles');
    await nameTheBattle(page, 'Combat at Aspern', '5', ['French', 'Austrians']);

    // The terrain: a wood, a river with a bridge, and a town.
    const wood: Point[] = [[4, 4], [18, 4], [20, 14], [6, 14]];
    const river: Point[] = [[0, 25], [30, 24], [72, 28]];
    await draw(page, /^Woods/, /^Polygon/, () => polygon(page, wood), 'woods', 'Gemeindeau');
    await draw(page, /^River/, null, () => line(page, river), 'river', 'Stadlau arm');
    await draw(page, /^Bridge/, null, () => clickAt(page, [30, 23.5]), 'bridge', 'Stadlau bridge');
    await draw(page, /^Town/, /^Rectangle/, () => dragFrom(page, [46, 4], [60, 14]), 'town', 'Aspern');
    await shot(page, 'napoleons-eagles-03-terrain');

    // Forces, typed: name, arm, type, men, rating, figures, ranks.
    const french = [['1/4e Ligne', 'inf', 'line', '720', 'B16C42', '24', '3'], ['7e Hussards', 'cav', 'light', '360', 'A16C32', '12']];
    const austrians = [['IR 4 Deutschmeister', 'inf', 'line', '720', 'B15C40', '24', '3'], ['Kienmayer Hussars', 'cav', 'light', '360', 'A16C32', '12']];
    await page.getByRole('tab', { name: 'Forces' }).click();
    await raise(page, 'French', french, 'Gén. Masséna');
    await raise(page, 'Austrians', austrians, 'FML Hiller');
    await shot(page, 'napoleons-eagles-04-forces');

    await page.getByRole('tab', { name: 'Map' }).click();
    for (const [name, at] of [
      ['1/4e Ligne', [30, 10]], ['7e Hussards', [40, 10]], ['Gén. Masséna', [35, 16]],
      ['IR 4 Deutschmeister', [30, 40]], ['Kienmayer Hussars', [40, 40]], ['FML Hiller', [35, 34]],
    ] as [string, Point][]) await place(page, name, at);
    await shot(page, 'napoleons-eagles-05-placed');

    await objectiveOn(page, [53, 9], 'Aspern', 'Austrians');
    await shot(page, 'napoleons-eagles-06-objective');

    await showScenario(page, [60, 40]);
    const sentences = await victory(page, 'French', 'Aspern', 'Austrians', '40');
    await shot(page, 'napoleons-eagles-07-victory');
    const briefings: [string, string][] = [
      ['French', 'Carry Aspern and hold the churchyard until the bridge is restored.'],
      ['Austrians', 'Retake the village at any cost; the Archduke watches from the Bisamberg.'],
    ];
    await brief(page, 'Masséna’s corps holds the bridgehead against the Austrian columns.', briefings);

    // Rule settings: a switch, a number, a choice and one side's turn points.
    await openSection(page, 'Rule settings');
    const settings = inspector(page);
    await settings.getByRole('switch', { name: /^Carbines/ }).check();
    await settings.getByRole('spinbutton', { name: /^Threshold check level/ }).fill('40');
    await choose(page, settings, 'Command and control option', 'Option #2: written orders per division');
    const turnPoints = settings.getByRole('group', { name: 'Turn points per game turn' });
    await turnPoints.getByLabel('French').fill('18');
    await expect.poll(async () => (await inspector(page).getByRole('button', { name: /^Rule settings/ }).textContent()) ?? '').toContain('4 changed');
    await shot(page, 'napoleons-eagles-08-settings');

    // The one warning left asks for the date: a click on it puts the cursor in the Date field.
    const warning = page.getByTestId('problems').getByRole('button', { name: /has no date/ });
    expect(await warning.textContent()).toContain('Date');
    await warning.click();
    const date = inspector(page).getByLabel('Date', { exact: true });
    await expect.poll(() => date.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('1809-05-21');
    await expect.poll(() => page.getByTestId('problem-count').textContent()).toBe('0 errors, 0 warnings');

    await saveAndReopen(page, 'aspern.scenario.json', 'Combat at Aspern');
    await shot(page, 'napoleons-eagles-09-reopened');
    await print(page, 'napoleons-eagles', 'Combat at Aspern', sentences, briefings.map(([, b]) => b));

    const saved = readSaved('aspern.scenario.json');
    expect(saved.ruleSystem).toBe('napoleons-eagles');
    expect(saved.turns.limit).toBe(5);
    expect(saved.date).toBe('1809-05-21');
    expect(saved.terrain.map((f) => [f.kind, f.name])).toEqual([
      ['woods', 'Gemeindeau'], ['river', 'Stadlau arm'], ['bridge', 'Stadlau bridge'], ['town', 'Aspern'],
    ]);
    expect(saved.terrain[0]!.polygon).toEqual(wood);
    expect(saved.terrain[1]!.path).toEqual(river);
    expect(saved.terrain[2]!.river).toBe(saved.terrain[1]!.id);
    expectForces(saved, ['French', 'Austrians'], [french, austrians], ['Gén. Masséna', 'FML Hiller']);
    for (const [i, rows] of [french, austrians].entries()) {
      const units = saved.sides[i]!.army.units;
      expect(units.map((u) => [u.arm, u.type, u.men, u.ratings['napoleons-eagles']])).toEqual(
        rows.map(([, arm, type, men, rating, figures, ranks]) => [
          arm === 'inf' ? 'infantry' : 'cavalry', type, Number(men),
          { rating, figures: Number(figures), ...(ranks ? { ranks: Number(ranks) } : {}) },
        ]),
      );
      for (const u of units) expect(u.setup?.at).toHaveLength(2);
    }
    expectVictory(saved, 40);
    expect(saved.briefings).toEqual({ [saved.sides[0]!.id]: briefings[0]![1], [saved.sides[1]!.id]: briefings[1]![1] });
    expect(saved.description).toContain('Masséna’s corps');
    expect(saved.ruleOptions).toEqual({
      'napoleons-eagles': { carbines: true, thresholdPercent: 40, commandOption: 2, turnPoints: { [saved.sides[0]!.id]: 18 } },
    });
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);
});
