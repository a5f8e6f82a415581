// The scenario's own fields in collapsible sections: General, Sides, Victory, Objectives, Briefings, Special rules
// and Rule settings. Each header says what is inside in a few words and how many problems it holds, so a closed
// section still tells the designer where work is left. Which sections are open is remembered; picking a problem
// opens the section that holds its field and puts the cursor there.
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { profileFor } from '../../domain/rule-systems/registry.js';
import { safeColor } from '../../domain/sheet/escape.js';
import { sideName } from '../../domain/sheet/words.js';
import type { EditorAction } from '../state/editor.js';
import { getAt } from '../state/history.js';
import { pointerToPath } from '../state/editor.js';
import type { Settings } from '../state/settings.js';
import { BriefingsEditor, ProseField, SpecialRulesEditor } from './BriefingsEditor.js';
import { fieldEdit, fieldsFor, type FieldSpec } from './inspector-fields.js';
import { ObjectivesEditor } from './ObjectivesEditor.js';
import { RuleSettings } from './RuleSettings.js';
import { VictoryEditor } from './VictoryEditor.js';
import { SECTIONS, SECTION_TITLES as TITLES, sectionOf, type SectionId } from './inspector-sections.js';

const STORAGE_KEY = 'adc-inspector-sections';

function loadOpen(): SectionId[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(raw)) return SECTIONS.filter((s) => raw.includes(s));
  } catch {
    // Unreadable or refused storage: start as a first visit does.
  }
  return ['general'];
}

function saveOpen(open: readonly SectionId[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(open));
  } catch {
    // Storage can be full or refused; the sections are then only not remembered.
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What a closed section holds, in a few words. */
function summaryOf(doc: Scenario, id: SectionId): string {
  const sides = Array.isArray(doc.sides) ? doc.sides : [];
  switch (id) {
    case 'general': {
      const limit = doc.turns && typeof doc.turns.limit === 'number' ? `, ${plural(doc.turns.limit, 'turn')}` : '';
      return `${profileFor(doc.ruleSystem)?.title ?? 'No rule system'}${limit}`;
    }
    case 'sides':
      return sides.map((s, i) => sideName(s, `Side ${i + 1}`)).join(' v ');
    case 'victory': {
      const n = Array.isArray(doc.victory) ? doc.victory.length : 0;
      return n ? plural(n, 'condition') : 'none yet';
    }
    case 'objectives': {
      const n = Array.isArray(doc.objectives) ? doc.objectives.length : 0;
      return n ? String(n) : 'none';
    }
    case 'briefings': {
      const b = isRecord(doc.briefings) ? doc.briefings : {};
      const keys = [...sides.map((s) => s?.id), 'umpire'];
      const written = keys.filter((k) => typeof k === 'string' && typeof b[k] === 'string' && b[k].trim() !== '').length;
      return `${written} of ${keys.length} written`;
    }
    case 'rules': {
      const n = Array.isArray(doc.specialRules) ? doc.specialRules.length : 0;
      return n ? plural(n, 'rule') : 'none';
    }
    case 'settings': {
      const block = isRecord(doc.ruleOptions) ? doc.ruleOptions[doc.ruleSystem] : undefined;
      const n = isRecord(block) ? Object.keys(block).length : 0;
      return n ? `${n} changed` : "the rules' defaults";
    }
  }
}

export interface ScenarioInspectorProps {
  doc: Scenario;
  /** The scenario's general fields (fieldsFor 'document'). */
  specs: FieldSpec[];
  /** Draws one generic field, as the inspector draws every entity's fields, under `base` (the entity's pointer). */
  renderField(spec: FieldSpec, base?: string): ReactNode;
  problems: readonly Problem[];
  focusPointer: string | null;
  units: Settings['units'];
  onEdit(action: EditorAction): void;
}

export function ScenarioInspector(props: ScenarioInspectorProps) {
  const { doc } = props;
  const [open, setOpen] = useState<SectionId[]>(() => {
    const remembered = loadOpen();
    const s = sectionOf(props.focusPointer);
    return s && !remembered.includes(s) ? [...remembered, s] : remembered;
  });
  // A problem picked elsewhere opens the section that holds its field (state adjusted while rendering, as React
  // advises for state that follows a prop).
  const [seenFocus, setSeenFocus] = useState(props.focusPointer);
  if (props.focusPointer !== seenFocus) {
    setSeenFocus(props.focusPointer);
    const s = sectionOf(props.focusPointer);
    if (s && !open.includes(s)) setOpen([...open, s]);
  }
  const toggle = (id: SectionId, expanded: boolean) => {
    const next = SECTIONS.filter((s) => (s === id ? expanded : open.includes(s)));
    setOpen(next);
    saveOpen(next);
  };
  const onEdit = (a: EditorAction) => props.onEdit(a);
  const common = { doc, problems: props.problems, focusPointer: props.focusPointer, units: props.units, onEdit };
  const body: Record<SectionId, () => ReactNode> = {
    general: () => <GeneralFields {...props} />,
    sides: () => <SidesFields {...props} />,
    victory: () => <VictoryEditor {...common} />,
    objectives: () => <ObjectivesEditor {...common} />,
    briefings: () => <BriefingsEditor {...common} />,
    rules: () => <SpecialRulesEditor {...common} />,
    settings: () => <RuleSettings doc={doc} problems={props.problems} focusPointer={props.focusPointer} onEdit={onEdit} embedded />,
  };
  return (
    <Box sx={{ mx: -1.5 }} data-testid="scenario-sections">
      {SECTIONS.map((id) => {
        const inside = props.problems.filter((p) => sectionOf(p.path) === id);
        const errors = inside.filter((p) => p.severity === 'error').length;
        const warnings = inside.length - errors;
        return (
          <Accordion
            key={id}
            disableGutters
            square
            elevation={0}
            expanded={open.includes(id)}
            onChange={(_e, expanded) => toggle(id, expanded)}
            data-section={id}
            sx={{ borderTop: 1, borderColor: 'divider', '&::before': { display: 'none' }, bgcolor: 'transparent' }}
            slotProps={{
              heading: { component: 'div' },
              transition: {
                unmountOnExit: true,
                // The field a picked problem is about can take the cursor once its section has opened.
                onEntered: (node: HTMLElement) => {
                  const pointer = props.focusPointer;
                  if (pointer === null || sectionOf(pointer) !== id) return;
                  const el = node.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(pointer)}"]`);
                  el?.focus();
                  el?.scrollIntoView({ block: 'nearest' });
                },
              },
            }}
          >
            <AccordionSummary
              expandIcon={<Box component="span" sx={{ fontSize: 12, lineHeight: 1 }}>▾</Box>}
              sx={{ minHeight: 36, px: 1.5, '& .MuiAccordionSummary-content': { my: 0.75, minWidth: 0, alignItems: 'baseline', gap: 1 } }}
              data-testid={`section-${id}`}
            >
              <Typography variant="subtitle2" sx={{ flex: 'none' }}>{TITLES[id]}</Typography>
              <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid={`section-${id}-summary`}>
                {summaryOf(doc, id)}
              </Typography>
              {inside.length > 0 && (
                <Box
                  component="span"
                  title={[errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ')}
                  sx={{ flex: 'none', mr: 0.75, fontSize: 11, fontWeight: 600, px: 0.75, borderRadius: 8, color: '#fff', bgcolor: errors ? 'error.main' : 'warning.main' }}
                >
                  {inside.length}
                </Box>
              )}
            </AccordionSummary>
            <AccordionDetails sx={{ px: 1.5, pt: 0.5, pb: 2 }}>{open.includes(id) ? body[id]() : null}</AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

/** The scenario's general fields, the description written with a preview as the sheet prints it. */
function GeneralFields(props: ScenarioInspectorProps) {
  const { doc } = props;
  return (
    <Stack spacing={1.5}>
      {props.specs.map((spec) => {
        if (spec.at === '/specialRules') return null;
        if (spec.at === '/description') {
          const problem = props.problems.find((p) => p.path === '/description');
          return (
            <ProseField
              key={spec.at}
              label="Description"
              pointer="/description"
              value={doc.description}
              as="description"
              problem={problem}
              focus={props.focusPointer === '/description'}
              units={props.units}
              help="The battle in a few lines, printed under the title."
              onChange={(t) => props.onEdit(fieldEdit(doc, '', spec, t === '' ? undefined : t))}
            />
          );
        }
        return <Box key={spec.at}>{props.renderField(spec, '')}</Box>;
      })}
    </Stack>
  );
}

const SIDE_FALLBACK = ['#b03a2e', '#1f4e8c'];

/** Each side's name, nation and colour. Its id stays as it is: everything else in the file refers to it. */
function SidesFields(props: ScenarioInspectorProps) {
  const { doc } = props;
  const sides = Array.isArray(doc.sides) ? doc.sides : [];
  return (
    <Stack spacing={2}>
      {sides.map((side, i) => {
        const node = getAt(doc, pointerToPath(`/sides/${i}`));
        if (!isRecord(node)) return null;
        const specs = fieldsFor(doc, 'side', node, `/sides/${i}`).filter((s) => s.at !== '/id');
        return (
          // A group named for the side, so each side's Name, Nation and Colour are told apart by more than their order.
          <Box key={i} data-side={i} role="group" aria-labelledby={`side-heading-${i}`}>
            <Typography id={`side-heading-${i}`} variant="body2" sx={{ fontWeight: 600, mb: 1, display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: safeColor(side?.color, SIDE_FALLBACK[i] ?? '#888'), border: 1, borderColor: 'rgba(0,0,0,0.2)' }} />
              {sideName(side, `Side ${i + 1}`)}
            </Typography>
            <Stack spacing={1.5}>{specs.map((spec) => <Box key={spec.at}>{props.renderField(spec, `/sides/${i}`)}</Box>)}</Stack>
          </Box>
        );
      })}
      <Typography variant="caption" color="text.secondary">Their orders of battle are in the Forces tab and the outline.</Typography>
    </Stack>
  );
}
