// Small Napoleon's Eagles scenarios for the rules tests: a 72 × 48 table at 1:30, one brigade a side, only the
// units and terrain a case needs. Every scenario is passed through the real validator before it is used.
import type { Feature, Scenario, Unit } from '../../domain/model.js';
import { hasErrors } from '../../domain/problems.js';
import { validateDocument } from '../../domain/validate.js';

export interface Spec {
  id: string;
  arm?: Unit['arm'];
  type?: string;
  rating?: string;
  figures?: number;
  ranks?: 2 | 3;
  guns?: number;
  howitzers?: number;
  calibre?: '2-3lb' | '4lb' | '6lb' | '8-9lb' | '12lb';
  at: [number, number];
  facing: number;
  formation?: NonNullable<Unit['setup']>['formation'];
  extra?: Record<string, unknown>;
}

function unitDoc(s: Spec): Unit {
  const arm = s.arm ?? 'infantry';
  const type = s.type ?? (arm === 'artillery' ? 'foot' : arm === 'cavalry' ? 'medium' : 'line');
  const block: Record<string, unknown> = { rating: s.rating ?? (arm === 'artillery' ? 'B16B25' : arm === 'cavalry' ? 'B16C40' : 'B16C40') };
  if (arm === 'artillery') {
    block.guns = s.guns ?? 6;
    if (s.howitzers) block.howitzers = s.howitzers;
    block.calibre = s.calibre ?? '6lb';
  } else {
    block.figures = s.figures ?? 20;
    if (arm === 'infantry') block.ranks = s.ranks ?? 3;
  }
  Object.assign(block, s.extra ?? {});
  const setup: NonNullable<Unit['setup']> = { at: s.at, facing: s.facing };
  if (s.formation) setup.formation = s.formation;
  return { id: s.id, name: s.id, arm, type, ratings: { 'napoleons-eagles': block }, setup };
}

export function neScenario(red: Spec[], blue: Spec[], terrain: Feature[] = [], extra: Partial<Scenario> = {}): Scenario {
  const side = (id: string, units: Spec[]) => ({
    id,
    name: id === 'red' ? 'French' : 'Prussians',
    nation: id === 'red' ? 'France' : 'Prussia',
    army: {
      id: `${id}-bde`,
      name: `${id} brigade`,
      echelon: 'division' as const,
      leader: { id: `${id}-gen`, name: `${id} general` },
      formations: [],
      units: units.map(unitDoc),
    },
  });
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'ne-case',
    title: 'Rules case',
    ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 30 },
    table: { width: 72, height: 48 },
    grid: { kind: 'none' },
    terrain,
    sides: [side('red', red), side('blue', blue)],
    turns: { limit: 4, first: 'red' },
    victory: [{ kind: 'points' }],
    ...extra,
  };
}

/** The scenario, after the validator has found no error in it. */
export function valid(s: Scenario): Scenario {
  const problems = validateDocument(s);
  if (hasErrors(problems)) throw new Error(`test scenario is invalid: ${problems.filter((p) => p.severity === 'error').map((p) => `${p.path} ${p.message}`).join('; ')}`);
  return s;
}
