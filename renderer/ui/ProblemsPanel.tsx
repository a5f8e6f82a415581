// Every problem in the document, errors first, each a click away from the value it is about. A problem about a field
// names it by the label of the control that edits it (field-labels.ts); the validator's own words stay in its tooltip.
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import { memo, useMemo, useRef, useState } from 'react';
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { showProblem, type ShownProblem } from './field-labels.js';
import { useLatest } from './use-latest.js';

/**
 * Problems listed before "Show all": each row is MUI's list item and tooltip, and a document with thousands of
 * warnings took seconds to list them all; the errors come first, so none hides behind the cap unless there are more.
 */
export const PROBLEMS_SHOWN = 200;

export function ProblemsPanel(props: { problems: Problem[]; doc?: AdcDocument | null; checking?: boolean; onPick(problem: Problem): void }) {
  const { problems } = props;
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  const sorted = [...errors, ...warnings];
  const doc = props.doc ?? null;
  const [showAll, setShowAll] = useState(false);
  const capped = !showAll && problems.length > PROBLEMS_SHOWN;
  const shown = useMemo(() => {
    const ordered = [...problems.filter((p) => p.severity === 'error'), ...problems.filter((p) => p.severity === 'warning')];
    return (capped ? ordered.slice(0, PROBLEMS_SHOWN) : ordered).map((p) => showProblem(doc, p));
  }, [doc, problems, capped]);
  // Rows keep one callback, so a row re-renders only when what it shows changes.
  const latestPick = useRef<(problem: Problem) => void>(() => {});
  useLatest(latestPick, (problem: Problem) => props.onPick(problem));
  const pick = useMemo(() => (p: Problem) => latestPick.current(p), []);
  return (
    <Box data-testid="problems" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, alignItems: 'baseline' }}>
        <Typography variant="subtitle2">Problems</Typography>
        <Typography variant="caption" data-testid="problem-count" color={errors.length ? 'error' : 'text.secondary'}>
          {/* No count before anything is known: "0 errors" would be a claim nobody has checked. */}
          {props.checking && sorted.length === 0 ? '' : `${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`}
        </Typography>
        {props.checking && (
          <Typography variant="caption" color="text.secondary" data-testid="problems-checking" role="status">
            checking…
          </Typography>
        )}
      </Box>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
          {props.checking ? 'Checking the document…' : 'No problems: this document follows the format and its rule system.'}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflow: 'auto', flex: 1 }}>
          {shown.map((shownProblem, i) => (
            <ProblemRow key={`${shownProblem.problem.path}-${i}`} shown={shownProblem} onPick={pick} />
          ))}
          {capped && (
            <Box sx={{ px: 1.5, py: 0.5 }}>
              <Button size="small" onClick={() => setShowAll(true)} data-testid="problems-show-all">
                Show all {sorted.length.toLocaleString('en-GB')} problems
              </Button>
            </Box>
          )}
        </List>
      )}
    </Box>
  );
}

/** The shown problems are made again for every document; a row compares what it shows, not the objects. */
const sameRow = (a: { shown: ShownProblem; onPick: unknown }, b: { shown: ShownProblem; onPick: unknown }): boolean => {
  const x = a.shown;
  const y = b.shown;
  return (
    a.onPick === b.onPick &&
    x.problem.path === y.problem.path &&
    x.problem.severity === y.problem.severity &&
    x.problem.message === y.problem.message &&
    x.message === y.message &&
    x.hint === y.hint &&
    x.where === y.where &&
    x.relabelled === y.relabelled &&
    x.target?.label === y.target?.label &&
    x.target?.pointer === y.target?.pointer
  );
};

const ProblemRow = memo(function ProblemRow(props: { shown: ShownProblem; onPick(problem: Problem): void }) {
  const { problem: p, message, hint, target, where, relabelled } = props.shown;
  // Where the value is, unless the message already names it; the pointer is for the tooltip only.
  const secondary = [message.includes(where) ? null : where, hint].filter((x) => x).join(' — ');
  return (
    <Tooltip
      title={`${relabelled ? `In the file: ${p.message}` : p.message} (at ${p.path || 'the top level of the file'})`}
      // At the row's far end, where it hides neither the panel's counts nor the next problem's words.
      placement="bottom-end"
      enterDelay={600}
      describeChild
    >
      <ListItemButton onClick={() => props.onPick(p)} data-problem-path={p.path} data-severity={p.severity} {...(target ? { 'data-field': target.pointer } : {})}>
        <ListItemIcon sx={{ minWidth: 28, color: p.severity === 'error' ? 'error.main' : 'warning.main', fontWeight: 700 }}>
          {p.severity === 'error' ? '✖' : '▲'}
        </ListItemIcon>
        <ListItemText primary={message} secondary={secondary || undefined} slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }} />
      </ListItemButton>
    </Tooltip>
  );
}, sameRow);
