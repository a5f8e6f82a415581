// Starting points for New: an empty scenario or army list that already validates as far as it can, laid out as its
// rule system's defaults say (domain/rule-systems/).
import { RULE_SYSTEMS, type ArmyList, type RuleSystem, type Scenario } from '../../domain/model.js';
import { PROFILES } from '../../domain/rule-systems/registry.js';

export function blankScenario(ruleSystem: RuleSystem = 'square-eagles'): Scenario {
  const d = PROFILES[ruleSystem].defaults;
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'new-scenario',
    title: 'New scenario',
    ruleSystem,
    ...(d.figureRatio !== undefined ? { scale: { figureRatio: d.figureRatio } } : {}),
    table: { ...d.table },
    grid: { ...d.grid },
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', color: '#b03a2e', army: { id: 'red-army', name: 'Red army', echelon: 'army', units: [] } },
      { id: 'blue', name: 'Blue', color: '#1f4e8c', army: { id: 'blue-army', name: 'Blue army', echelon: 'army', units: [] } },
    ],
    objectives: [],
    turns: { limit: d.turnLimit, first: 'red' },
    // No condition until the designer chooses one: a default would decide games nobody agreed to. The Victory section
    // asks for one, and so does a warning.
    victory: [],
    specialRules: [],
  };
}

/** Army lists are mostly kept for Napoleon's Eagles, and the bundled ones are at 1:60, the size most collections are based for. */
export function blankArmyList(ruleSystem: RuleSystem = 'napoleons-eagles'): ArmyList {
  const ratio = ruleSystem === 'napoleons-eagles' ? 60 : PROFILES[ruleSystem].defaults.figureRatio;
  return {
    type: 'aide-de-camp/army',
    schemaVersion: 1,
    id: 'new-army',
    name: 'New army list',
    ruleSystem,
    ...(ratio !== undefined ? { scale: { figureRatio: ratio } } : {}),
    army: { id: 'army', name: 'Army', echelon: 'corps', formations: [], units: [] },
  };
}

const LAST_SYSTEM_KEY = 'adc-new-rule-system';

/** The rule system chosen for the last new document, offered first next time; Square Eagles before any choice. */
export function lastNewRuleSystem(storage: Pick<Storage, 'getItem'> = localStorage): RuleSystem {
  try {
    const stored = storage.getItem(LAST_SYSTEM_KEY);
    return RULE_SYSTEMS.find((s) => s === stored) ?? 'square-eagles';
  } catch {
    return 'square-eagles';
  }
}

export function rememberNewRuleSystem(system: RuleSystem, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(LAST_SYSTEM_KEY, system);
  } catch {
    // Storage can be full or refused; the choice is then only not remembered.
  }
}
