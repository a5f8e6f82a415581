// Victory points: a unit's own `vp`, or its rule system's default table, and the totals per side.
import { unitsOf } from './forces.js';
import type { RuleSystem, Scenario, Unit } from './model.js';
import { PROFILES } from './rule-systems/registry.js';
import type { VpTable } from './rule-systems/profile.js';

export interface UnitVp {
  vp: number;
  /** True when the value comes from the default table rather than the unit's own `vp`. */
  fromTable: boolean;
}

export function vpTable(system: RuleSystem): VpTable {
  return PROFILES[system].vp;
}

export function unitVp(unit: Unit, system: RuleSystem): UnitVp {
  if (typeof unit.vp === 'number') return { vp: unit.vp, fromTable: false };
  return { vp: vpTable(system).unit(unit), fromTable: true };
}

export interface SideVp {
  side: string;
  units: number;
  /** VP of the side's own units: what the enemy scores by destroying them all. */
  unitVp: number;
  /** VP of the objectives the side holds at the start. */
  objectiveVp: number;
  /** How many of the side's units take their value from the default table. */
  fromTable: number;
}

export function sideTotals(scenario: Scenario): SideVp[] {
  const table = vpTable(scenario.ruleSystem);
  return scenario.sides.map((side) => {
    const units = unitsOf(side.army);
    let unitTotal = 0;
    let fromTable = 0;
    for (const u of units) {
      const v = unitVp(u, scenario.ruleSystem);
      unitTotal += v.vp;
      if (v.fromTable) fromTable++;
    }
    const objectiveVp = (scenario.objectives ?? [])
      .filter((o) => o.heldBy === side.id)
      .reduce((sum, o) => sum + (typeof o.vp === 'number' ? o.vp : table.objective), 0);
    return { side: side.id, units: units.length, unitVp: unitTotal, objectiveVp, fromTable };
  });
}
