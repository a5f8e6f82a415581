// Properties of the selected entity. Every field edits one value through a command, so it is undoable and
// validated live; a field whose value has a problem shows it underneath.
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { AdcDocument, RuleSystem } from '../../domain/model.js';
import { ARMS, isScenario, RULE_SYSTEMS } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { getAt } from '../state/history.js';
import { pointerToPath } from '../state/editor.js';
import { entityOf } from '../state/selection.js';
import { formatLength, type Settings } from '../state/settings.js';

export interface FieldSpec {
  /** Relative to the entity. */
  at: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'multiline' | 'lines';
  options?: readonly string[];
  /** For selects whose values are numbers. */
  numeric?: boolean;
}

const NE: FieldSpec[] = [
  { at: '/ratings/napoleons-eagles/rating', label: 'Rating (e.g. B16C30)', kind: 'text' },
  { at: '/ratings/napoleons-eagles/figures', label: 'Figures', kind: 'number' },
  { at: '/ratings/napoleons-eagles/ranks', label: 'Ranks', kind: 'select', options: ['', '2', '3'], numeric: true },
  { at: '/ratings/napoleons-eagles/guns', label: 'Guns', kind: 'number' },
  { at: '/ratings/napoleons-eagles/howitzers', label: 'Howitzers', kind: 'number' },
  { at: '/ratings/napoleons-eagles/calibre', label: 'Calibre', kind: 'select', options: ['', '2-3lb', '4lb', '6lb', '8-9lb', '12lb'] },
  { at: '/ratings/napoleons-eagles/models', label: 'Models', kind: 'number' },
];
const RATING_FIELDS: Record<RuleSystem, FieldSpec[]> = {
  'napoleons-eagles': NE,
  'square-eagles': [
    { at: '/ratings/square-eagles/sp', label: 'Strength Points', kind: 'number' },
    { at: '/ratings/square-eagles/traits', label: 'Traits (one per line)', kind: 'lines' },
  ],
  'eagles-to-glory': [
    { at: '/ratings/eagles-to-glory/class', label: 'Class', kind: 'select', options: ['', 'A', 'B', 'C', 'D', 'E'] },
    { at: '/ratings/eagles-to-glory/stands', label: 'Stands', kind: 'number' },
  ],
  'hex-skirmish': [{ at: '/ratings/hex-skirmish/men', label: 'Men', kind: 'number' }],
};

const FEATURE_FIELDS: Record<string, FieldSpec[]> = {
  woods: [{ at: '/density', label: 'Density', kind: 'select', options: ['', 'light', 'dense'] }],
  hill: [
    { at: '/level', label: 'Level', kind: 'select', options: ['', '1', '2', '3'], numeric: true },
    { at: '/slope', label: 'Slope', kind: 'select', options: ['', 'gentle', 'steep', 'extreme'] },
  ],
  river: [
    { at: '/width', label: 'Width (inches)', kind: 'number' },
    { at: '/fordable', label: 'Fordable', kind: 'select', options: ['', 'true', 'false'] },
  ],
  'building-block': [
    { at: '/size', label: 'Size (inches)', kind: 'number' },
    { at: '/material', label: 'Material', kind: 'select', options: ['', 'wood', 'brick', 'stone'] },
  ],
};

function fieldsFor(doc: AdcDocument, kind: string, node: Record<string, unknown>): FieldSpec[] {
  switch (kind) {
    case 'document':
      return isScenario(doc)
        ? [
            { at: '/title', label: 'Title', kind: 'text' },
            { at: '/author', label: 'Author', kind: 'text' },
            { at: '/description', label: 'Description', kind: 'multiline' },
            { at: '/ruleSystem', label: 'Rule system', kind: 'select', options: RULE_SYSTEMS },
            { at: '/table/width', label: 'Table width (inches)', kind: 'number' },
            { at: '/table/height', label: 'Table height (inches)', kind: 'number' },
            { at: '/grid/kind', label: 'Grid', kind: 'select', options: ['none', 'square', 'hex'] },
            { at: '/grid/cell', label: 'Cell size (inches)', kind: 'number' },
            { at: '/scale/figureRatio', label: 'Figure ratio (1:N)', kind: 'number' },
            { at: '/turns/limit', label: 'Turn limit', kind: 'number' },
            { at: '/turns/first', label: 'First side', kind: 'text' },
            { at: '/specialRules', label: 'Special rules (one per line)', kind: 'lines' },
          ]
        : [
            { at: '/name', label: 'Name', kind: 'text' },
            { at: '/nation', label: 'Nation', kind: 'text' },
            { at: '/year', label: 'Year', kind: 'number' },
            { at: '/ruleSystem', label: 'Rule system', kind: 'select', options: ['', ...RULE_SYSTEMS] },
            { at: '/scale/figureRatio', label: 'Figure ratio (1:N)', kind: 'number' },
            { at: '/source', label: 'Source', kind: 'text' },
            { at: '/notes', label: 'Notes', kind: 'multiline' },
          ];
    case 'unit': {
      const arm = typeof node.arm === 'string' && node.arm in ARMS ? (node.arm as keyof typeof ARMS) : undefined;
      const system = doc.ruleSystem;
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/id', label: 'Id', kind: 'text' },
        { at: '/arm', label: 'Arm', kind: 'select', options: Object.keys(ARMS) },
        { at: '/type', label: 'Type', kind: 'select', options: arm ? ARMS[arm] : [] },
        { at: '/men', label: 'Men', kind: 'number' },
        { at: '/vp', label: 'Victory points', kind: 'number' },
        ...(system ? RATING_FIELDS[system] : []),
        { at: '/setup/cell', label: 'Set-up cell', kind: 'text' },
        { at: '/setup/facing', label: 'Facing (degrees)', kind: 'number' },
      ];
    }
    case 'leader':
      return [{ at: '/name', label: 'Name', kind: 'text' }, { at: '/id', label: 'Id', kind: 'text' }];
    case 'formation':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/echelon', label: 'Echelon', kind: 'select', options: ['army', 'wing', 'corps', 'division', 'brigade'] },
        { at: '/id', label: 'Id', kind: 'text' },
      ];
    case 'side':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/nation', label: 'Nation', kind: 'text' },
        { at: '/color', label: 'Colour (#RRGGBB)', kind: 'text' },
        { at: '/id', label: 'Id', kind: 'text' },
      ];
    case 'deployment':
      return [
        { at: '/zone/edge', label: 'Edge', kind: 'select', options: ['', 'north', 'south', 'east', 'west'] },
        { at: '/zone/depth', label: 'Depth (inches)', kind: 'number' },
        { at: '/units', label: 'Units (ids, one per line; empty = every unplaced unit)', kind: 'lines' },
      ];
    case 'reinforcement':
      return [
        { at: '/turn', label: 'Arrives on turn', kind: 'number' },
        { at: '/roll/from', label: 'Or roll from turn', kind: 'number' },
        { at: '/roll/need', label: 'Needing on a d6', kind: 'number' },
        { at: '/entry/edge', label: 'Entry edge', kind: 'select', options: ['', 'north', 'south', 'east', 'west'] },
        { at: '/units', label: 'Units (ids, one per line)', kind: 'lines' },
      ];
    case 'objective':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/vp', label: 'Victory points', kind: 'number' },
        { at: '/radius', label: 'Radius (inches)', kind: 'number' },
        { at: '/heldBy', label: 'Held by (side id)', kind: 'text' },
      ];
    case 'feature':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/id', label: 'Id', kind: 'text' },
        ...(FEATURE_FIELDS[String(node.kind)] ?? []),
      ];
    default:
      return [];
  }
}

/** Turns what the user typed into the stored value; text that is not a number stays text so validation says so. */
export function parseInput(spec: FieldSpec, raw: string): unknown {
  if (raw === '') return undefined;
  if (spec.kind === 'number' || spec.numeric) {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
  }
  if (spec.kind === 'lines') return raw.split('\n').filter((l, i, all) => l.trim() !== '' || i < all.length - 1);
  if (spec.options?.includes('true') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

const display = (value: unknown): string =>
  value === undefined || typeof value === 'symbol' ? '' : Array.isArray(value) ? value.join('\n') : String(value);

function Field(props: { spec: FieldSpec; pointer: string; value: unknown; problem?: Problem; focus: boolean; units: Settings['units']; onChange(value: unknown): void }) {
  const { spec } = props;
  const [text, setText] = useState(display(props.value));
  // Undo, redo and other edits change the value under the field; follow them unless the user is mid-word.
  useEffect(() => {
    setText((t) => (sameValue(parseInput(spec, t), props.value) ? t : display(props.value)));
  }, [props.value, spec]);
  const common = {
    label: spec.label,
    value: text,
    fullWidth: true,
    error: props.problem?.severity === 'error',
    helperText: props.problem
      ? props.problem.message
      : // Lengths are stored in inches; a user who thinks in centimetres sees the conversion beside them.
        props.units === 'centimetres' && spec.label.includes('(inches)') && typeof props.value === 'number'
        ? `= ${formatLength(props.value, 'centimetres')}`
        : undefined,
    slotProps: { htmlInput: { 'data-pointer': props.pointer } },
    inputRef: (el: HTMLInputElement | null) => {
      if (el && props.focus) el.focus();
    },
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      props.onChange(parseInput(spec, e.target.value));
    },
  };
  if (spec.kind === 'select') {
    const options = spec.options ?? [];
    const all = options.includes(text) || text === '' ? options : [text, ...options];
    return (
      <TextField {...common} select>
        {all.map((o) => (
          <MenuItem key={o || 'none'} value={o}>
            {o === '' ? '—' : o}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} multiline={spec.kind === 'multiline' || spec.kind === 'lines'} minRows={spec.kind === 'text' || spec.kind === 'number' ? undefined : 2} />;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof b === 'symbol' && a === undefined) || (Array.isArray(a) && JSON.stringify(a) === JSON.stringify(b));

export function Inspector(props: {
  doc: AdcDocument;
  selected: string | null;
  problems: Problem[];
  focusPointer: string | null;
  units: Settings['units'];
  onChange(pointer: string, value: unknown, label: string): void;
}) {
  const entity = entityOf(props.selected);
  const node = getAt(props.doc, pointerToPath(entity.pointer));
  if (node === null || typeof node !== 'object') {
    return <Typography sx={{ p: 2 }} color="text.secondary">Nothing selected.</Typography>;
  }
  const record = node as Record<string, unknown>;
  const specs = fieldsFor(props.doc, entity.kind, record);
  const title =
    entity.kind === 'document'
      ? isScenario(props.doc)
        ? 'Scenario'
        : 'Army list'
      : `${entity.kind[0]!.toUpperCase()}${entity.kind.slice(1)}${record.name ?? record.id ? `: ${String(record.name ?? record.id)}` : ''}`;
  return (
    <Box data-testid="inspector" sx={{ p: 1.5, overflow: 'auto', height: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>{title}</Typography>
      <Stack spacing={1.5}>
        {specs.map((spec) => {
          const pointer = `${entity.pointer}${spec.at}`;
          const problem = props.problems.find((p) => p.path === pointer);
          return (
            <Field
              key={`${entity.pointer}${spec.at}`}
              spec={spec}
              pointer={pointer}
              value={getAt(props.doc, pointerToPath(pointer))}
              focus={props.focusPointer === pointer}
              units={props.units}
              onChange={(v) => props.onChange(pointer, v, `Edit ${spec.label.toLowerCase()}`)}
              {...(problem ? { problem } : {})}
            />
          );
        })}
      </Stack>
    </Box>
  );
}
