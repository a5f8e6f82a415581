// Starting points for New: an empty scenario or army list that already validates as far as it can.
import type { ArmyList, RuleSystem, Scenario } from '../../domain/model.js';

export function blankScenario(ruleSystem: RuleSystem = 'square-eagles'): Scenario {
  const gridded = ruleSystem === 'square-eagles' || ruleSystem === 'hex-skirmish';
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'new-scenario',
    title: 'New scenario',
    ruleSystem,
    ...(ruleSystem === 'napoleons-eagles' ? { scale: { figureRatio: 30 } } : {}),
    table: { width: 36, height: 36 },
    grid: !gridded ? { kind: 'none' } : ruleSystem === 'square-eagles' ? { kind: 'square', cell: 6 } : { kind: 'hex', cell: 6, orientation: 'flat' },
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', color: '#b03a2e', army: { id: 'red-army', name: 'Red army', echelon: 'army', units: [] } },
      { id: 'blue', name: 'Blue', color: '#1f4e8c', army: { id: 'blue-army', name: 'Blue army', echelon: 'army', units: [] } },
    ],
    objectives: [],
    turns: { limit: 15, first: 'red' },
    // No condition until the designer chooses one: a default would decide games nobody agreed to. The Victory section
    // asks for one, and so does a warning.
    victory: [],
    specialRules: [],
  };
}

export function blankArmyList(): ArmyList {
  return {
    type: 'aide-de-camp/army',
    schemaVersion: 1,
    id: 'new-army',
    name: 'New army list',
    ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 60 },
    army: { id: 'army', name: 'Army', echelon: 'corps', formations: [], units: [] },
  };
}
