// Walks an order of battle, yielding every formation, leader and unit with its JSON Pointer.
import type { Formation, Leader, Unit } from './model.js';

export type ForceNode =
  | { kind: 'formation'; node: Formation; path: string; parent?: Formation }
  | { kind: 'leader'; node: Leader; path: string; parent: Formation }
  | { kind: 'unit'; node: Unit; path: string; parent: Formation };

export function* walkForces(formation: Formation, path: string, parent?: Formation): Generator<ForceNode> {
  yield parent ? { kind: 'formation', node: formation, path, parent } : { kind: 'formation', node: formation, path };
  if (formation.leader && typeof formation.leader === 'object') {
    yield { kind: 'leader', node: formation.leader, path: `${path}/leader`, parent: formation };
  }
  const units = Array.isArray(formation.units) ? formation.units : [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i];
    if (unit && typeof unit === 'object') yield { kind: 'unit', node: unit, path: `${path}/units/${i}`, parent: formation };
  }
  const children = Array.isArray(formation.formations) ? formation.formations : [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child && typeof child === 'object') yield* walkForces(child, `${path}/formations/${i}`, formation);
  }
}

export function unitsOf(formation: Formation): Unit[] {
  const out: Unit[] = [];
  for (const n of walkForces(formation, '')) if (n.kind === 'unit') out.push(n.node);
  return out;
}
