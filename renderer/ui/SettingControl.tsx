// One rule setting as a control, by its kind in the catalogue: a switch, a bounded number, a select, a number per
// side, or the two numbers of a ratio. Labelled with the rule's own name, the default shown as a placeholder or
// marked, the rule's hint and section as the tooltip, and the value's problem underneath.
import { Box, FormControlLabel, FormLabel, MenuItem, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { isDefaultValue, sideValue, type SideName } from '../../domain/rule-systems/option-words.js';
import { optionProblem, type OptionSpec } from '../../domain/rule-systems/options.js';
import { parseSettingNumber, setOptionEdit, setRatioPartEdit, setSideValueEdit, type Edit } from './rule-settings.js';

export interface SettingControlProps {
  doc: Scenario;
  system: string;
  spec: OptionSpec;
  /** The value the document holds, or undefined for the default. */
  value: unknown;
  sides: readonly SideName[];
  problems: readonly Problem[];
  focusPointer: string | null;
  onEdit(edit: Edit): void;
}

const helpOf = (spec: OptionSpec): string => `${spec.hint} (${spec.rule})`;

function Help(props: { spec: OptionSpec; children: ReactElement }) {
  // Opened by hover or focus as usual, but closed as soon as the focus goes anywhere outside the setting: a select
  // gives its focus back after its menu closes, and a help opened then would otherwise stay up over whatever comes
  // next, a dialog included, since nothing under the dialog ever hears the pointer leave.
  const [open, setOpen] = useState(false);
  const anchor = useRef<Element | null>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: FocusEvent) => {
      if (!(e.target instanceof Node && anchor.current?.contains(e.target))) setOpen(false);
    };
    document.addEventListener('focusin', close);
    return () => document.removeEventListener('focusin', close);
  }, [open]);
  return (
    // Not interactive: a help text left open a moment too long (it opens on focus too) must never take a click meant
    // for what is under it, a dialog's button included.
    <Tooltip
      title={helpOf(props.spec)}
      placement="left"
      describeChild
      enterDelay={400}
      disableInteractive
      open={open}
      onOpen={(e) => {
        // The setting's whole control: moving between its own inputs (a per-side pair) is not leaving it.
        anchor.current = e.target instanceof Element ? (e.target.closest('[data-setting]') ?? e.target) : null;
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
    >
      {props.children}
    </Tooltip>
  );
}

/** The message to show for one input: the validator's, else what the catalogue says at once while it runs. */
function messageFor(props: SettingControlProps, pointer: string, key?: string): Problem | { severity: 'error' | 'warning'; message: string } | undefined {
  const own = props.problems.find((p) => p.path === pointer);
  if (own) return own;
  if (props.value === undefined) return undefined;
  const local = optionProblem(props.spec, props.value, props.sides.map((s) => s.id));
  if (!local || (local.key ?? undefined) !== key) return undefined;
  return local;
}

export function SettingControl(props: SettingControlProps) {
  const { spec } = props;
  const pointer = `/ruleOptions/${props.system}/${spec.name}`;
  switch (spec.kind) {
    case 'switch': {
      const on = (props.value ?? spec.default) === true;
      const problem = messageFor(props, pointer);
      return (
        <Box data-setting={spec.name}>
          <Help spec={spec}>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', ml: 0, mr: 0 }}
              control={
                <Switch
                  size="small"
                  checked={on}
                  onChange={(e) => props.onEdit(setOptionEdit(props.doc, props.system, spec, e.target.checked))}
                  slotProps={{ input: { 'data-pointer': pointer } as object }}
                />
              }
              label={
                <Typography variant="body2" sx={{ pt: '3px' }}>
                  {spec.label}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {isDefaultValue(spec, props.value) ? '(default)' : `(default: ${spec.default ? 'on' : 'off'})`}
                  </Typography>
                </Typography>
              }
            />
          </Help>
          {problem && <ProblemLine problem={problem} />}
        </Box>
      );
    }
    case 'number': {
      const problem = messageFor(props, pointer);
      return (
        <Help spec={spec}>
          <Box data-setting={spec.name}>
            <NumberInput
              pointer={pointer}
              label={spec.label}
              value={props.value}
              fallback={spec.default}
              placeholder={`${spec.default}${spec.unit ?? ''} (default)`}
              min={spec.min}
              max={spec.max}
              step={spec.integer ? 1 : 'any'}
              problem={problem}
              focus={props.focusPointer === pointer}
              onValue={(v) => props.onEdit(setOptionEdit(props.doc, props.system, spec, v, true))}
            />
          </Box>
        </Help>
      );
    }
    case 'choice': {
      const current = props.value ?? spec.default;
      const index = spec.choices.findIndex((c) => c.value === current);
      const problem = messageFor(props, pointer);
      return (
        <Help spec={spec}>
          <TextField
            select
            fullWidth
            label={spec.label}
            value={index >= 0 ? String(index) : 'other'}
            error={problem?.severity === 'error'}
            helperText={problem?.message}
            data-setting={spec.name}
            // A choice's name is a phrase; it wraps rather than being cut short in the narrow inspector.
            sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
            slotProps={{ htmlInput: { 'data-pointer': pointer } }}
            onChange={(e) => {
              const choice = spec.choices[Number(e.target.value)];
              if (choice) props.onEdit(setOptionEdit(props.doc, props.system, spec, choice.value));
            }}
          >
            {index < 0 && <MenuItem value="other">{JSON.stringify(current)}</MenuItem>}
            {spec.choices.map((c, i) => (
              <MenuItem key={String(c.value)} value={String(i)}>
                {c.label}
                {c.value === spec.default ? ' (default)' : ''}
              </MenuItem>
            ))}
          </TextField>
        </Help>
      );
    }
    case 'per-side':
      return (
        <Help spec={spec}>
          <Box component="fieldset" data-setting={spec.name} sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" sx={{ fontSize: 13, mb: 1 }}>{spec.label}</FormLabel>
            <Stack direction="row" spacing={1} sx={PAIRED}>
              {props.sides.map((side) => {
                const at = `${pointer}/${side.id}`;
                const own = props.value && typeof props.value === 'object' && Object.hasOwn(props.value, side.id) ? sideValue(spec, props.value, side.id) : undefined;
                return (
                  <NumberInput
                    key={side.id}
                    pointer={at}
                    label={side.name}
                    value={own}
                    fallback={spec.default}
                    placeholder={`${spec.default} (default)`}
                    min={spec.min}
                    max={spec.max}
                    step={1}
                    problem={messageFor(props, at, side.id)}
                    quiet
                    focus={props.focusPointer === at}
                    onValue={(v) => props.onEdit(setSideValueEdit(props.doc, props.system, spec, side.id, v))}
                  />
                );
              })}
            </Stack>
            <RowProblems problems={[messageFor(props, pointer), ...props.sides.map((side) => messageFor(props, `${pointer}/${side.id}`, side.id))]} />
          </Box>
        </Help>
      );
    case 'ratio': {
      const given = props.value && typeof props.value === 'object' ? (props.value as Record<string, unknown>) : undefined;
      return (
        <Help spec={spec}>
          <Box component="fieldset" data-setting={spec.name} sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" sx={{ fontSize: 13, mb: 1 }}>{spec.label}</FormLabel>
            <Stack direction="row" spacing={1} sx={PAIRED}>
              {(['a', 'd'] as const).map((key) => {
                const at = `${pointer}/${key}`;
                return (
                  <NumberInput
                    key={key}
                    pointer={at}
                    label={`Side ${key.toUpperCase()}`}
                    value={given?.[key]}
                    fallback={spec.default[key]}
                    placeholder={`${spec.default[key]} (default)`}
                    min={1}
                    max={spec.max}
                    step={1}
                    problem={messageFor(props, at, key)}
                    quiet
                    focus={props.focusPointer === at}
                    onValue={(v) => props.onEdit(setRatioPartEdit(props.doc, props.system, spec, key, v))}
                  />
                );
              })}
            </Stack>
            <RowProblems problems={[messageFor(props, pointer), messageFor(props, `${pointer}/a`, 'a'), messageFor(props, `${pointer}/d`, 'd')]} />
          </Box>
        </Help>
      );
    }
  }
}

function ProblemLine(props: { problem: { severity: 'error' | 'warning'; message: string } }) {
  return (
    <Typography variant="caption" role="alert" color={props.problem.severity === 'error' ? 'error' : 'warning.main'} sx={{ display: 'block', mt: 0.5 }}>
      {props.problem.message}
    </Typography>
  );
}

type Shown = { severity: 'error' | 'warning'; message: string };

/** The problems of a row of numbers, said once each under the whole row, where a narrow field has no room. */
function RowProblems(props: { problems: (Shown | undefined)[] }) {
  const list: Shown[] = [];
  for (const p of props.problems) if (p && !list.some((q) => q.message === p.message)) list.push(p);
  return (
    <>
      {list.map((p) => (
        <ProblemLine key={p.message} problem={p} />
      ))}
    </>
  );
}

/** Two fields side by side in the narrow inspector: a smaller hint, so "20 (default)" is read whole, not cut short. */
const PAIRED = { alignItems: 'flex-start', '& .MuiInputBase-input::placeholder': { fontSize: 14 } } as const;

// eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects are written as JSON; what is left is a primitive or a function
const shown = (v: unknown): string => (v === undefined || v === null || typeof v === 'symbol' ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * A number typed as the user goes, one edit per keystroke. The text is kept while it means what the document
 * holds, a default counting as the empty field it leaves behind, so typing "20" is not wiped when 20 leaves the file.
 */
function NumberInput(props: {
  pointer: string;
  label: string;
  value: unknown;
  fallback: number;
  placeholder: string;
  min: number;
  max: number;
  step: number | 'any';
  problem: { severity: 'error' | 'warning'; message: string } | undefined;
  /** Marks the field but leaves the message to the row it stands in. */
  quiet?: boolean;
  focus: boolean;
  onValue(value: number | string | undefined): void;
}) {
  const [text, setText] = useState(shown(props.value));
  const { value, fallback } = props;
  // An edit elsewhere (undo, another control) changes the value under the field; follow it unless the text already
  // says the same number.
  const [followed, setFollowed] = useState({ value, fallback });
  if (!Object.is(followed.value, value) || !Object.is(followed.fallback, fallback)) {
    setFollowed({ value, fallback });
    if ((parseSettingNumber(text) ?? fallback) !== (value ?? fallback)) setText(shown(value));
  }
  return (
    <TextField
      type="number"
      fullWidth
      label={props.label}
      value={text}
      placeholder={props.placeholder}
      error={props.problem?.severity === 'error'}
      helperText={props.quiet ? undefined : props.problem?.message}
      inputRef={(el: HTMLInputElement | null) => {
        if (el && props.focus) el.focus();
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-pointer': props.pointer, min: props.min, max: props.max, step: props.step },
      }}
      onChange={(e) => {
        setText(e.target.value);
        props.onValue(parseSettingNumber(e.target.value));
      }}
    />
  );
}
