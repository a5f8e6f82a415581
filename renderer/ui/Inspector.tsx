// Properties of the selected entity. Every field edits one value through a command, so it is undoable and
// validated live; a field whose value has a problem shows it underneath. A scenario shows its fields in sections
// (ScenarioInspector.tsx), an objective its own form (ObjectivesEditor.tsx).
import { Box, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import type { AdcDocument, Objective, RuleSystem } from '../../domain/model.js';
import { isScenario, RULE_SYSTEMS } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { objectiveName } from '../../domain/sheet/words.js';
import type { EditorAction } from '../state/editor.js';
import { pointerToPath } from '../state/editor.js';
import { getAt } from '../state/history.js';
import { entityOf } from '../state/selection.js';
import type { Settings } from '../state/settings.js';
import { featureChoices } from './choices.js';
import { problemForField } from './field-labels.js';
import { fieldEdit, fieldsFor, type FieldSpec } from './inspector-fields.js';
import { Field, MemoField } from './InspectorField.js';
import { useLatest } from './use-latest.js';
import { ObjectiveForm } from './ObjectivesEditor.js';
import { ScenarioInspector } from './ScenarioInspector.js';

export function Inspector(props: {
  doc: AdcDocument;
  selected: string | null;
  problems: Problem[];
  focusPointer: string | null;
  units: Settings['units'];
  onEdit(action: EditorAction): void;
  /** Changing the rule system changes more than one value, so it is asked about first (RuleSystemDialog). */
  onRuleSystem?: (to: RuleSystem) => void;
}) {
  // Fields re-render only when what they show changes (MemoField), so their edits read the latest document here.
  const latest = useRef(props);
  useLatest(latest, props);
  const entity = entityOf(props.selected);
  const node = getAt(props.doc, pointerToPath(entity.pointer));
  if (node === null || typeof node !== 'object') {
    return <Typography sx={{ p: 2 }} color="text.secondary">Nothing selected.</Typography>;
  }
  const record = node as Record<string, unknown>;
  const specs = fieldsFor(props.doc, entity.kind, record, entity.pointer);
  const title =
    entity.kind === 'document'
      ? isScenario(props.doc)
        ? 'Scenario'
        : 'Army list'
      : entity.kind === 'objective' && isScenario(props.doc)
        ? `Objective: ${objectiveName(props.doc, record as unknown as Objective)}`
        : entity.kind === 'feature' && isScenario(props.doc) && !record.name && typeof record.id === 'string'
          ? // An unnamed feature as the pickers call it ("Unnamed town 1"), not by its id.
            `Feature: ${featureChoices(props.doc).labels[record.id] ?? record.id}`
          : `${entity.kind[0]!.toUpperCase()}${entity.kind.slice(1)}${record.name ?? record.id ? `: ${String(record.name ?? record.id)}` : ''}`;
  /** One field of the entity, or of one of its parts (a scenario's side) under `base`. */
  const renderField = (spec: FieldSpec, base = entity.pointer) => {
    const pointer = `${base}${spec.at}`;
    const problem = problemForField(props.doc, props.problems, pointer);
    const system = spec.at === '/ruleSystem' && base === '' && entity.kind === 'document';
    // The rule system's select is asked about before it changes (RuleSystemDialog): a cancelled change leaves the
    // document as it was, and only a re-render puts the select back, so that one field is not memoised.
    const Control = system ? Field : MemoField;
    return (
      <Control
        key={pointer}
        spec={spec}
        pointer={pointer}
        value={getAt(props.doc, pointerToPath(pointer))}
        focus={props.focusPointer === pointer}
        units={props.units}
        onChange={(v) => {
          const now = latest.current;
          const to = RULE_SYSTEMS.find((s) => s === v);
          if (system && to && now.onRuleSystem) now.onRuleSystem(to);
          else now.onEdit(fieldEdit(now.doc, base, spec, v));
        }}
        {...(problem ? { problem } : {})}
      />
    );
  };
  const scenario = isScenario(props.doc) ? props.doc : null;
  const common = { problems: props.problems, focusPointer: props.focusPointer, units: props.units, onEdit: (a: EditorAction) => props.onEdit(a) };
  return (
    <Box data-testid="inspector" sx={{ p: 1.5, overflow: 'auto', height: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>{title}</Typography>
      {entity.kind === 'document' && scenario ? (
        <ScenarioInspector doc={scenario} specs={specs} renderField={renderField} {...common} />
      ) : entity.kind === 'objective' && scenario ? (
        <ObjectiveForm doc={scenario} index={Number(entity.pointer.split('/')[2])} {...common} />
      ) : (
        <Stack spacing={1.5}>{specs.map((spec) => renderField(spec))}</Stack>
      )}
    </Box>
  );
}
