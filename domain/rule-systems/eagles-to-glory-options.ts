// Eagles to Glory: the optional rules the text names under its "Optional Rules" heading (seed 001), in its order.
// The "Campaigning" rules (casualties recovered, rates of march) govern the days between battles, not a scenario,
// so they are not here; see docs/rules/eagles-to-glory.md §6.
import type { OptionSpec } from './options.js';

export const ETG_OPTIONS: readonly OptionSpec[] = [
  {
    kind: 'switch', name: 'hiddenMovement', label: 'Hidden movement', rule: 'Optional Rules: Hidden Movement', default: false,
    hint: 'Each division moves as a marker, with half as many dummies, and its stands are put down only once an enemy sees the marker within 36".',
  },
  {
    kind: 'switch', name: 'reconnaissanceAndScreening', label: 'Reconnaissance and screening', rule: 'Optional Rules: Reconnaissance and Screening', default: false,
    hint: 'Light cavalry stands scout apart from their division, unmasking markers within 36", and their 1" zones of control block sight of their own markers.',
  },
  {
    kind: 'switch', name: 'smoke', label: 'Smoke', rule: 'Optional Rules: Smoke', default: false,
    hint: 'A d10 sets the wind; smoke before the stands that fought lingers up to 3 turns in still air and takes 3 off combat through it.',
  },
  {
    kind: 'switch', name: 'engineers', label: 'Engineers', rule: 'Optional Rules: Engineers', default: false,
    hint: 'Engineer stands build 1" of bridge or fortification every 4 turns.',
  },
  {
    kind: 'switch', name: 'supplies', label: 'Supplies', rule: 'Optional Rules: Supplies', default: false,
    hint: 'About one supply wagon for each division and one more for each corps, kept within corps command radius; a wagon is worth 200 VP and is lost to enemy contact at the end of a turn.',
  },
  {
    kind: 'switch', name: 'weather', label: 'Weather', rule: 'Optional Rules: Weather', default: false,
    hint: 'Rain and mud, snow or fog change play by the weather table; that table is lost from the text, so the scenario\'s special rules must give the effects.',
  },
];
