// Unsaved work from an earlier run, offered beside a document named at launch rather than in front of it: one line
// per piece of work with Recover and Discard, and Later, which only hides the offer. Nothing here deletes anything
// but Discard; what is put off is offered again at the next start.
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import type { Backup } from '../../domain/host-api.js';

export function RecoveryBanner(props: { backups: Backup[]; onRestore: (b: Backup) => void; onDiscard: (b: Backup) => void; onLater: () => void }) {
  if (props.backups.length === 0) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="region"
      aria-label="Unsaved work to recover"
      sx={{ borderRadius: 0, borderLeft: 0, borderRight: 0, bgcolor: '#fff8e6', py: 0.25, '& .MuiAlert-message': { flex: 1, py: 0.5 } }}
      action={
        <Button color="inherit" size="small" onClick={props.onLater} data-testid="recovery-later" sx={{ alignSelf: 'center' }}>
          Later
        </Button>
      }
      data-testid="recovery-banner"
    >
      {props.backups.length > 1 && <AlertTitle sx={{ mb: 0 }}>Unsaved work from an earlier session can be recovered</AlertTitle>}
      <Box sx={{ maxHeight: 120, overflow: 'auto' }}>
        {props.backups.map((b) => (
          <Stack key={b.key} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="recovery-item">
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={b.path ?? 'never saved'}>
              Unsaved work from {new Date(b.savedAt).toLocaleString()} on <b>{b.title}</b>
              {b.path ? '' : ' (never saved)'} can be recovered.
            </Typography>
            <Button size="small" variant="contained" color="warning" disableElevation onClick={() => props.onRestore(b)} data-testid="recovery-restore">
              Recover
            </Button>
            <Button size="small" color="inherit" onClick={() => props.onDiscard(b)} data-testid="recovery-discard">
              Discard
            </Button>
          </Stack>
        ))}
      </Box>
    </Alert>
  );
}
