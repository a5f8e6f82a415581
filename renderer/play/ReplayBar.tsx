// Scrubbing through a saved game: a slider over every action with a mark at each turn, and buttons a turn or an
// action at a time. Only the position moves; the recorded game stays whole.
import { Box, Button, Slider, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { ReplayPly } from './use-game.js';

/** The ply at which each turn's first action comes, for the slider's marks and the turn buttons. */
export function turnStarts(plies: readonly ReplayPly[]): { turn: number; ply: number }[] {
  const out: { turn: number; ply: number }[] = [];
  for (const p of plies) if (!out.length || out.at(-1)!.turn !== p.turn) out.push({ turn: p.turn, ply: p.ply - 1 });
  return out;
}

export function ReplayBar({ plies, position, busy, onSeek }: { plies: readonly ReplayPly[]; position: number; busy: boolean; onSeek: (ply: number) => void }) {
  const total = plies.length;
  // The thumb follows a drag at once; the board moves when it is let go.
  const [dragging, setDragging] = useState<number | null>(null);
  const starts = useMemo(() => turnStarts(plies), [plies]);
  const turnNow = plies[Math.max(0, position - 1)]?.turn ?? 1;
  const prevTurn = [...starts].reverse().find((s) => s.ply < position)?.ply ?? 0;
  const nextTurn = starts.find((s) => s.ply > position)?.ply ?? total;
  return (
    <Box data-testid="replay-bar" data-position={position} data-total={total}>
      <Typography variant="body2">
        Replay · action <b>{position}</b> of {total} · turn {turnNow}
      </Typography>
      <Slider
        size="small"
        min={0}
        max={total}
        step={1}
        value={dragging ?? position}
        marks={starts.map((s) => ({ value: s.ply }))}
        onChange={(_e, v) => setDragging(v)}
        onChangeCommitted={(_e, v) => {
          setDragging(null);
          onSeek(v);
        }}
        disabled={busy}
        slotProps={{ input: { 'aria-label': 'Position in the game' } }}
      />
      <Stack direction="row" spacing={0.5}>
        <Button size="small" onClick={() => onSeek(prevTurn)} disabled={busy || position === 0} data-testid="replay-prev-turn">« Turn</Button>
        <Button size="small" onClick={() => onSeek(position - 1)} disabled={busy || position === 0} data-testid="replay-prev">‹ Action</Button>
        <Button size="small" onClick={() => onSeek(position + 1)} disabled={busy || position >= total} data-testid="replay-next">Action ›</Button>
        <Button size="small" onClick={() => onSeek(nextTurn)} disabled={busy || position >= total} data-testid="replay-next-turn">Turn »</Button>
      </Stack>
    </Box>
  );
}
