// Intervening skirmish screens ('Intervening Skirmish Screens'; rules notes §15): when an enemy skirmish screen
// stands between an infantry unit that fires and its target (the screen's rectangle meets the line between their
// centres), a quarter of the firing figures (rounded half up) fire at the screen and the other three quarters at the
// target: two fires, each with its own die, the screen's first. Artillery is not split, and a screen the unit could
// not itself fire at (out of range, arc or sight) draws no figures. With several screens in the way the nearest to
// the firer draws the quarter.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import type { FireSituation, SmallArmsFire } from './fire.js';
import { withFigures } from './fire-adjust.js';
import { fireAt } from './fire-step.js';
import { rectOf, roundHalfUp } from './footprint.js';
import { dist, rectCorners, segmentPolygonDistance } from './geometry.js';
import { onTable, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

type Allowed = Extract<FireSituation, { allowed: true }>;

/** The enemy screen between `shooter` and `target` that draws part of the fire, or null. */
export function interveningScreen(s: NeGameState, shooter: NeUnit, target: NeUnit): NeUnit | null {
  if (shooter.arm !== 'infantry' || target.formation === 'skirmish') return null;
  let best: { u: NeUnit; d: number } | null = null;
  for (const o of s.units) {
    if (o.side === shooter.side || o.id === target.id || o.formation !== 'skirmish' || !onTable(o) || o.status === 'silenced') continue;
    if (segmentPolygonDistance([shooter.x, shooter.y], [target.x, target.y], rectCorners(rectOf(o, s.table))) > 0) continue;
    const d = dist([shooter.x, shooter.y], [o.x, o.y]);
    if (!best || d < best.d) best = { u: o, d };
  }
  return best?.u ?? null;
}

export interface ScreenSplit {
  screen: NeUnit;
  atScreen: SmallArmsFire;
  atTarget: SmallArmsFire;
}

/** The two fires of a split, or null when no screen draws fire. */
export function screenSplit(s: NeGameState, shooter: NeUnit, target: NeUnit, sit: Allowed, situationFor: (other: NeUnit) => FireSituation): ScreenSplit | null {
  if (sit.kind === 'solid-shot' || sit.kind === 'canister') return null;
  const screen = interveningScreen(s, shooter, target);
  if (!screen) return null;
  const other = situationFor(screen);
  if (!other.allowed || other.kind === 'solid-shot' || other.kind === 'canister') return null;
  const quarter = roundHalfUp(sit.figures / 4);
  return { screen, atScreen: withFigures(other, quarter), atTarget: withFigures(sit, sit.figures - quarter) };
}

/** Rolls a fire, split as `split` says when a screen draws part of it. Returns the casualties on the aimed target. */
export function fireWithScreens(s: NeGameState, shooter: NeUnit, target: NeUnit, sit: Allowed, split: ScreenSplit | null, dice: NeDice, events: GameEvent[]): number {
  if (!split) return fireAt(s, shooter, target, sit, dice, events);
  events.push({ type: 'screen-draws-fire', unit: shooter.id, screen: split.screen.id, target: target.id, figures: [split.atScreen.figures, split.atTarget.figures] });
  fireAt(s, shooter, split.screen, split.atScreen, dice, events);
  return fireAt(s, shooter, target, split.atTarget, dice, events);
}
