// The scenario's objectives: a list to add to, open and remove, and one objective's form (shown in that list and
// when an objective is selected on the map or in the outline): its name and VP, the side holding it at the start
// chosen by name, and where it is: on a feature picked by name, in a cell named and checked against the grid, or at
// a point with a radius. Placing by clicking on the map is the map's Objective tool.
import { Box, Button, Paper, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { isCellGrid } from '../../domain/grid.js';
import type { Objective, Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { tableFor } from '../../domain/sheet/forces.js';
import { inches, objectiveName } from '../../domain/sheet/words.js';
import type { EditorAction } from '../state/editor.js';
import type { Settings } from '../state/settings.js';
import { cellProblem, featureChoices, sideChoices } from './choices.js';
import type { FieldSpec } from './inspector-fields.js';
import { Field } from './InspectorField.js';
import { addObjectiveEdit, placementOf, placeObjectiveEdit, removeObjectiveEdit, setObjectiveFieldEdit, setObjectivePointEdit, type Placement } from './scenario-edits.js';

export interface ObjectiveProps {
  doc: Scenario;
  problems: readonly Problem[];
  focusPointer: string | null;
  units: Settings['units'];
  onEdit(action: EditorAction): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const objectivesOf = (doc: Scenario): unknown[] => (Array.isArray(doc.objectives) ? doc.objectives : []);

/** Where an objective is, in a few words for its row. */
function whereWords(doc: Scenario, o: Record<string, unknown>): string {
  const how = placementOf(o);
  if (how === 'feature') {
    const f = featureChoices(doc);
    return typeof o.feature === 'string' && Object.hasOwn(f.labels, o.feature) ? `On ${f.labels[o.feature]}` : 'On a feature that does not exist';
  }
  if (how === 'cell') return `Cell ${String(o.cell)}`;
  if (how === 'point') return typeof o.radius === 'number' ? `Within ${inches(o.radius)} of a point` : 'At a point';
  return 'Not placed';
}

/** The name of the feature an objective stands on, which the objective takes when it has none of its own. */
function featureName(doc: Scenario, id: unknown): string | null {
  const f = (Array.isArray(doc.terrain) ? doc.terrain : []).find((x) => isRecord(x) && x.id === id);
  return f && typeof f.name === 'string' && f.name.trim() ? `${f.name.trim()} (the feature's name)` : null;
}

/** The hold conditions that name an objective, by number, for "Named by victory condition 1". */
function namedBy(doc: Scenario, id: unknown): number[] {
  return (Array.isArray(doc.victory) ? doc.victory : []).flatMap((c, i) => (isRecord(c) && c.kind === 'hold' && Array.isArray(c.objectives) && (c.objectives as unknown[]).includes(id) ? [i + 1] : []));
}

export function ObjectivesEditor(props: ObjectiveProps) {
  const { doc } = props;
  const list = objectivesOf(doc);
  const [open, setOpen] = useState<number | null>(null);
  const focused = /^\/objectives\/(\d+)/.exec(props.focusPointer ?? '');
  const shown = focused ? Number(focused[1]) : open;
  return (
    <Box data-testid="objectives-editor">
      {list.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No objectives yet. Add one here, or place one on the map with the Objective tool (O).
        </Typography>
      )}
      <Stack spacing={0.75}>
        {list.map((o, i) => {
          const rec = isRecord(o) ? o : {};
          const problems = props.problems.filter((p) => p.path.startsWith(`/objectives/${i}/`) || p.path === `/objectives/${i}`);
          const vp = typeof rec.vp === 'number' ? `${rec.vp} VP` : '';
          return (
            <Paper key={i} variant="outlined" sx={{ borderColor: problems.some((p) => p.severity === 'error') ? 'error.main' : 'divider' }} data-testid="objective-row" data-index={i}>
              <Box
                role="button"
                tabIndex={0}
                aria-expanded={shown === i}
                onClick={() => setOpen(shown === i ? null : i)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setOpen(shown === i ? null : i);
                  }
                }}
                sx={{ px: 1, py: 0.5, cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } }}
              >
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>{objectiveName(doc, rec as unknown as Objective)}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ flex: 'none' }}>{vp}</Typography>
                </Stack>
                <Typography variant="caption" color={problems.length ? (problems.some((p) => p.severity === 'error') ? 'error' : 'warning.main') : 'text.secondary'} noWrap component="p">
                  {problems.length ? problems[0]!.message : whereWords(doc, rec)}
                </Typography>
              </Box>
              {shown === i && (
                <Box sx={{ px: 1, pb: 1, pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
                  <ObjectiveForm {...props} index={i} onRemoved={() => setOpen(null)} onSelect={() => props.onEdit({ type: 'select', pointer: `/objectives/${i}` })} />
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
      <Button
        size="small"
        variant="outlined"
        sx={{ mt: 1 }}
        data-testid="objective-add"
        onClick={() => {
          setOpen(list.length);
          props.onEdit(addObjectiveEdit(doc));
        }}
      >
        Add objective
      </Button>
    </Box>
  );
}

const PLACEMENT_WORDS: Record<Placement, string> = { feature: 'Feature', cell: 'Cell', point: 'Point' };

/** One objective's fields; `onSelect` offers to show it on the map, `onRemoved` follows its removal. */
export function ObjectiveForm(props: ObjectiveProps & { index: number; onRemoved?: () => void; onSelect?: () => void }) {
  const { doc, index: i } = props;
  const o = objectivesOf(doc)[i];
  const rec = isRecord(o) ? o : {};
  const base = `/objectives/${i}`;
  const how = placementOf(rec);
  const gridded = isCellGrid(doc.grid);
  const sides = sideChoices(doc);
  const features = featureChoices(doc);
  const table = tableFor(doc.ruleSystem);
  const usedBy = namedBy(doc, rec.id);
  const field = (spec: FieldSpec, value: unknown, onChange: (v: unknown) => void) => {
    const pointer = `${base}${spec.at}`;
    const problem = props.problems.find((p) => p.path === pointer);
    return (
      <Field spec={spec} pointer={pointer} value={value} focus={props.focusPointer === pointer} units={props.units} onChange={onChange} {...(problem ? { problem } : {})} />
    );
  };
  const at = Array.isArray(rec.at) ? (rec.at as unknown[]) : [];
  const placeProblem = props.problems.find((p) => p.path === base);
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }} data-testid="objective-form" data-index={i}>
      {field({ at: '/name', label: 'Name', kind: 'text', placeholder: featureName(doc, rec.feature) ?? 'As printed on the sheet' }, rec.name, (v) =>
        props.onEdit(setObjectiveFieldEdit(doc, i, 'name', v, true)),
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Box sx={{ flex: '1 1 90px' }}>
          {field(
            { at: '/vp', label: 'Victory points', kind: 'number', min: 0, ...(table ? { placeholder: `${table.objective} (${table.name})` } : {}) },
            rec.vp,
            (v) => props.onEdit(setObjectiveFieldEdit(doc, i, 'vp', v, true)),
          )}
        </Box>
        <Box sx={{ flex: '2 1 150px', minWidth: 0 }}>
          {field(
            { at: '/heldBy', label: 'Held at the start by', kind: 'select', options: ['', ...sides.options], optionLabels: { '': 'Nobody', ...sides.labels } },
            rec.heldBy,
            (v) => props.onEdit(setObjectiveFieldEdit(doc, i, 'heldBy', v === '' ? undefined : v)),
          )}
        </Box>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>Placed</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          fullWidth
          value={how}
          onChange={(_e, v: Placement | null) => v && v !== how && props.onEdit(placeObjectiveEdit(doc, i, v))}
          aria-label="How the objective is placed"
        >
          {(['feature', 'cell', 'point'] as const).map((p) => (
            <ToggleButton
              key={p}
              value={p}
              disabled={(p === 'cell' && !gridded) || (p === 'feature' && features.options.length === 0)}
              data-placement={p}
              sx={{ py: 0.25, textTransform: 'none' }}
            >
              {p === 'cell' && !gridded ? <Tooltip title="This map has no grid"><span>{PLACEMENT_WORDS[p]}</span></Tooltip> : PLACEMENT_WORDS[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {placeProblem && (
          <Typography variant="caption" color={placeProblem.severity === 'error' ? 'error' : 'warning.main'} component="p">{placeProblem.message}</Typography>
        )}
      </Box>
      {how === 'feature' &&
        field(
          { at: '/feature', label: 'Feature', kind: 'select', options: features.options, optionLabels: features.labels, note: 'The objective is wherever this feature is.' },
          rec.feature,
          (v) => typeof v === 'string' && props.onEdit(setObjectiveFieldEdit(doc, i, 'feature', v)),
        )}
      {how === 'cell' &&
        field(
          {
            at: '/cell',
            label: 'Cell',
            kind: 'text',
            placeholder: 'e.g. C4',
            check: (v) => cellProblem(doc, v),
            note: "Column letters and row number, as on the map's grid.",
          },
          rec.cell,
          (v) => props.onEdit(setObjectiveFieldEdit(doc, i, 'cell', typeof v === 'string' ? v.trim().toUpperCase() : v, true)),
        )}
      {how === 'point' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <Box>
            {field({ at: '/at/0', label: 'East (″)', kind: 'number', help: 'Inches from the west edge of the table.' }, at[0], (v) => props.onEdit(setObjectivePointEdit(doc, i, 0, v)))}
          </Box>
          <Box>
            {field({ at: '/at/1', label: 'South (″)', kind: 'number', help: 'Inches from the north edge of the table.' }, at[1], (v) => props.onEdit(setObjectivePointEdit(doc, i, 1, v)))}
          </Box>
          <Box sx={{ gridColumn: '1 / 3' }}>
            {field(
              { at: '/radius', label: 'Radius (″)', kind: 'number', min: 0, help: 'How near a unit must be to hold the objective.', note: 'How near a unit must be to hold it.' },
              rec.radius,
              (v) => props.onEdit(setObjectiveFieldEdit(doc, i, 'radius', v, true)),
            )}
          </Box>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {usedBy.length ? `Named by victory condition ${usedBy.join(', ')}. ` : 'No victory condition names it yet. '}
        To place it by clicking, use the map's Objective tool (O).
      </Typography>
      <Stack direction="row" spacing={1}>
        {props.onSelect && (
          <Button size="small" onClick={props.onSelect} data-testid="objective-show" sx={{ whiteSpace: 'nowrap' }}>Show on map</Button>
        )}
        <Button
          size="small"
          color="error"
          data-testid="objective-remove"
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => {
            props.onRemoved?.();
            props.onEdit(removeObjectiveEdit(doc, i));
          }}
        >
          Remove
        </Button>
      </Stack>
    </Stack>
  );
}
