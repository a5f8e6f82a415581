// Controls that pick what the document refers to instead of asking for its id: several names from a list (a
// deployment's units, a hold condition's objectives), and a colour with its hex value. They take the inspector's
// field props, so they show problems, help and focus as every other field does.
import { Box, Checkbox, ListItemText, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { Field, type FieldProps } from './InspectorField.js';

function WithHelp(props: { help: string | undefined; children: ReactElement }) {
  if (!props.help) return props.children;
  return (
    <Tooltip title={props.help} placement="left" describeChild enterDelay={400}>
      {props.children}
    </Tooltip>
  );
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Several of the spec's options, shown by their labels. The choice is stored in the options' order (the document's
 * own order), and none chosen removes the field. A stored id the options do not know stays listed, marked, so it can
 * be taken off.
 */
export function MultiPickField(props: FieldProps) {
  const { spec } = props;
  const value = strings(props.value);
  const options = spec.options ?? [];
  const all = [...options, ...value.filter((v) => !options.includes(v))];
  const label = (v: string): string => (spec.optionLabels && Object.hasOwn(spec.optionLabels, v) ? spec.optionLabels[v]! : `${v} (not found)`);
  const message = props.problem?.message ?? (all.length === 0 ? 'Nothing to choose from yet.' : spec.note);
  return (
    <WithHelp help={spec.help}>
      <TextField
        select
        fullWidth
        label={spec.label}
        value={value}
        error={props.problem?.severity === 'error'}
        helperText={message}
        inputRef={(el: HTMLInputElement | null) => {
          if (el && props.focus) el.focus();
        }}
        slotProps={{
          htmlInput: { 'data-pointer': props.pointer },
          inputLabel: { shrink: true },
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const list = strings(selected);
              return list.length ? list.map(label).join(', ') : <Box component="span" sx={{ color: 'text.secondary' }}>{spec.placeholder ?? 'None'}</Box>;
            },
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
          },
        }}
        onChange={(e) => {
          const raw = e.target.value as unknown;
          const picked = typeof raw === 'string' ? raw.split(',') : strings(raw);
          const ordered = all.filter((o) => picked.includes(o));
          props.onChange(ordered.length ? ordered : undefined);
        }}
      >
        {all.map((o) => (
          <MenuItem key={o} value={o} dense data-option={o}>
            <Checkbox size="small" checked={value.includes(o)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={label(o)} slotProps={{ primary: { variant: 'body2' } }} />
          </MenuItem>
        ))}
      </TextField>
    </WithHelp>
  );
}

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** The value as the colour input needs it (#rrggbb), or null when it is not a hex colour. */
export function swatchValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (HEX6.test(v)) return v.toLowerCase();
  const short = HEX3.exec(v);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null;
}

const hexCheck = (v: unknown): string | null => (typeof v === 'string' && swatchValue(v) === null ? 'A colour is written #RRGGBB, like #b03a2e.' : null);

/** A colour: the browser's colour picker beside the hex value, which can be typed too. */
export function ColorField(props: FieldProps) {
  const swatch = swatchValue(props.value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        value={swatch ?? '#808080'}
        aria-label={`${props.spec.label}: pick`}
        data-color-for={props.pointer}
        onChange={(e: { target: { value: string } }) => props.onChange(e.target.value)}
        sx={{ flex: 'none', width: 44, height: 40, p: '2px', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer' }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Field {...props} spec={{ ...props.spec, kind: 'text', placeholder: '#RRGGBB', check: hexCheck }} />
      </Box>
    </Stack>
  );
}
