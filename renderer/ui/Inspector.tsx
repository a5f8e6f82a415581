// Properties of the selected entity. Every field edits one value through a command, so it is undoable and
// validated live; a field whose value has a problem shows it underneath. A scenario also shows its rule settings.
import { Box, Stack, Typography } from '@mui/material';
import type { AdcDocument, RuleSystem } from '../../domain/model.js';
import { isScenario, RULE_SYSTEMS } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import type { EditorAction } from '../state/editor.js';
import { pointerToPath } from '../state/editor.js';
import { getAt } from '../state/history.js';
import { entityOf } from '../state/selection.js';
import type { Settings } from '../state/settings.js';
import { problemForField } from './field-labels.js';
import { fieldEdit, fieldsFor } from './inspector-fields.js';
import { Field } from './InspectorField.js';
import { RuleSettings } from './RuleSettings.js';

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
      : `${entity.kind[0]!.toUpperCase()}${entity.kind.slice(1)}${record.name ?? record.id ? `: ${String(record.name ?? record.id)}` : ''}`;
  return (
    <Box data-testid="inspector" sx={{ p: 1.5, overflow: 'auto', height: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>{title}</Typography>
      <Stack spacing={1.5}>
        {specs.map((spec) => {
          const pointer = `${entity.pointer}${spec.at}`;
          const problem = problemForField(props.doc, props.problems, pointer);
          const system = spec.at === '/ruleSystem' && entity.kind === 'document' ? props.onRuleSystem : undefined;
          return (
            <Field
              key={`${entity.pointer}${spec.at}`}
              spec={spec}
              pointer={pointer}
              value={getAt(props.doc, pointerToPath(pointer))}
              focus={props.focusPointer === pointer}
              units={props.units}
              onChange={(v) => {
                const to = RULE_SYSTEMS.find((s) => s === v);
                if (system && to) system(to);
                else props.onEdit(fieldEdit(props.doc, entity.pointer, spec, v));
              }}
              {...(problem ? { problem } : {})}
            />
          );
        })}
      </Stack>
      {entity.kind === 'document' && isScenario(props.doc) && (
        <RuleSettings doc={props.doc} problems={props.problems} focusPointer={props.focusPointer} onEdit={props.onEdit} />
      )}
    </Box>
  );
}
