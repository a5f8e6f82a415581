// What each formation change costs in actions, by arm and nation ('Formation Changes', 'Infantry Formations',
// 'Cavalry Formations', 'Artillery Formations', 'Cavalry Echelon', 'Forming Skirmish Screens'). Pure data over
// the file format's formation names, so the table is tested apart from the unit model.
import type { Arm, TacticalFormation } from '../../domain/model.js';
import type { Nation } from '../../domain/rule-systems/napoleons-eagles-nations.js';

export type FormationCost = { ok: true; cost: number; rule: string } | { ok: false; reason: string };

export interface FormationContext {
  arm: Arm;
  type: string;
  nation: Nation | undefined;
  /** The scenario's year, when it gives one. */
  year: number | undefined;
  /** All-light battalions (type light, or rifles) may skirmish. */
  light: boolean;
  supportedLineOption: boolean;
}

const pair = (a: TacticalFormation, b: TacticalFormation, x: TacticalFormation, y: TacticalFormation): boolean =>
  (a === x && b === y) || (a === y && b === x);

/**
 * Cost of changing from `from` to `to`. Interpretations (notes §12): a supported line changes to and from line
 * or column as line does (1 action); line and supported line swap in 1 action; a road column changes only to column
 * (the text says so for infantry; we read cavalry the same way, since the cavalry list has no other road-column
 * change either); skirmish screens form from line or column in 1 action and reform (to line or column) in 2, for
 * cavalry as for infantry; "French after 1807" means 1808 on, "1806 Prussians" 1806 and before.
 */
export function formationCost(ctx: FormationContext, from: TacticalFormation, to: TacticalFormation): FormationCost {
  if (from === to) return { ok: false, reason: `already in ${words(to)}` };
  const no = (why: string): FormationCost => ({ ok: false, reason: why });
  switch (ctx.arm) {
    case 'artillery':
      if (pair(from, to, 'limbered', 'unlimbered')) return { ok: true, cost: 1, rule: 'Artillery Limbering and Unlimbering' };
      return no(`a battery only limbers or unlimbers (asked ${words(from)} to ${words(to)})`);
    case 'train':
      if (ctx.type !== 'engineers') return no('train units keep their column');
      return formationCost({ ...ctx, arm: 'infantry', light: false }, from, to);
    case 'cavalry': {
      if (to === 'square' || to === 'supported-line') return no(`cavalry cannot form ${words(to)}`);
      if (to === 'limbered' || to === 'unlimbered') return no(`only artillery ${to === 'limbered' ? 'limbers' : 'unlimbers'}`);
      if (from === 'road-column' && to !== 'column') return no('a road column changes only to column first');
      if (to === 'road-column' && from !== 'column') return no('only a column forms road column');
      if (pair(from, to, 'line', 'echelon')) return { ok: true, cost: 0.5, rule: 'Cavalry Echelon' };
      if (to === 'echelon') return no('cavalry forms echelon only from line');
      if (from === 'echelon') return no('an echelon changes only back to line');
      if (to === 'skirmish') return { ok: true, cost: 1, rule: 'Forming Skirmish Screens' };
      if (from === 'skirmish') return { ok: true, cost: 2, rule: 'Forming Skirmish Screens' };
      return { ok: true, cost: 1, rule: 'Cavalry Formations' };
    }
    case 'infantry': {
      if (to === 'echelon') return no('only cavalry forms echelon');
      if (to === 'limbered' || to === 'unlimbered') return no(`only artillery ${to === 'limbered' ? 'limbers' : 'unlimbers'}`);
      if (to === 'supported-line' && !ctx.supportedLineOption) return no('the supported line needs the supportedLine option');
      if (from === 'road-column' && to !== 'column') return no('a road column changes only to column first');
      if (to === 'road-column' && from !== 'column') return no('only a column forms road column');
      if (to === 'skirmish') {
        if (!ctx.light) return no('only all-light battalions (light type or rifles) form skirmish screens');
        if (from !== 'line' && from !== 'column') return no('a skirmish screen forms from line or column');
        return { ok: true, cost: 1, rule: 'Forming Skirmish Screens' };
      }
      if (from === 'skirmish') {
        if (to !== 'line' && to !== 'column') return no('a skirmish screen reforms into line or column');
        return { ok: true, cost: 2, rule: 'Forming Skirmish Screens' };
      }
      if (from === 'square' && to === 'supported-line') return no('a square forms line or column');
      if (to === 'square' && from === 'supported-line') return no('a supported line forms square by way of line or column');
      const lineish = (f: TacticalFormation) => f === 'line' || f === 'supported-line';
      if (from === 'column' && lineish(to) || lineish(from) && to === 'column') {
        if (ctx.nation === 'french' && ctx.year !== undefined && ctx.year > 1807) {
          return { ok: true, cost: 0.5, rule: 'Infantry Formations (French after 1807)' };
        }
        if (ctx.nation === 'prussian' && ctx.year !== undefined && ctx.year <= 1806) {
          return { ok: true, cost: 2, rule: 'Infantry Formations (1806 Prussians)' };
        }
        return { ok: true, cost: 1, rule: 'Infantry Formations' };
      }
      if (pair(from, to, 'column', 'square') && ctx.nation === 'austrian') {
        return { ok: true, cost: 0.5, rule: 'Infantry Formations (Austrian mass)' };
      }
      return { ok: true, cost: 1, rule: 'Infantry Formations' };
    }
  }
}

/** Deploying from column into line on a flank ('Deploying from Column into "Line on the Flank"'). */
export function lineOnFlankCost(arm: Arm, nation: Nation | undefined, year: number | undefined): number {
  if (arm === 'cavalry') return 1;
  if (nation === 'prussian' && year !== undefined && year <= 1806) return 1;
  return 2;
}

export function words(f: TacticalFormation): string {
  return f === 'road-column' ? 'road column' : f === 'supported-line' ? 'supported line' : f;
}
