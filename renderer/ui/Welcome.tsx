// What a user sees with nothing open: how to start, their recent work and the samples.
import { Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { DocumentRef, Library } from '../../domain/host-api.js';

function Cards(props: { refs: DocumentRef[]; onOpen: (ref: DocumentRef) => void }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5 }}>
      {props.refs.map((r) => (
        // Titles and file names wrap rather than end in an ellipsis: samples differ only towards the end of their names.
        <Card key={`${r.source}:${r.path}`} variant="outlined">
          <CardActionArea onClick={() => props.onOpen(r)} data-doc-path={r.path} sx={{ height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start' }}>
            <CardContent sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2">{r.title ?? r.name}</Typography>
              <Typography variant="caption" color="text.secondary" component="div" data-testid="card-file" sx={{ overflowWrap: 'anywhere' }}>
                {r.kind === 'army' ? 'Army list' : 'Scenario'} · {r.name}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

export function Welcome(props: { library: Library | null; onNew: () => void; onOpenDialog: () => void; onOpen: (ref: DocumentRef) => void }) {
  const lib = props.library;
  return (
    <Box sx={{ flex: 1, overflow: 'auto', p: 4 }} data-testid="welcome">
      <Typography variant="h5" gutterBottom>Welcome, mon général.</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Draw the battlefield, raise the orders of battle, and let the problems panel keep you honest.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 4 }}>
        <Button variant="contained" onClick={props.onNew}>New…</Button>
        <Button variant="outlined" onClick={props.onOpenDialog}>Open…</Button>
      </Stack>
      {lib && lib.recent.length > 0 && (
        <>
          <Typography variant="subtitle1" gutterBottom>Recent</Typography>
          <Cards refs={lib.recent} onOpen={props.onOpen} />
          <Box sx={{ height: 24 }} />
        </>
      )}
      <Typography variant="subtitle1" gutterBottom>Samples</Typography>
      <Cards refs={lib?.samples ?? []} onOpen={props.onOpen} />
    </Box>
  );
}
