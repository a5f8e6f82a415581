// The dice of the last action that rolled any, drawn as dice: they tumble in for a moment, then the ones that hit
// turn red, so a player sees the roll happen before reading the result.
import { keyframes } from '@emotion/react';
import { Box, Paper, Typography } from '@mui/material';
import type { DiceRoll } from './play-actions.js';

const tumble = keyframes`
  0% { transform: rotate(-200deg) scale(0.3); opacity: 0; }
  70% { transform: rotate(12deg) scale(1.08); opacity: 1; }
  100% { transform: rotate(0) scale(1); opacity: 1; }
`;

/** Pip positions on a 3×3 lattice for each face. */
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

function Die({ value, hit, delay }: { value: number; hit: boolean | null; delay: number }) {
  const colour = hit === null ? '#37474f' : hit ? '#c62828' : '#9e9e9e';
  return (
    <Box
      component="svg"
      viewBox="0 0 30 30"
      role="img"
      data-testid="die"
      data-value={value}
      data-hit={hit === null ? undefined : String(hit)}
      sx={{ width: 26, height: 26, animation: `${tumble} 450ms ease-out both`, animationDelay: `${delay}ms` }}
      aria-label={`${value}${hit ? ', a hit' : ''}`}
    >
      <rect x="1" y="1" width="28" height="28" rx="5" fill={hit ? '#ffebee' : '#fff'} stroke={colour} strokeWidth={hit ? 2.5 : 1.5} />
      {(PIPS[value] ?? []).map(([c, r], i) => (
        <circle key={i} cx={7.5 + c * 7.5} cy={7.5 + r * 7.5} r="2.6" fill={colour} />
      ))}
      {!PIPS[value] && (
        <text x="15" y="20" textAnchor="middle" fontSize="13" fill={colour}>
          {value}
        </text>
      )}
    </Box>
  );
}

export function DiceTray({ rolls, rollKey }: { rolls: DiceRoll[]; rollKey: number }) {
  if (!rolls.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="dice-tray" key={rollKey}>
      {rolls.map((r, i) => (
        <Box key={i} sx={{ mb: i < rolls.length - 1 ? 0.75 : 0 }}>
          <Typography variant="caption" component="div" sx={{ lineHeight: 1.3 }}>
            {r.label}
            {r.hitOn !== null ? ` · hit on ${r.hitOn}+ · ${r.hits} hit${r.hits === 1 ? '' : 's'}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
            {r.rolls.map((v, j) => (
              <Die key={j} value={v} hit={r.hitOn === null ? null : v >= r.hitOn} delay={j * 40} />
            ))}
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
