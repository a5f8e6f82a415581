// What a human player decides now: the phase's instructions, the units that can act, the selected unit's own
// actions, a choice when several actions end in one box, the dice pool of a hovered target, and the buttons that
// end a phase or answer an assault.
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Summary } from './engine-client.js';
import { actionLabel, type EngineAction } from './play-actions.js';
import type { EngineUnit, SideKey } from './play-view.js';

export interface PoolSide {
  dice: number;
  hitOn: number;
  modifiers: { reason: string; dice: number }[];
}

/** The engine's `explain` reply for a fire or an assault. */
export interface Explanation {
  allowed: boolean;
  reason?: string;
  kind?: string;
  range?: number;
  dice?: number;
  hitOn?: number;
  modifiers?: { reason: string; dice: number }[];
  reroll?: boolean;
  arc?: string;
  attacker?: PoolSide;
  defender?: PoolSide;
  gunsRemoved?: boolean;
}

const PHASE_HINT: Record<string, string> = {
  orders: 'Give orders: pick a unit on the map (dashed gold), then Order or Attach a General. End orders when done.',
  actions: 'Pick a unit: tinted boxes are where it can go (the number is the movement it costs), red rings what it can assault.',
  fire: 'Fire: pick a unit, then one of its targets (red rings). Hover a target to see the dice first.',
  defend: 'Defend!: fire with a unit that kept an order, or pass.',
  'assault-defence': 'Your unit is assaulted and holds an order: choose how to spend it.',
  'assault-win': 'Your unit won the assault: advance, turn or stay.',
};

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

function Modifiers({ list }: { list: { reason: string; dice: number }[] | undefined }) {
  if (!list?.length) return <Typography variant="caption" color="text.secondary">no modifiers</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {list.map((m, i) => (
        <Typography component="li" variant="caption" key={i} sx={{ display: 'list-item' }}>
          {signed(m.dice)} {Math.abs(m.dice) === 1 ? 'die' : 'dice'}: {m.reason}
        </Typography>
      ))}
    </Box>
  );
}

export function PoolView({ pool, targetName }: { pool: Explanation; targetName: string }) {
  if (!pool.allowed) return <Alert severity="info" data-testid="play-pool">Not possible against {targetName}: {pool.reason}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool">
      {pool.attacker && pool.defender ? (
        <>
          <Typography variant="body2">
            Assault on <b>{targetName}</b>{pool.arc ? ` (${pool.arc})` : ''}
            {pool.gunsRemoved ? ' · guns are removed' : ''}
          </Typography>
          <Typography variant="body2">Attacker: <b>{pool.attacker.dice}</b> {pool.attacker.dice === 1 ? 'die' : 'dice'}, hit on {pool.attacker.hitOn}+</Typography>
          <Modifiers list={pool.attacker.modifiers} />
          <Typography variant="body2">Defender: <b>{pool.defender.dice}</b> {pool.defender.dice === 1 ? 'die' : 'dice'}, hit on {pool.defender.hitOn}+</Typography>
          <Modifiers list={pool.defender.modifiers} />
        </>
      ) : (
        <>
          <Typography variant="body2">
            {pool.kind === 'skirmish' ? 'Skirmish fire' : 'Fire'} on <b>{targetName}</b>
            {pool.range !== undefined ? ` at ${pool.range} box${pool.range === 1 ? '' : 'es'}` : ''}: <b>{pool.dice}</b> {pool.dice === 1 ? 'die' : 'dice'}, hit on {pool.hitOn}+
            {pool.reroll ? ', one miss re-rolled' : ''}
          </Typography>
          <Modifiers list={pool.modifiers} />
        </>
      )}
    </Paper>
  );
}

const ARROW: Record<string, string> = { '0': '↑ N', '90': '→ E', '180': '↓ S', '270': '← W' };
const KIND: Record<string, string> = { move: 'Move', march: 'March', maneuver: 'Manoeuvre', assault: 'Assault', fire: 'Fire', 'defend-fire': 'Defend' };

/** Several actions end in the clicked box: one row per way of getting there, one button per facing. */
function ChoiceView({ choice, label, onAct, onCancel }: { choice: EngineAction[]; label(a: EngineAction): string; onAct(a: EngineAction): void; onCancel(): void }) {
  const rows = new Map<string, EngineAction[]>();
  for (const a of choice) {
    const key = a.type === 'assault' ? `assault from ${a.from}` : `${KIND[a.type] ?? a.type}${a.formation ? `, form ${a.formation}` : ''}`;
    rows.set(key, [...(rows.get(key) ?? []), a]);
  }
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="play-choice">
      <Typography variant="caption" component="div">
        Several ways {choice[0]?.to ? `to ${choice[0].to}` : 'to do it'}: pick one (and the facing at the end).
      </Typography>
      {[...rows].map(([key, list]) => (
        <Stack key={key} direction="row" sx={{ alignItems: 'center', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ minWidth: 150 }}>{key.replace(/^assault/, 'Assault')}</Typography>
          {list.map((a, i) => (
            <Button key={i} size="small" variant="contained" color="success" sx={{ minWidth: 0, px: 1 }} title={label(a)} aria-label={label(a)} onClick={() => onAct(a)} data-testid="play-choice-action">
              {a.facing !== undefined && a.type !== 'assault' ? (ARROW[String(a.facing)] ?? String(a.facing)) : 'Go'}
            </Button>
          ))}
        </Stack>
      ))}
      <Button size="small" onClick={onCancel} sx={{ mt: 0.5 }}>Cancel</Button>
    </Paper>
  );
}

export interface DecisionProps {
  summary: Summary;
  /** Which units the decision is about, in words (an assault's two sides), when it is about particular ones. */
  about: string | null;
  sideName(k: SideKey): string;
  names: ReadonlyMap<string, string>;
  selected: EngineUnit | null;
  /** Units that can act, in board order. */
  acting: EngineUnit[];
  /** The selected unit's actions that are not moves or attacks. */
  unitActions: EngineAction[];
  /** Its attack actions by target. */
  targets: ReadonlyMap<string, EngineAction[]>;
  /** The boxes the selected unit can reach, cheapest first, with their cost: the keyboard's way to move. */
  reach: [string, number][];
  onPickBox(box: string): void;
  /** Actions waiting for a pick: several end in the clicked box. */
  choice: EngineAction[] | null;
  sideActions: EngineAction[];
  pool: { target: string; explanation: Explanation } | null;
  onSelect(unit: string | null): void;
  /** An act is on its way: nothing more may be chosen until it is in. */
  disabled: boolean;
  onAct(action: EngineAction): void;
  onHoverTarget(target: string | null): void;
  onCancelChoice(): void;
}

export function DecisionPanel(p: DecisionProps) {
  const side = p.summary.toAct;
  const label = (a: EngineAction) => actionLabel(a, p.names);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1, borderColor: '#ffb300', borderWidth: 2, opacity: p.disabled ? 0.6 : 1, pointerEvents: p.disabled ? 'none' : undefined }}
      data-testid="play-decision"
      data-pending={p.summary.pending}
      aria-busy={p.disabled}
    >
      <Typography variant="subtitle2">{side ? `${p.sideName(side)}: your decision` : 'Your decision'}</Typography>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ mb: 1 }}>
        {PHASE_HINT[p.summary.pending] ?? p.summary.pending}
      </Typography>
      {p.about && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="play-decision-about">
          {p.about}
        </Typography>
      )}
      {p.acting.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }} data-testid="play-acting">
          {p.acting.map((u) => (
            <Chip
              key={u.id}
              size="small"
              label={`${u.name}${u.box ? ` · ${u.box}` : ''}`}
              color={p.selected?.id === u.id ? 'warning' : 'default'}
              variant={p.selected?.id === u.id ? 'filled' : 'outlined'}
              onClick={() => p.onSelect(p.selected?.id === u.id ? null : u.id)}
              data-testid="play-acting-unit"
              data-unit={u.id}
            />
          ))}
        </Box>
      )}
      {p.selected && (
        <Box sx={{ mb: 1 }} data-testid="play-selected" data-unit={p.selected.id} data-box={p.selected.box ?? ''}>
          <Typography variant="body2">
            <b>{p.selected.name}</b> · {p.selected.type ?? ''}
            {p.selected.formation ? ` in ${p.selected.formation}` : ''} · {p.selected.hits}/{p.selected.sp} hits
            {p.selected.orders !== undefined ? ` · orders ${Math.max(0, p.selected.orders - (p.selected.ordersUsed ?? 0))} of ${p.selected.orders}` : ''}
          </Typography>
          {p.reach.length > 0 && (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.5 }}>
              <Typography variant="caption" color="text.secondary">
                {p.reach.length} box{p.reach.length === 1 ? '' : 'es'} in reach: click one on the map, or
              </Typography>
              <TextField
                select
                size="small"
                label="Move to"
                value=""
                onChange={(e) => p.onPickBox(e.target.value)}
                sx={{ minWidth: 120 }}
                slotProps={{ htmlInput: { 'data-testid': 'play-move-to' } }}
              >
                {p.reach.map(([box, cost]) => (
                  <MenuItem key={box} value={box}>
                    {box} · {cost === 0 ? 'in place' : `${cost} box${cost === 1 ? '' : 'es'}`}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {p.unitActions.map((a, i) => (
              <Button key={i} size="small" variant="outlined" onClick={() => p.onAct(a)} data-testid="play-unit-action" data-type={a.type}>
                {label(a)}
              </Button>
            ))}
            {[...p.targets].map(([target, list]) =>
              list.map((a, i) => (
                <Button
                  key={`${target}-${i}`}
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => p.onAct(a)}
                  onMouseEnter={() => p.onHoverTarget(target)}
                  onMouseLeave={() => p.onHoverTarget(null)}
                  data-testid="play-target-action"
                  data-type={a.type}
                  data-target={target}
                >
                  {label(a)}
                </Button>
              )),
            )}
          </Stack>
        </Box>
      )}
      {p.choice && <ChoiceView choice={p.choice} label={label} onAct={p.onAct} onCancel={p.onCancelChoice} />}
      {p.pool && <PoolView pool={p.pool.explanation} targetName={p.names.get(p.pool.target) ?? p.pool.target} />}
      {p.sideActions.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {p.sideActions.map((a, i) => (
            <Button key={i} size="small" variant="contained" onClick={() => p.onAct(a)} data-testid="play-side-action" data-type={a.type}>
              {label(a)}
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
