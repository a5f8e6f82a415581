// Every problem in the document, errors first, each a click away from the value it is about.
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { Problem } from '../../domain/problems.js';

export function ProblemsPanel(props: { problems: Problem[]; checking?: boolean; onPick(problem: Problem): void }) {
  const errors = props.problems.filter((p) => p.severity === 'error');
  const warnings = props.problems.filter((p) => p.severity === 'warning');
  const sorted = [...errors, ...warnings];
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
          {sorted.map((p, i) => (
            <ListItemButton key={`${p.path}-${i}`} onClick={() => props.onPick(p)} data-problem-path={p.path} data-severity={p.severity}>
              <ListItemIcon sx={{ minWidth: 28, color: p.severity === 'error' ? 'error.main' : 'warning.main', fontWeight: 700 }}>
                {p.severity === 'error' ? '✖' : '▲'}
              </ListItemIcon>
              <ListItemText
                primary={p.message}
                secondary={`${p.path || '/'}${p.hint ? ` — ${p.hint}` : ''}`}
                slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
