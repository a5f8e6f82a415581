// Napoleon's Eagles: the scenario settings and every optional rule the text names (seed 004), in the text's order.
// Rule names are the text's section headings; see docs/rules/napoleons-eagles.md §9 for the interpretations.
import type { OptionSpec } from './options.js';

export const NE_OPTIONS: readonly OptionSpec[] = [
  {
    kind: 'choice', name: 'commandOption', label: 'Command and control option', rule: 'Command and Control Options', default: 1,
    choices: [
      { value: 1, label: 'Option #1: command radii, no written orders' },
      { value: 2, label: 'Option #2: written orders per division' },
    ],
    hint: 'Option #1 keeps every leader within his superior\'s radius; option #2 binds only units to their division leader and uses written orders.',
  },
  {
    kind: 'per-side', name: 'turnPoints', label: 'Turn points per game turn', rule: 'Using Uneven Number of Turn Points', default: 20, min: 1, max: 40,
    hint: 'Each side bids these for the first move of each period; fewer points stand for a slower command.',
  },
  {
    kind: 'ratio', name: 'sideRatio', label: 'Side A and D ratio', rule: 'Side A and D Ratios', default: { a: 2, d: 1 }, max: 10,
    hint: 'Units side A moves for each step of side D (2:1 by default; 3:2, 4:2 or 5:3 for bigger battles).',
  },
  {
    kind: 'choice', name: 'tableFlanks', label: 'Game table flanks', rule: 'Game Table Flanks', default: 1,
    choices: [
      { value: 1, label: 'One table: one pool of turn points' },
      { value: 2, label: 'Two flanks, each with its own turn points' },
      { value: 3, label: 'Three flanks (left, centre, right)' },
    ],
    hint: 'Splits the table into flanks that bid their own turn points.',
  },
  {
    kind: 'number', name: 'thresholdPercent', label: 'Threshold check level', rule: 'Threshold Checks', default: 50, min: 10, max: 90, integer: true, usual: [40, 60], unit: '%',
    hint: 'The share of an army or division routed, surrendered, eliminated or retreating that calls for a threshold roll.',
  },
  {
    kind: 'switch', name: 'leaderInitiative', label: 'Leader initiative numbers', rule: 'Leader Initiative Numbers', default: false,
    hint: 'A leader out of his superior\'s radius stays in command for the period on a d20 roll of his initiative or less.',
  },
  {
    kind: 'switch', name: 'misreadOrders', label: 'Misinterpreting of orders', rule: 'Misinterpreting of Orders', default: false,
    hint: 'With command option #2, new orders are misread on a d20 roll of 19–20 (plus a poor officer\'s penalty).',
  },
  {
    kind: 'switch', name: 'outOfControlCavalry', label: 'Out-of-control cavalry', rule: 'Out-of-Control Cavalry', default: false,
    hint: 'Cavalry that wins a close action may lose control on a d20 and charge the nearest enemy next period.',
  },
  {
    kind: 'switch', name: 'carbines', label: 'Carbines', rule: 'Carbines', default: false,
    hint: 'Cavalry may fire carbines as an action (2"/3"/4" ranges).',
  },
  {
    kind: 'switch', name: 'caissons', label: 'Caissons', rule: 'Caissons', default: false,
    hint: 'Caisson units resupply batteries that ran out of ammunition, in one full period.',
  },
  {
    kind: 'switch', name: 'companySkirmishers', label: 'Company skirmishers', rule: 'Company Skirmishers', default: false,
    hint: 'Battalions with organic skirmishers give fire at them from within 4" of their front a −1.',
  },
  {
    kind: 'switch', name: 'buildingFires', label: 'Starting fires in buildings', rule: 'Starting Fires in Buildings', default: false,
    hint: 'Howitzers and troops may set building blocks alight; fires spread and are fought at the end of each period.',
  },
  {
    kind: 'switch', name: 'weatherEffects', label: 'Weather effects', rule: 'Weather Effects', default: true,
    hint: 'The scenario\'s weather and ground change movement, musketry and fatigue; off, they are only scenery.',
  },
  {
    kind: 'switch', name: 'visibility', label: 'Visibility', rule: 'Visibility', default: false,
    hint: 'Units are seen, and then recognised, only within set distances, shortened by weather.',
  },
  {
    kind: 'switch', name: 'smoke', label: 'Smoke', rule: 'Smoke', default: false,
    hint: 'A unit that fires two actions in a row lays smoke that hampers fire through it for a period.',
  },
  {
    kind: 'switch', name: 'napoleonPresent', label: 'Napoleon on the battlefield', rule: 'Threshold Checks; Changing Orders', default: false,
    hint: 'French threshold rolls get +1, and with him as army commander French orders change faster.',
  },
  {
    kind: 'switch', name: 'secondBounce', label: 'Second bounce for solid shot (1:30)', rule: 'Optional Rules for 1:30 Games', default: false,
    hint: 'Solid shot bounces a second time, half as far, half the first bounce further downrange.',
  },
  {
    kind: 'switch', name: 'supportedLine', label: 'Supported line (1:30)', rule: 'Special Formation for 1:30 Ratio Games', default: false,
    hint: 'Battalions may form a line two stands deep: still a line, but only the front row fires.',
  },
];

/** Options that exist only in 1:30 play, warned about at any other figure ratio. */
export const NE_ONE_TO_THIRTY_ONLY = new Set(['secondBounce', 'supportedLine']);
