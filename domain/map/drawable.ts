// The scenario as the map may draw it. A document being edited can break the schema in any way, and the map and
// the printed sheet still draw it so the user can see what to fix; but a table of 1e15 inches, a river 1e300 wide
// or a point far past the table would turn every "one mark per inch" loop into a hang. Here every length and
// point is brought within the bounds the schema allows, so drawing work is bounded by the document's size alone.
import type { Scenario } from '../model.js';

/** The schema's bounds (docs/file-format.md, "Bounds"): coordinates, and lengths such as widths and depths. */
export const MAX_COORDINATE = 2400;
export const MAX_TABLE = 1200;
const MAX_LENGTH = 1200;
/** Fields that hold a length in inches, wherever they appear. */
const LENGTH_FIELDS = new Set(['width', 'height', 'size', 'depth', 'radius']);

const clampCoordinate = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(-MAX_COORDINATE, Math.min(MAX_COORDINATE, v)));
const isPair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

function outOfBounds(value: unknown, key: string | null): boolean {
  if (typeof value === 'number') return key !== null && LENGTH_FIELDS.has(key) && !(value >= 0 && value <= MAX_LENGTH);
  if (isPair(value)) return !(Math.abs(value[0]) <= MAX_COORDINATE && Math.abs(value[1]) <= MAX_COORDINATE);
  return false;
}

/** The same scenario when everything is in bounds (the usual case, at no cost but a walk); else a clamped copy. */
export function drawableScenario(scenario: Scenario): Scenario {
  let needed = false;
  const stack: [unknown, string | null][] = [[scenario, null]];
  while (stack.length && !needed) {
    const [v, key] = stack.pop()!;
    if (outOfBounds(v, key)) needed = true;
    else if (v && typeof v === 'object') for (const [k, child] of Object.entries(v)) stack.push([child, Array.isArray(v) ? null : k]);
  }
  if (!needed) return scenario;
  const clamp = (v: unknown, key: string | null): unknown => {
    if (typeof v === 'number') return key !== null && LENGTH_FIELDS.has(key) ? (v >= 0 ? Math.min(v, MAX_LENGTH) : 0) : v;
    if (isPair(v)) return [clampCoordinate(v[0]), clampCoordinate(v[1])];
    if (Array.isArray(v)) return v.map((x) => clamp(x, null));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clamp(x, k)]));
    return v;
  };
  const copy = clamp(scenario, null) as Scenario;
  if (copy.table && typeof copy.table === 'object') {
    const side = (n: unknown): number => (typeof n === 'number' && n > 0 ? Math.min(n, MAX_TABLE) : n as number);
    copy.table = { ...copy.table, width: side(copy.table.width), height: side(copy.table.height) };
  }
  return copy;
}
