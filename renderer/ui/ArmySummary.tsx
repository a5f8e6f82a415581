// An army list at a glance until the army-list editor arrives: units by arm, figures, guns and men.
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { unitsOf } from '../../domain/forces.js';
import type { ArmyList } from '../../domain/model.js';

export function ArmySummary({ army }: { army: ArmyList }) {
  const units = army.army && typeof army.army === 'object' ? unitsOf(army.army) : [];
  const arms = ['infantry', 'cavalry', 'artillery', 'train'] as const;
  const rows = arms.map((arm) => {
    const list = units.filter((u) => u.arm === arm);
    const ne = (key: 'figures' | 'guns') => list.reduce((s, u) => s + (Number(u.ratings?.['napoleons-eagles']?.[key]) || 0), 0);
    return { arm, count: list.length, figures: ne('figures'), guns: ne('guns'), men: list.reduce((s, u) => s + (u.men ?? 0), 0) };
  });
  return (
    <Box sx={{ p: 3 }} data-testid="army-summary">
      <Typography variant="h6">{army.name}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {[army.nation, army.year, army.scale ? `1:${army.scale.figureRatio}` : null].filter(Boolean).join(' · ')}
      </Typography>
      <Table size="small" sx={{ maxWidth: 520, mt: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Arm</TableCell><TableCell align="right">Units</TableCell><TableCell align="right">Figures</TableCell>
            <TableCell align="right">Guns</TableCell><TableCell align="right">Men</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.arm}>
              <TableCell>{r.arm}</TableCell><TableCell align="right">{r.count}</TableCell><TableCell align="right">{r.figures}</TableCell>
              <TableCell align="right">{r.guns}</TableCell><TableCell align="right">{r.men || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
