// The leader-influence decision ('Threshold Checks', its note; rules notes §13 "Player choices") as a small dialog:
// the rolls the asked leader leads and what each needs, the seven choices 0–6 each with the chance the roll passes
// and the d10 risk to him, the other leaders still to be asked. Enter lends the choice, Escape lends none; the digits
// 0–6 and the arrow keys pick.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { influenceOdds, MOST_INFLUENCE, type LedRoll } from './ne-influence.js';

const pct = (p: number) => `${Math.round(p * 100)}%`;
const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

export interface InfluenceAsk {
  leader: string;
  rolls: readonly LedRoll[];
  /** Leaders of the same side who will be asked after him. */
  others: readonly string[];
}

export function InfluenceDialog({ ask, names, onLend }: { ask: InfluenceAsk; names: ReadonlyMap<string, string>; onLend: (bonus: number) => void }) {
  const [bonus, setBonus] = useState(0);
  const name = names.get(ask.leader) ?? ask.leader;
  // Several rolls (his army's and his own division's): the lowest need is the one he matters most to.
  const need = ask.rolls.length ? Math.min(...ask.rolls.map((r) => r.need)) : 8;
  const choices = Array.from({ length: MOST_INFLUENCE + 1 }, (_, b) => ({ b, ...influenceOdds(need, b) }));
  const pick = (b: number) => setBonus(Math.max(0, Math.min(MOST_INFLUENCE, b)));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onLend(bonus);
    } else if (/^[0-6]$/.test(e.key)) pick(Number(e.key));
    else if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === '+') {
      e.preventDefault();
      pick(bonus + 1);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp' || e.key === '-') {
      e.preventDefault();
      pick(bonus - 1);
    }
  };
  const chosen = influenceOdds(need, bonus);
  return (
    <Dialog open onClose={(_, why) => (why === 'escapeKeyDown' ? onLend(0) : undefined)} onKeyDown={onKeyDown} data-testid="ne-influence-dialog" data-leader={ask.leader} data-bonus={bonus}>
      <DialogTitle sx={{ pb: 1 }}>Threshold check: will {name} lend his influence?</DialogTitle>
      <DialogContent sx={{ maxWidth: 520 }}>
        {ask.rolls.map((r, i) => (
          <Typography key={i} variant="body2" sx={{ mb: 0.5 }} data-testid="ne-influence-roll" data-need={r.need}>
            <b>{r.name}</b> has lost {r.lost} of {r.total} units: its {r.level === 'army' ? 'army' : 'division'} roll passes on a d20 of <b>{r.need}</b> or less
            {r.modifiers.length > 0 ? ` (8 ${r.modifiers.map((m) => `${signed(m.value)} ${m.reason}`).join(', ')})` : ''}
.
          </Typography>
        ))}
        <Typography variant="body2" sx={{ mb: 1 }}>
          <b>{name}</b> may lend 0 to {MOST_INFLUENCE}: each point adds 1 to {ask.rolls.length > 1 ? 'every roll he leads' : 'the roll'}, and he is lost if a d10 then rolls that many or
          less. A failed check takes 4 from the morale of every unit it covers for the game turn.
        </Typography>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }} role="radiogroup" aria-label="Influence to lend">
          <thead>
            <tr style={{ textAlign: 'left' }}>
              <th>Lend</th>
              <th>Passes on</th>
              <th>Chance to pass</th>
              <th>{name} lost</th>
            </tr>
          </thead>
          <tbody>
            {choices.map((c) => (
              <Box
                component="tr"
                key={c.b}
                role="radio"
                aria-checked={c.b === bonus}
                onClick={() => pick(c.b)}
                data-testid="ne-influence-choice"
                data-bonus={c.b}
                data-pass={c.pass}
                sx={{ cursor: 'pointer', bgcolor: c.b === bonus ? '#ffe082' : undefined, '&:hover': { bgcolor: c.b === bonus ? '#ffe082' : '#fff8e1' }, '& td': { py: 0.25, px: 0.5 } }}
              >
                <td>
                  <b>{c.b === 0 ? 'none' : `+${c.b}`}</b>
                </td>
                <td>d20 ≤ {Math.min(20, c.need)}</td>
                <td>
                  <Box component="span" sx={{ display: 'inline-block', width: 60, height: 8, bgcolor: '#e0e0e0', mr: 0.5, verticalAlign: 'middle' }}>
                    <Box component="span" sx={{ display: 'block', width: `${c.pass * 100}%`, height: '100%', bgcolor: '#2e7d32' }} />
                  </Box>
                  {pct(c.pass)}
                </td>
                <td style={{ color: c.risk > 0 ? '#c62828' : undefined }}>{c.risk > 0 ? `d10 ≤ ${c.b}: ${pct(c.risk)}` : 'no risk'}</td>
              </Box>
            ))}
          </tbody>
        </Box>
        {ask.others.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }} data-testid="ne-influence-others">
            Also asked this turn: {ask.others.map((id) => names.get(id) ?? id).join(', ')}.
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          0–6 or the arrow keys pick · Enter lends · Escape lends none
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onLend(0)} data-testid="ne-influence-none" title="Escape">
          Lend none
        </Button>
        <Button variant="contained" onClick={() => onLend(bonus)} data-testid="ne-influence-send" title="Enter" autoFocus>
          {bonus === 0 ? 'Lend none' : `Lend +${bonus}: ${pct(chosen.pass)} to pass, ${pct(chosen.risk)} to lose him`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
