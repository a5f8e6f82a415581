// The scenario's prose: the description, a briefing for each side and the umpire's notes, each written in a
// multi-line field with a preview set as the sheet prints it; and the special rules, an ordered list to add to,
// reorder, edit and remove. Briefings are keyed by side id in the file and titled here by the side's name.
import { Box, Button, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import type { Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { safeColor } from '../../domain/sheet/escape.js';
import type { EditorAction } from '../state/editor.js';
import type { Settings } from '../state/settings.js';
import { Field } from './InspectorField.js';
import { addRuleEdit, briefingTitle, moveRuleEdit, removeRuleEdit, setBriefingEdit, setRuleEdit } from './scenario-edits.js';

export interface ProseProps {
  doc: Scenario;
  problems: readonly Problem[];
  focusPointer: string | null;
  units: Settings['units'];
  onEdit(action: EditorAction): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const SERIF = 'Georgia, "Liberation Serif", "DejaVu Serif", serif';
/** Long text reads better a size down from the form's single-line fields. */
const PROSE_INPUT = { '& .MuiInputBase-root': { fontSize: 14, lineHeight: 1.45 } } as const;

/**
 * A text as the sheet sets it: briefings keep their line breaks and blank lines as paragraphs; the description is
 * one paragraph in italics, its line breaks read as spaces.
 */
export function ProsePreview(props: { text: string; as: 'briefing' | 'description' }) {
  const empty = props.text.trim() === '';
  return (
    <Box
      data-testid="prose-preview"
      sx={{
        fontFamily: SERIF,
        fontSize: 13,
        lineHeight: 1.45,
        whiteSpace: props.as === 'briefing' ? 'pre-wrap' : 'normal',
        fontStyle: props.as === 'description' ? 'italic' : 'normal',
        overflowWrap: 'break-word',
        p: 1,
        minHeight: 56,
        bgcolor: '#fbfaf6',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: empty ? 'text.secondary' : '#2b2924',
      }}
    >
      {empty ? 'Nothing written yet: the sheet leaves it out.' : props.text}
    </Box>
  );
}

/** A multi-line text with a Write / Preview switch. */
export function ProseField(props: {
  label: string;
  /** The heading shown above the text, where the section already says the rest of the label. */
  heading?: string;
  pointer: string;
  value: unknown;
  as: 'briefing' | 'description';
  problem?: Problem | undefined;
  focus: boolean;
  units: Settings['units'];
  swatch?: string;
  help?: string;
  onChange(text: string): void;
}) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const text = typeof props.value === 'string' ? props.value : '';
  return (
    <Box data-testid="prose-field" data-pointer-for={props.pointer}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          {props.swatch && <Box component="span" sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: props.swatch, flex: 'none', border: 1, borderColor: 'rgba(0,0,0,0.2)' }} />}
          {props.heading ?? props.label}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={mode} sx={{ flex: 'none' }} onChange={(_e, v: 'write' | 'preview' | null) => v && setMode(v)} aria-label={`${props.label}: write or preview`}>
          <ToggleButton value="write" sx={{ py: 0, px: 1, fontSize: 11, textTransform: 'none' }}>Write</ToggleButton>
          <ToggleButton value="preview" sx={{ py: 0, px: 1, fontSize: 11, textTransform: 'none' }} data-testid="prose-preview-toggle">Preview</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {mode === 'write' ? (
        <Box sx={PROSE_INPUT}>
        <Field
          spec={{ at: '', label: props.label, hideLabel: true, kind: 'multiline', ...(props.help ? { help: props.help } : {}), note: props.as === 'description' ? 'Printed under the title as one paragraph.' : 'A blank line starts a new paragraph.' }}
          pointer={props.pointer}
          value={props.value}
          focus={props.focus}
          units={props.units}
          onChange={(v) => props.onChange(typeof v === 'string' ? v : '')}
          {...(props.problem ? { problem: props.problem } : {})}
        />
        </Box>
      ) : (
        <ProsePreview text={text} as={props.as} />
      )}
    </Box>
  );
}

/** Briefing keys in order: each side's, the umpire's, then any key the author used that names no side. */
function briefingKeys(doc: Scenario): { key: string; side: number | null }[] {
  const sides = Array.isArray(doc.sides) ? doc.sides : [];
  const keys: { key: string; side: number | null }[] = [];
  sides.forEach((s, i) => {
    if (isRecord(s) && typeof s.id === 'string') keys.push({ key: s.id, side: i });
  });
  keys.push({ key: 'umpire', side: null });
  const briefings = isRecord(doc.briefings) ? doc.briefings : {};
  for (const k of Object.keys(briefings)) if (!keys.some((x) => x.key === k)) keys.push({ key: k, side: null });
  return keys;
}

const SIDE_FALLBACK = ['#b03a2e', '#1f4e8c'];

export function BriefingsEditor(props: ProseProps) {
  const { doc } = props;
  const briefings = isRecord(doc.briefings) ? doc.briefings : {};
  const sides = Array.isArray(doc.sides) ? doc.sides : [];
  return (
    <Stack spacing={2} data-testid="briefings-editor">
      {briefingKeys(doc).map(({ key, side }) => {
        const pointer = `/briefings/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const problem = props.problems.find((p) => p.path === pointer);
        const stray = side === null && key !== 'umpire';
        return (
          <Box key={key} data-briefing={side === null ? key : `side-${side}`}>
            <ProseField
              label={briefingTitle(doc, key)}
              heading={side !== null ? briefingTitle(doc, key).replace(/ briefing$/, '') : briefingTitle(doc, key)}
              pointer={pointer}
              value={briefings[key]}
              as="briefing"
              problem={problem}
              focus={props.focusPointer === pointer}
              units={props.units}
              {...(side !== null ? { swatch: safeColor(sides[side]?.color, SIDE_FALLBACK[side] ?? '#888') } : {})}
              help={side !== null ? 'Read by this side only: its orders, what it knows, what it should fear.' : key === 'umpire' ? 'For the umpire: hidden forces, timings, what neither side knows.' : undefined}
              onChange={(t) => props.onEdit(setBriefingEdit(doc, key, t))}
            />
            {stray && (
              <Button size="small" color="error" onClick={() => props.onEdit(setBriefingEdit(doc, key, ''))}>
                Remove this briefing
              </Button>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export function SpecialRulesEditor(props: ProseProps) {
  const { doc } = props;
  const rules = Array.isArray(doc.specialRules) ? doc.specialRules : [];
  return (
    <Box data-testid="special-rules-editor">
      {rules.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          None: the rules apply as written. Add a rule for anything this battle changes.
        </Typography>
      )}
      <Stack spacing={1}>
        {rules.map((rule, i) => {
          const pointer = `/specialRules/${i}`;
          const problem = props.problems.find((p) => p.path === pointer);
          return (
            <Box key={i} data-testid="special-rule" data-index={i}>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 18, pt: 1 }}>{i + 1}.</Typography>
                <Box sx={{ flex: 1, minWidth: 0, ...PROSE_INPUT }}>
                  <Field
                    spec={{ at: '', label: `Special rule ${i + 1}`, hideLabel: true, kind: 'multiline', placeholder: 'What this battle changes in the rules' }}
                    pointer={pointer}
                    value={rule}
                    focus={props.focusPointer === pointer}
                    units={props.units}
                    onChange={(v) => props.onEdit(setRuleEdit(doc, i, typeof v === 'string' ? v : ''))}
                    {...(problem ? { problem } : {})}
                  />
                </Box>
                <Stack sx={{ flex: 'none' }}>
                  <Tooltip title="Move up" placement="left">
                    <span>
                      <IconButton size="small" aria-label={`Move rule ${i + 1} up`} disabled={i === 0} onClick={() => { const e = moveRuleEdit(doc, i, -1); if (e) props.onEdit(e); }}>↑</IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down" placement="left">
                    <span>
                      <IconButton size="small" aria-label={`Move rule ${i + 1} down`} disabled={i === rules.length - 1} onClick={() => { const e = moveRuleEdit(doc, i, 1); if (e) props.onEdit(e); }}>↓</IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remove this rule" placement="left">
                    <IconButton size="small" aria-label={`Remove rule ${i + 1}`} onClick={() => props.onEdit(removeRuleEdit(doc, i))}>✕</IconButton>
                  </Tooltip>
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Button
        size="small"
        variant="outlined"
        sx={{ mt: 1 }}
        data-testid="special-rule-add"
        onClick={() => {
          const added = `/specialRules/${rules.length}`;
          props.onEdit(addRuleEdit(doc));
          // The new rule's field exists once React has drawn it: typing can start at once.
          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="special-rules-editor"] [data-pointer="${added}"]`)?.focus());
        }}
      >
        Add rule
      </Button>
    </Box>
  );
}
