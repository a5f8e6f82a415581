// What a JSON Pointer points into: the entity the inspector shows and the map highlights.
export type EntityKind = 'document' | 'feature' | 'unit' | 'leader' | 'formation' | 'side' | 'deployment' | 'reinforcement' | 'objective';

export interface Entity {
  kind: EntityKind;
  pointer: string;
}

const PATTERNS: [EntityKind, RegExp][] = [
  ['feature', /^\/terrain\/\d+/],
  ['objective', /^\/objectives\/\d+/],
  ['unit', /^(?:\/sides\/\d+)?\/army(?:\/formations\/\d+)*\/units\/\d+/],
  ['leader', /^(?:\/sides\/\d+)?\/army(?:\/formations\/\d+)*\/leader/],
  ['formation', /^(?:\/sides\/\d+)?\/army(?:\/formations\/\d+)*/],
  // A side's deployment zones and reinforcements are edited on their own, not as the side.
  ['deployment', /^\/sides\/\d+\/deployment\/\d+/],
  ['reinforcement', /^\/sides\/\d+\/reinforcements\/\d+/],
  ['side', /^\/sides\/\d+/],
];

/** The innermost entity containing `pointer`; anything else belongs to the document itself. */
export function entityOf(pointer: string | null): Entity {
  if (pointer === null) return { kind: 'document', pointer: '' };
  for (const [kind, re] of PATTERNS) {
    const m = re.exec(pointer);
    if (m) return { kind, pointer: m[0] };
  }
  return { kind: 'document', pointer: '' };
}
