// The scenario's victory conditions in the order they are checked, each said in the words the sheet prints, with
// its kind, side and objectives, count, edge or share chosen from lists. Conditions are added from a menu of kinds,
// moved up and down (the first one met decides) and removed; every change is one undo step.
import { Alert, Box, Button, IconButton, Menu, MenuItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import type { Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { VICTORY_CLOSING, VICTORY_KIND_WORDS, VICTORY_KINDS, victorySentence, type VictoryKind } from '../../domain/victory-words.js';
import type { EditorAction } from '../state/editor.js';
import type { Settings } from '../state/settings.js';
import { objectiveChoices, sideChoices } from './choices.js';
import type { FieldSpec } from './inspector-fields.js';
import { Field } from './InspectorField.js';
import { addConditionEdit, EXIT_EDGES, moveConditionEdit, removeConditionEdit, setConditionFieldEdit, setConditionKindEdit } from './scenario-edits.js';

export interface VictoryEditorProps {
  doc: Scenario;
  problems: readonly Problem[];
  focusPointer: string | null;
  units: Settings['units'];
  onEdit(action: EditorAction): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const EDGE_LABELS: Record<string, string> = { north: 'North edge', east: 'East edge', south: 'South edge', west: 'West edge' };
const KIND_LABELS: Record<string, string> = { ...VICTORY_KIND_WORDS };

export function VictoryEditor(props: VictoryEditorProps) {
  const { doc } = props;
  const conditions = Array.isArray(doc.victory) ? doc.victory : [];
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // Which conditions show their fields; a new one opens, and a moved one keeps its state as it moves.
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const move = (i: number, delta: -1 | 1) => {
    const edit = moveConditionEdit(doc, i, delta);
    if (!edit) return;
    setOpen((o) => {
      const next = new Set([...o].filter((k) => k !== i && k !== i + delta));
      if (o.has(i)) next.add(i + delta);
      if (o.has(i + delta)) next.add(i);
      return next;
    });
    props.onEdit(edit);
  };
  const remove = (i: number) => {
    setOpen((o) => new Set([...o].filter((k) => k !== i).map((k) => (k > i ? k - 1 : k))));
    props.onEdit(removeConditionEdit(doc, i));
  };
  const add = (kind: VictoryKind) => {
    setMenu(null);
    setOpen((o) => new Set([...o, conditions.length]));
    props.onEdit(addConditionEdit(doc, kind));
  };
  const listProblem = props.problems.find((p) => p.path === '/victory');
  return (
    <Box data-testid="victory-editor">
      {conditions.length === 0 ? (
        <Alert severity={listProblem ? 'warning' : 'info'} sx={{ mb: 1 }} data-testid="victory-empty">
          No victory conditions yet: add one. Without one every game ends in a draw.
        </Alert>
      ) : (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {VICTORY_CLOSING}
        </Typography>
      )}
      <Stack spacing={1}>
        {conditions.map((c, i) => (
          <ConditionCard
            key={i}
            {...props}
            index={i}
            count={conditions.length}
            condition={c}
            open={open.has(i) || (props.focusPointer?.startsWith(`/victory/${i}/`) ?? false)}
            onToggle={() => toggle(i)}
            onMove={(d) => move(i, d)}
            onRemove={() => remove(i)}
          />
        ))}
      </Stack>
      <Button
        size="small"
        variant="outlined"
        sx={{ mt: 1 }}
        onClick={(e) => setMenu(e.currentTarget)}
        data-testid="victory-add"
        {...(props.focusPointer === '/victory' ? { autoFocus: true } : {})}
      >
        Add condition…
      </Button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {VICTORY_KINDS.map((k) => (
          <MenuItem key={k} onClick={() => add(k)} data-kind={k}>
            {VICTORY_KIND_WORDS[k]}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

interface CardProps extends VictoryEditorProps {
  index: number;
  count: number;
  condition: unknown;
  open: boolean;
  onToggle: () => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

function ConditionCard(props: CardProps) {
  const { doc, index: i } = props;
  const c = isRecord(props.condition) ? props.condition : {};
  const kind = typeof c.kind === 'string' ? c.kind : '';
  const base = `/victory/${i}`;
  const sentence = isRecord(props.condition) ? victorySentence(doc, props.condition as never) : 'Not a condition: remove it, or fix it in the file.';
  const sides = sideChoices(doc);
  // Problems of this condition that no field below shows (an objective id that names nothing, say).
  const own = props.problems.filter((p) => p.path === base || p.path.startsWith(`${base}/`));
  const field = (spec: FieldSpec, key: string, onChange: (v: unknown) => void) => {
    const pointer = `${base}/${key}`;
    const problem = props.problems.find((p) => p.path === pointer);
    return (
      <Field
        spec={spec}
        pointer={pointer}
        value={c[key]}
        focus={props.focusPointer === pointer}
        units={props.units}
        onChange={onChange}
        {...(problem ? { problem } : {})}
      />
    );
  };
  const sideSpec = (): FieldSpec => {
    if (kind === 'destroy') return { at: '/side', label: 'For', kind: 'select', options: ['any', ...sides.options], optionLabels: { any: 'Either side', ...sides.labels } };
    if (kind === 'points') return { at: '/side', label: 'For', kind: 'select', options: ['', ...sides.options], optionLabels: { '': 'Either side', any: 'Either side', ...sides.labels } };
    return { at: '/side', label: 'For', kind: 'select', options: sides.options, optionLabels: { any: 'Either side (not allowed here)', ...sides.labels } };
  };
  const set = (key: 'side' | 'objectives' | 'count' | 'edge' | 'percent', typing = false) => (v: unknown) =>
    props.onEdit(setConditionFieldEdit(doc, i, key, v === '' ? undefined : v, typing));
  const objectives = objectiveChoices(doc);
  const shownPaths = new Set([`${base}/kind`, `${base}/side`, `${base}/objectives`, `${base}/count`, `${base}/edge`, `${base}/percent`]);
  const unshown = own.filter((p) => !shownPaths.has(p.path));
  return (
    <Paper variant="outlined" sx={{ p: 1, borderColor: own.some((p) => p.severity === 'error') ? 'error.main' : 'divider' }} data-testid="victory-condition" data-index={i} data-kind={kind}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 18, pt: '2px' }}>{i + 1}.</Typography>
        <Box
          role="button"
          tabIndex={0}
          aria-expanded={props.open}
          onClick={props.onToggle}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              props.onToggle();
            }
          }}
          sx={{ flex: 1, minWidth: 0, cursor: 'pointer', pt: '2px', borderRadius: 0.5, '&:hover': { bgcolor: 'action.hover' }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
          title={props.open ? 'Hide its fields' : 'Edit this condition'}
        >
          <Typography variant="body2" data-testid="victory-sentence">{sentence}</Typography>
          <Typography variant="caption" color="primary" sx={{ display: 'block' }}>{props.open ? 'Hide fields ▴' : 'Edit ▾'}</Typography>
        </Box>
        <Stack direction="row" sx={{ flex: 'none' }}>
          <Tooltip title="Check it earlier">
            <span>
              <IconButton size="small" aria-label={`Move condition ${i + 1} up`} disabled={i === 0} onClick={() => props.onMove(-1)} data-testid="victory-up">↑</IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Check it later">
            <span>
              <IconButton size="small" aria-label={`Move condition ${i + 1} down`} disabled={i === props.count - 1} onClick={() => props.onMove(1)} data-testid="victory-down">↓</IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Remove this condition">
            <IconButton size="small" aria-label={`Remove condition ${i + 1}`} onClick={props.onRemove} data-testid="victory-remove">✕</IconButton>
          </Tooltip>
        </Stack>
      </Stack>
      {unshown.map((p) => (
        <Typography key={`${p.path}:${p.message}`} variant="caption" component="p" color={p.severity === 'error' ? 'error' : 'warning.main'} sx={{ ml: 3 }}>
          {p.message}
        </Typography>
      ))}
      {props.open && (
        <Stack spacing={1.5} sx={{ mt: 1.5 }} data-testid="victory-fields">
          {field({ at: '/kind', label: 'Kind', kind: 'select', options: VICTORY_KINDS, optionLabels: KIND_LABELS }, 'kind', (v) => {
            if ((VICTORY_KINDS as readonly unknown[]).includes(v)) props.onEdit(setConditionKindEdit(doc, i, v as VictoryKind));
          })}
          {VICTORY_KINDS.includes(kind as VictoryKind) && field(sideSpec(), 'side', set('side'))}
          {kind === 'hold' &&
            field(
              {
                at: '/objectives',
                label: 'Objectives to hold',
                kind: 'multi',
                options: objectives.options,
                optionLabels: objectives.labels,
                placeholder: 'Choose the objectives',
                help: 'The side must hold every objective chosen here when the game ends.',
              },
              'objectives',
              (v) => props.onEdit(setConditionFieldEdit(doc, i, 'objectives', v ?? [])),
            )}
          {kind === 'hold' && objectives.options.length === 0 && (
            <Typography variant="caption" color="text.secondary">The scenario has no objectives yet: add them under Objectives, or place them on the map with the Objective tool.</Typography>
          )}
          {kind === 'exit' && (
            <Stack direction="row" spacing={1}>
              <Box sx={{ flex: 1 }}>{field({ at: '/count', label: 'Units', kind: 'number', min: 1 }, 'count', set('count', true))}</Box>
              <Box sx={{ flex: 2 }}>{field({ at: '/edge', label: 'Off the', kind: 'select', options: EXIT_EDGES, optionLabels: EDGE_LABELS }, 'edge', set('edge'))}</Box>
            </Stack>
          )}
          {kind === 'destroy' &&
            field(
              { at: '/percent', label: "Share of the enemy's units (%)", kind: 'number', min: 1, max: 100, help: "Units destroyed, as a share of all the enemy's units, that wins the game." },
              'percent',
              set('percent', true),
            )}
        </Stack>
      )}
    </Paper>
  );
}
