// Napoleon's Eagles rules that depend on the nation and the year: formation change costs, grand batteries, order
// delays, threshold and out-of-control modifiers. The setup sheet prints them per side; the checks read the year.
import type { Weather, Ground } from '../model.js';

export type Nation = 'french' | 'prussian' | 'austrian' | 'russian' | 'british' | 'spanish';

/** Keywords for each nation the text names, matched against the side's nation (or name) as a designer writes it. */
const NATION_WORDS: [Nation, RegExp][] = [
  ['french', /\b(fran[cç]|french|imperial guard|garde imp)/i],
  ['prussian', /\b(prussia|preu[sß]|prussian)/i],
  ['austrian', /\b(austria|österreich|osterreich|habsburg)/i],
  ['russian', /\b(russia)/i],
  ['british', /\b(brit|england|english|scot|king's german legion|kgl)/i],
  ['spanish', /\b(spain|spanish|espa[nñ])/i],
];

export function nationOf(text: string | undefined): Nation | undefined {
  if (!text) return undefined;
  return NATION_WORDS.find(([, re]) => re.test(text))?.[0];
}

export interface ParsedDate {
  year: number;
  month?: number;
  day?: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A scenario `date` ("1815", "1815-06", "1815-06-18"), or the reason it is not a real date. */
export function parseDate(text: string): { ok: true; date: ParsedDate } | { ok: false; message: string } {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  if (!m) return { ok: false, message: `Date "${text}" must be a year, a year and month, or a full date: "1815", "1815-06" or "1815-06-18"` };
  const year = Number(m[1]);
  const month = m[2] === undefined ? undefined : Number(m[2]);
  const day = m[3] === undefined ? undefined : Number(m[3]);
  if (month !== undefined && (month < 1 || month > 12)) return { ok: false, message: `Date "${text}": there is no month ${month}` };
  if (month !== undefined && day !== undefined) {
    const last = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
    if (day < 1 || day > last) return { ok: false, message: `Date "${text}": month ${month} of ${year} has ${last} days` };
  }
  return { ok: true, date: month === undefined ? { year } : day === undefined ? { year, month } : { year, month, day } };
}

export interface NationalRule {
  /** The rule's section in the text. */
  rule: string;
  effect: string;
}

/**
 * What the text changes for this nation in this year. `year` undefined means the scenario gives no date: rules
 * that turn on the year are then listed with their condition rather than guessed.
 */
export function nationalRules(nation: Nation | undefined, year: number | undefined): NationalRule[] {
  const out: NationalRule[] = [];
  const add = (rule: string, effect: string) => out.push({ rule, effect });
  switch (nation) {
    case 'french':
      // "French after 1807": interpretation, from 1808 on; a scenario dated 1807 is not after 1807.
      if (year === undefined) add('Infantry Formations', 'After 1807, column to line and back costs ½ action (set the date to apply it)');
      else if (year > 1807) add('Infantry Formations', 'Column to line and back costs ½ action (French after 1807)');
      add('Grand Batteries', 'May form grand batteries');
      add('Changing Orders', 'New orders arrive 1 period sooner (2 with Napoleon as army commander)');
      break;
    case 'prussian':
      // "1806 Prussians": interpretation, the army of 1806 and before; "pre-1806"/"post-1806" order delays read
      // the same boundary.
      if (year === undefined) {
        add('Infantry Formations', 'In 1806 and before, column to line and back costs 2 actions (set the date to apply it)');
      } else if (year <= 1806) {
        add('Infantry Formations', 'Column to line and back costs 2 actions (1806 Prussians)');
        add('Deploying into Line on the Flank', 'Infantry deploys into line on a flank in 1 action instead of 2');
        add('Changing Orders', 'New orders take 2 periods longer (pre-1806 Prussians)');
      } else {
        add('Changing Orders', 'New orders take 1 period longer (post-1806 Prussians)');
      }
      add('Grand Batteries', 'May not form grand batteries');
      add('Artillery Crew Casualties', 'Guard batteries take one extra hit before they are silenced');
      break;
    case 'austrian':
      add('Infantry Formations', 'Column to square (mass) and back costs ½ action');
      add('Grand Batteries', 'May form grand batteries');
      add('Changing Orders', 'New orders take 1 period longer');
      break;
    case 'russian':
      add('Grand Batteries', 'May form grand batteries');
      add('Changing Orders', 'New orders take 1 period longer');
      break;
    case 'british':
      add('Grand Batteries', 'May not form grand batteries');
      add('Out-of-Control Cavalry', 'Cavalry loses control on 19–20 instead of 20 (+1)');
      break;
    case 'spanish':
      add('Grand Batteries', 'May not form grand batteries');
      add('Changing Orders', 'New orders take 2 periods longer');
      add('Threshold Checks', 'An army or division mostly Spanish rolls its threshold at −1');
      break;
    case undefined:
      break;
  }
  return out;
}

/** The weather and ground effects the text gives ("Weather Effects", "Visibility"), for the sheet and the engine. */
export function weatherRules(weather: Weather | undefined, ground: Ground | undefined): NationalRule[] {
  const out: NationalRule[] = [];
  const add = (rule: string, effect: string) => out.push({ rule, effect });
  switch (weather) {
    case 'light-rain':
      add('Weather Effects', 'Muskets fire at −2; after 18 periods of it the open ground turns to mud');
      add('Visibility', 'Half the usual distances');
      break;
    case 'heavy-rain':
      add('Weather Effects', 'Muskets fire at −3; no rapid fire; after 9 periods of it the open ground turns to mud');
      add('Visibility', 'A quarter of the usual distances');
      break;
    case 'light-snow':
      add('Weather Effects', 'Muskets fire at −1');
      add('Visibility', 'Half the usual distances');
      break;
    case 'heavy-snow':
      add('Weather Effects', 'Muskets fire at −2');
      add('Visibility', 'A quarter of the usual distances');
      break;
    case 'hot':
      add('Weather Effects', 'A unit using both actions in a period tires one level; a force march tires it three');
      break;
    case 'fog':
      add('Visibility', 'A quarter of the usual distances or less');
      add('Changing Orders', 'New orders take 2 periods longer (bad weather)');
      break;
    case 'haze':
      add('Visibility', 'Three quarters of the usual distances');
      break;
    case 'mist':
      add('Visibility', 'Half to three quarters of the usual distances');
      break;
    case 'clear':
    case undefined:
      break;
  }
  if (weather === 'light-rain' || weather === 'heavy-rain' || weather === 'light-snow' || weather === 'heavy-snow') {
    add('Changing Orders', 'New orders take 2 periods longer (bad weather)');
  }
  // Mud and snow together still halve movement once ("also a possibility"), not twice.
  if (ground === 'mud') add('Weather Effects', 'Half movement over open muddy ground for every arm');
  if (ground === 'snow') add('Weather Effects', 'Half movement over deep snow');
  if (ground === 'mud-and-snow') add('Weather Effects', 'Half movement over open ground deep in mud and snow');
  return out;
}
