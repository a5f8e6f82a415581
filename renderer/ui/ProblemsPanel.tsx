// Every problem in the document, errors first, each a click away from the value it is about. A problem about a field
// names it by the label of the control that edits it (field-labels.ts); the validator's own words stay in its tooltip.
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { showProblem } from './field-labels.js';

export function ProblemsPanel(props: { problems: Problem[]; doc?: AdcDocument | null; checking?: boolean; onPick(problem: Problem): void }) {
  const { problems } = props;
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  const sorted = [...errors, ...warnings];
  const doc = props.doc ?? null;
  const shown = useMemo(
    () => [...problems.filter((p) => p.severity === 'error'), ...problems.filter((p) => p.severity === 'warning')].map((p) => showProblem(doc, p)),
    [doc, problems],
  );
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
          {shown.map(({ problem: p, message, hint, target, where, relabelled }, i) => {
            // Where the value is, unless the message already names it; the pointer is for the tooltip only.
            const secondary = [message.includes(where) ? null : where, hint].filter((x) => x).join(' — ');
            return (
              <Tooltip
                key={`${p.path}-${i}`}
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
                  <ListItemText
                    primary={message}
                    secondary={secondary || undefined}
                    slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
                  />
                </ListItemButton>
              </Tooltip>
            );
          })}
        </List>
      )}
    </Box>
  );
}
