// One field of the inspector: a text, number, select, switch, four-sides, several-names or colour control for one
// value, showing the value's problem (or the field's own quick check) underneath and its help as a tooltip.
import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { memo, useState, type ReactElement } from 'react';
import type { Problem } from '../../domain/problems.js';
import { formatLength, type Settings } from '../state/settings.js';
import { EDGES, edgesValue, parseInput, type FieldSpec } from './inspector-fields.js';
import { ColorField, MultiPickField } from './pickers.js';

const display = (value: unknown): string =>
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a draft that breaks the schema may hold an object here, shown as it is
  value === undefined || typeof value === 'symbol' ? '' : Array.isArray(value) ? value.join('\n') : String(value);

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof b === 'symbol' && a === undefined) || (Array.isArray(a) && JSON.stringify(a) === JSON.stringify(b));

export interface FieldProps {
  spec: FieldSpec;
  pointer: string;
  value: unknown;
  problem?: Problem;
  focus: boolean;
  units: Settings['units'];
  onChange(value: unknown): void;
}

/** The help as a tooltip around the control, read as its description rather than its name. */
function WithHelp(props: { help: string | undefined; children: ReactElement }) {
  if (!props.help) return props.children;
  return (
    <Tooltip title={props.help} placement="left" describeChild enterDelay={400}>
      {props.children}
    </Tooltip>
  );
}

export function Field(props: FieldProps) {
  const { spec } = props;
  if (spec.kind === 'switch') return <SwitchField {...props} />;
  if (spec.kind === 'edges') return <EdgesField {...props} />;
  if (spec.kind === 'multi') return <MultiPickField {...props} />;
  if (spec.kind === 'color') return <ColorField {...props} />;
  return <TextLikeField {...props} />;
}

/** A spec's content: specs are made anew for every render of the inspector, so identity says nothing. */
const specText = (spec: FieldSpec): string => JSON.stringify(spec);
const sameProblem = (a: Problem | undefined, b: Problem | undefined): boolean =>
  a === b || (!!a && !!b && a.severity === b.severity && a.message === b.message && a.path === b.path);

/**
 * A field that re-renders only when what it shows changes: an edit elsewhere in the document (or a fresh check with
 * the same problems) leaves it alone. `onChange` is left out of the comparison: the inspector's reads the latest
 * document when called. A spec's quick check is compared by its verdict on the value.
 */
export const MemoField = memo(
  Field,
  (a, b) =>
    a.pointer === b.pointer &&
    Object.is(a.value, b.value) &&
    a.focus === b.focus &&
    a.units === b.units &&
    sameProblem(a.problem, b.problem) &&
    (a.spec === b.spec || specText(a.spec) === specText(b.spec)) &&
    (typeof b.value === 'symbol' || (a.spec.check?.(a.value) ?? null) === (b.spec.check?.(b.value) ?? null)),
);

function TextLikeField(props: FieldProps) {
  const { spec } = props;
  const [text, setText] = useState(display(props.value));
  // Undo, redo and other edits change the value under the field; follow them unless the user is mid-word.
  const [followed, setFollowed] = useState({ value: props.value, spec });
  if (!Object.is(followed.value, props.value) || followed.spec !== spec) {
    setFollowed({ value: props.value, spec });
    if (!sameValue(parseInput(spec, text), props.value)) setText(display(props.value));
  }
  const emptyLabel = spec.kind === 'select' && spec.optionLabels && Object.hasOwn(spec.optionLabels, '') ? spec.optionLabels[''] : undefined;
  const quick = typeof props.value === 'symbol' ? null : (spec.check?.(props.value) ?? null);
  const message = props.problem?.message ?? quick;
  const common = {
    label: spec.hideLabel ? undefined : spec.label,
    value: text,
    fullWidth: true,
    error: props.problem ? props.problem.severity === 'error' : quick !== null,
    placeholder: spec.placeholder,
    helperText:
      message ??
      // Lengths are stored in inches; a user who thinks in centimetres sees the conversion beside them.
      (props.units === 'centimetres' && spec.label.includes('(inches)') && typeof props.value === 'number'
        ? `= ${formatLength(props.value, 'centimetres')}`
        : spec.note),
    slotProps: {
      htmlInput: { 'data-pointer': props.pointer, ...(spec.hideLabel ? { 'aria-label': spec.label } : {}), ...(spec.min !== undefined ? { min: spec.min } : {}), ...(spec.max !== undefined ? { max: spec.max } : {}) },
      // A placeholder is the rules' default: it must show while the field is empty, not only once focused; so must
      // what an empty select means.
      ...(spec.placeholder || emptyLabel ? { inputLabel: { shrink: true } } : {}),
    },
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
      <WithHelp help={spec.help}>
        <TextField
          {...common}
          select
          // A choice may be a phrase ("Destroy part of the enemy's force"); it wraps rather than being cut short in
          // the narrow inspector, as the rule settings' choices do.
          sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
          slotProps={{ ...common.slotProps, select: { displayEmpty: emptyLabel !== undefined } }}
        >
          {all.map((o) => (
            <MenuItem key={o || 'none'} value={o}>
              {spec.optionLabels && Object.hasOwn(spec.optionLabels, o) ? spec.optionLabels[o] : o === '' ? '—' : o}
            </MenuItem>
          ))}
        </TextField>
      </WithHelp>
    );
  }
  return (
    <WithHelp help={spec.help}>
      <TextField {...common} multiline={spec.kind === 'multiline' || spec.kind === 'lines'} minRows={spec.kind === 'text' || spec.kind === 'number' ? undefined : 2} />
    </WithHelp>
  );
}

function SwitchField(props: FieldProps) {
  const { spec } = props;
  return (
    <Box>
      <WithHelp help={spec.help}>
        <FormControlLabel
          label={spec.label}
          control={
            <Checkbox
              size="small"
              checked={props.value === true}
              // Off is the format's default, so unticking removes the field rather than writing false.
              onChange={(e) => props.onChange(e.target.checked ? true : undefined)}
              slotProps={{ input: { 'data-pointer': props.pointer } as object }}
            />
          }
        />
      </WithHelp>
      {props.problem && (
        <Typography variant="caption" color={props.problem.severity === 'error' ? 'error' : 'warning.main'} sx={{ display: 'block', ml: 4 }}>
          {props.problem.message}
        </Typography>
      )}
    </Box>
  );
}

const EDGE_LETTER: Record<(typeof EDGES)[number], string> = { north: 'N', east: 'E', south: 'S', west: 'W' };

function EdgesField(props: FieldProps) {
  const { spec } = props;
  const on = (edge: string) => Array.isArray(props.value) && props.value.includes(edge);
  return (
    <WithHelp help={spec.help}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-pointer={props.pointer}>
        <FormLabel component="legend" sx={{ fontSize: 12 }}>{spec.label}</FormLabel>
        <FormGroup row>
          {EDGES.map((edge) => (
            <FormControlLabel
              key={edge}
              label={EDGE_LETTER[edge]}
              title={`${edge[0]!.toUpperCase()}${edge.slice(1)} side`}
              control={
                <Checkbox
                  size="small"
                  checked={on(edge)}
                  onChange={(e) => props.onChange(edgesValue(props.value, edge, e.target.checked))}
                  slotProps={{ input: { 'aria-label': `${edge} side`, 'data-edge': edge } as object }}
                />
              }
            />
          ))}
        </FormGroup>
        {props.problem && (
          <Typography variant="caption" color={props.problem.severity === 'error' ? 'error' : 'warning.main'}>
            {props.problem.message}
          </Typography>
        )}
      </Box>
    </WithHelp>
  );
}
