// Napoleon's Eagles: free-form inches, B16C30 ratings, figures, ranks and guns. See docs/rules/napoleons-eagles.md.
import type { Unit } from '../model.js';
import { BATTERY_RATING_HINT, batteryLetterFaults, parseRating, ratingHint } from '../ratings.js';
import { bandFor, checkFormation, checkHasLeader, checkLeaderRatings, checkMarkers, checkScenario } from './napoleons-eagles-checks.js';
import { NE_OPTIONS } from './napoleons-eagles-options.js';
import { commonBarrier, type RuleProfile } from './profile.js';

import type { Band } from './napoleons-eagles-checks.js';

/** Usual morale and melee bands by type ("Unit Morale Checks" and "Melee Values"); outside them we only warn. */
export const NE_BANDS: Record<string, Band> = {
  'infantry/militia': { morale: [10, 15], melee: [30, 35] },
  'infantry/line': { morale: [15, 18], melee: [40, 45] },
  'infantry/light': { morale: [15, 18], melee: [40, 45] },
  'infantry/grenadier': { morale: [18, 21], melee: [50, 55] },
  'infantry/guard': { morale: [22, 23], melee: [60, 65] },
  'cavalry/light': { morale: [15, 18], melee: [30, 35] },
  'cavalry/cossack': { morale: [10, 18], melee: [30, 35] },
  'cavalry/medium': { morale: [15, 18], melee: [40, 45] },
  'cavalry/heavy': { morale: [15, 21], melee: [50, 55] },
  'cavalry/guard': { morale: [22, 23], melee: [60, 65] },
  'artillery/foot': { morale: [15, 18], melee: [20, 30] },
  'artillery/horse': { morale: [15, 18], melee: [20, 30] },
  'artillery/heavy': { morale: [15, 18], melee: [20, 30] },
};

/** Real guns one model stands for: 1–3 at 1:30 ("Game Scale"), up to 6 at 1:60 (file-format.md). */
export function gunsPerModel(figureRatio: number): number {
  return figureRatio <= 30 ? 3 : 6;
}

export function expectedModels(guns: number, howitzers: number, figureRatio: number): number {
  return Math.max(1, Math.ceil((guns + howitzers) / gunsPerModel(figureRatio)));
}

/** Inches of line frontage per figure (15mm, "Game Scale"): 2 ranks 1/2", 3 ranks 3/8", cavalry 3/4". */
export function lineFrontage(unit: Unit): number | undefined {
  const r = unit.ratings?.['napoleons-eagles'];
  if (!r) return undefined;
  if (unit.arm === 'artillery') return typeof r.models === 'number' ? r.models : undefined;
  if (typeof r.figures !== 'number') return undefined;
  if (unit.arm === 'cavalry') return r.figures * 0.75;
  if (unit.arm === 'infantry') return r.figures * (r.ranks === 2 ? 0.5 : 0.375);
  return undefined;
}

const HOUSE_VP: Record<string, number> = {
  'infantry/militia': 10, 'infantry/line': 20, 'infantry/light': 20, 'infantry/grenadier': 30, 'infantry/guard': 40,
  'cavalry/cossack': 65, 'cavalry/light': 75, 'cavalry/medium': 85, 'cavalry/heavy': 100, 'cavalry/guard': 120,
  'artillery/foot': 60, 'artillery/heavy': 70, 'artillery/horse': 80,
  'train/baggage': 50, 'train/caisson': 30, 'train/engineers': 20,
};

export const napoleonsEagles: RuleProfile = {
  id: 'napoleons-eagles',
  title: "Napoleon's Eagles",
  description: 'Battalions rated like B16C30 on an open table measured in inches, written for 15mm figures at 1:30.',
  map: 'free',
  // The rules' own ratio and the usual 6′ × 4′ table (rules notes §1); four game turns, an afternoon, as in ne-01.
  // A game turn is an hour, so more than 12 is a day's fighting and more.
  defaults: { grid: { kind: 'none' }, table: { width: 72, height: 48 }, figureRatio: 30, turnLimit: 4, maxTurns: 12 },
  oneUnitPerCell: false,
  testPlay: true,
  trainsNeedNoRatings: true,
  setupBarrier(unit, features) {
    // Marsh is soft ground here: slow, not closed ("Terrain Effects on Movement").
    const common = commonBarrier(features, true);
    if (common) return common;
    if (!unit || unit.arm === 'infantry' || (unit.arm === 'train' && unit.type === 'engineers')) return undefined;
    const dense = features.find((f) => f.kind === 'woods' && f.density === 'dense');
    if (dense) return { feature: dense, why: `${unit.arm} may not enter dense woods` };
    const block = features.find((f) => f.kind === 'building-block');
    if (block) return { feature: block, why: 'only infantry may occupy a building' };
    return undefined;
  },
  // `figureRatio` is undefined when the document has no scale (already an error); checks that depend on it are skipped
  // rather than run against a guessed ratio.
  checkUnit(ctx, entry, block, blockPath, figureRatio) {
    checkMarkers(ctx, entry, block, blockPath);
    checkFormation(ctx, entry, block);
    checkHasLeader(ctx, entry);
    const { unit } = entry;
    if (unit.arm !== 'train') {
      if (block.rating === undefined) {
        ctx.error(blockPath, `"${unit.name}" has no Napoleon's Eagles rating`, `Add "rating", ${ratingHint(unit.arm)}.`);
      } else if (typeof block.rating === 'string') {
        const parsed = parseRating(block.rating);
        // The format allows any letter; the artillery tables do not (BATTERY_LETTERS), so this is a warning.
        if (parsed.ok && unit.arm === 'artillery') {
          for (const fault of batteryLetterFaults(parsed.rating)) {
            ctx.warn(`${blockPath}/rating`, `Battery "${unit.name}" is rated ${fault}`, BATTERY_RATING_HINT);
          }
        }
        const band = bandFor(unit, block, NE_BANDS);
        if (parsed.ok && band) {
          const { morale, melee } = parsed.rating;
          const guard = block.guard === 'old' || block.guard === 'middle' || block.guard === 'young' ? block.guard : undefined;
          const kind = guard ? `${guard[0]!.toUpperCase()}${guard.slice(1)} Guard ${unit.arm}` : `${unit.type} ${unit.arm}`;
          if (morale < band.morale[0] || morale > band.morale[1]) {
            ctx.warn(`${blockPath}/rating`, `Morale ${morale} is outside the usual ${band.morale[0]}–${band.morale[1]} for ${kind} ("${unit.name}")`, 'Check the rating against the army list; exceptional units are allowed.');
          }
          if (melee < band.melee[0] || melee > band.melee[1]) {
            ctx.warn(`${blockPath}/rating`, `Melee ${melee} is outside the usual ${band.melee[0]}–${band.melee[1]} for ${kind} ("${unit.name}")`, 'Check the rating against the army list; exceptional units are allowed.');
          }
        }
      }
    }
    if (unit.arm === 'infantry' || unit.arm === 'cavalry') {
      if (block.figures === undefined) {
        ctx.error(blockPath, `"${unit.name}" needs a number of figures`, `Add "figures", e.g. ${unit.arm === 'infantry' ? 24 : 12} at 1:30.`);
      } else if (typeof block.figures === 'number' && typeof unit.men === 'number' && figureRatio !== undefined) {
        // A unit joined from n units by `combine` keeps the men of all of them while its figures stand for one
        // battalion at the finer ratio (the rules' way of playing 1:60 figures at 1:30), so its men are shared out.
        const joined = Array.isArray(unit.mergedFrom) && unit.mergedFrom.length > 1 ? unit.mergedFrom.length : 1;
        const expected = Math.round(unit.men / joined / figureRatio);
        if (expected > 0 && Math.abs(block.figures - expected) > expected * 0.25) {
          const what = joined > 1 ? `${unit.men} men joined from ${joined} units` : `${unit.men} men`;
          ctx.warn(`${blockPath}/figures`, `${block.figures} figures for ${what} is far from ${expected} at 1:${figureRatio}`, `Use about ${expected} figures, or correct "men".`);
        }
      }
    } else if (block.figures !== undefined && unit.arm === 'artillery') {
      ctx.warn(`${blockPath}/figures`, 'Artillery is counted in guns and models, not figures', 'Use "guns" and "models".');
    }
    if (unit.arm !== 'infantry') {
      if (block.ranks !== undefined) ctx.warn(`${blockPath}/ranks`, `Only infantry has ranks; "${unit.name}" is ${unit.arm}`, 'Remove "ranks".');
      if (block.rifles === true && unit.arm !== 'cavalry') ctx.warn(`${blockPath}/rifles`, `Rifles are for infantry or cavalry, not ${unit.arm}`, 'Remove "rifles".');
    }
    if (unit.arm === 'artillery') {
      if (block.guns === undefined) {
        ctx.error(blockPath, `Battery "${unit.name}" needs its number of guns`, 'Add "guns", the real pieces (e.g. 6 or 8).');
      } else if (typeof block.guns === 'number') {
        const how = typeof block.howitzers === 'number' ? block.howitzers : 0;
        if (block.guns + how === 0) ctx.error(`${blockPath}/guns`, `Battery "${unit.name}" has no guns`, 'Give at least one gun or howitzer.');
        if (figureRatio !== undefined && typeof block.models === 'number' && block.guns + how > 0) {
          const expected = expectedModels(block.guns, how, figureRatio);
          if (block.models !== expected) {
            ctx.warn(`${blockPath}/models`, `${block.guns + how} pieces make ${expected} model${expected === 1 ? '' : 's'} at 1:${figureRatio}, not ${block.models}`, `At 1:${figureRatio} one model stands for up to ${gunsPerModel(figureRatio)} guns.`);
          }
        }
      }
      if (unit.type === 'horse' && (block.calibre === '8-9lb' || block.calibre === '12lb')) {
        ctx.warn(`${blockPath}/calibre`, `Horse artillery with ${block.calibre} guns is unusual`, 'Horse batteries carried 3–6lb pieces.');
      }
    } else {
      for (const f of ['guns', 'howitzers', 'calibre', 'models'] as const) {
        if (block[f] !== undefined) ctx.warn(`${blockPath}/${f}`, `"${f}" is for artillery; "${unit.name}" is ${unit.arm}`, `Remove "${f}".`);
      }
    }
  },
  checkLeader: checkLeaderRatings,
  checkScenario,
  options: NE_OPTIONS,
  vp: {
    name: "Napoleon's Eagles house table: by arm and type (line infantry 20, heavy cavalry 100, foot battery 60); objectives 100",
    source: 'house',
    unit: (unit) => HOUSE_VP[`${unit.arm}/${unit.type}`] ?? 0,
    objective: 100,
  },
};
