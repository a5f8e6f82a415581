// The Hex Skirmish parts of the decision panel: a hovered cannon shot or melee explained in words, and splitting a
// formation by any number of men (legal-actions offers half; the engine takes any count from 1 to men − 1).
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { CannonExplanation, MeleeExplanation } from '../../domain/engine-protocol.js';
import { cannonWords, meleeWords } from './hex-words.js';
import type { EngineAction } from './play-actions.js';

export function CannonView({ x, targetName }: { x: CannonExplanation; targetName: string }) {
  const w = cannonWords(x);
  return (
    <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool" data-kind="cannon">
      <Typography variant="body2">
        Fire on <b>{targetName}</b>. {w.head}
      </Typography>
      {w.modifiers.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {w.modifiers.map((m, i) => (
            <Typography component="li" variant="caption" key={i} sx={{ display: 'list-item' }}>
              {m}
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="caption" component="div">
        Casualties by roll: <b style={{ fontFamily: 'monospace' }}>{w.byRoll}</b>
      </Typography>
      <Typography variant="caption" component="div" data-testid="play-pool-odds">
        {w.odds}
      </Typography>
    </Paper>
  );
}

export function MeleeView({ x, targetName, names }: { x: MeleeExplanation; targetName: string; names: ReadonlyMap<string, string> }) {
  const w = meleeWords(x, names);
  return (
    <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool" data-kind="melee">
      <Typography variant="body2">
        Melee against <b>{targetName}</b>
      </Typography>
      {w.sides.map((s, i) => (
        <Typography variant="caption" component="div" key={i}>
          {s}
        </Typography>
      ))}
      <Typography variant="caption" component="div">
        Ratio {w.row}
      </Typography>
      <Typography variant="caption" component="div" sx={{ fontWeight: 600 }} data-testid="play-pool-odds">
        {w.odds}
      </Typography>
    </Paper>
  );
}

/** A split, with the number of men to split off: any from 1 to one fewer than the formation has. */
export function SplitControl({ action, men, label, onAct }: { action: EngineAction; men: number; label: (a: EngineAction) => string; onAct: (a: EngineAction) => void }) {
  const [count, setCount] = useState(String(action.men ?? Math.floor(men / 2)));
  const n = Number(count);
  const ok = Number.isInteger(n) && n >= 1 && n <= men - 1;
  const chosen: EngineAction = { ...action, men: ok ? n : action.men };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <TextField
        size="small"
        type="number"
        label="Men"
        value={count}
        onChange={(e) => setCount(e.target.value)}
        error={!ok}
        sx={{ width: 80 }}
        slotProps={{ htmlInput: { min: 1, max: men - 1, 'data-testid': 'play-split-men' } }}
      />
      <Button size="small" variant="outlined" disabled={!ok} onClick={() => onAct(chosen)} data-testid="play-unit-action" data-type="split">
        {label(chosen)}
      </Button>
    </Stack>
  );
}
