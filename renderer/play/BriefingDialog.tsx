// The scenario's briefings and victory conditions, readable during test play: the side the human plays first, then
// the others, then the conditions in the order they are checked, worded as the editor and the sheet word them.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { Scenario } from '../../domain/model.js';
import { VICTORY_CLOSING, victorySentences } from '../../domain/victory-words.js';
import { briefingParts } from './briefing.js';
import type { Seat } from './engine-client.js';
import type { SideOrder } from './play-view.js';

const SERIF = 'Georgia, "Liberation Serif", "DejaVu Serif", serif';

export function BriefingDialog({ scenario, order, players, onClose }: { scenario: Scenario; order: SideOrder; players: Readonly<Record<'red' | 'blue', Seat>> | null; onClose: () => void }) {
  const parts = briefingParts(scenario, order, players);
  const conditions = victorySentences(scenario);
  const description = typeof scenario.description === 'string' ? scenario.description.trim() : '';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="play-briefing">
      <DialogTitle>{scenario.title || 'Briefing'}</DialogTitle>
      <DialogContent dividers sx={{ fontFamily: SERIF, fontSize: 14, lineHeight: 1.5, color: '#2b2924' }}>
        {description && (
          <Box component="p" sx={{ fontStyle: 'italic', mt: 0 }}>
            {description}
          </Box>
        )}
        {parts.map((p) => (
          <Box key={p.side} sx={{ mb: 2 }} data-testid="play-briefing-side" data-side={p.side}>
            <Typography variant="subtitle2" component="h3" sx={{ fontFamily: SERIF }}>
              {p.name}
              {p.human ? ' (your side)' : ''}
            </Typography>
            <Box sx={{ whiteSpace: 'pre-wrap', color: p.text ? undefined : 'text.secondary' }}>{p.text || 'No briefing for this side.'}</Box>
          </Box>
        ))}
        <Typography variant="subtitle2" component="h3" sx={{ fontFamily: SERIF }}>
          Victory conditions
        </Typography>
        {conditions.length ? (
          <>
            <Box component="ol" sx={{ mt: 0.5, mb: 0.5, pl: 3 }} data-testid="play-briefing-victory">
              {conditions.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </Box>
            <Box sx={{ fontSize: 13, color: 'text.secondary' }}>{VICTORY_CLOSING}</Box>
          </>
        ) : (
          <Box sx={{ color: 'text.secondary' }} data-testid="play-briefing-victory">
            The scenario sets no victory conditions.
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="play-briefing-close" autoFocus>
          Back to the game
        </Button>
      </DialogActions>
    </Dialog>
  );
}
