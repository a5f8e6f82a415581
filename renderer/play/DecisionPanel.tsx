// What a human player decides now: the phase's instructions, the units that can act, the selected unit's own
// actions, a choice when several actions end in one box, the dice pool of a hovered target, and the buttons that
// end a phase or answer an assault.
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Explanation as ProtocolExplanation, ExplanationExtra } from '../../domain/engine-protocol.js';
import type { Summary } from './engine-client.js';
import { CannonView, MeleeView, SplitControl } from './hex-panels.js';
import type { EngineAction } from './play-actions.js';
import type { SideKey } from './play-view.js';

/** The engine's `explain` reply for a fire, an assault or a melee (domain/engine-protocol.ts). */
export type Explanation = ProtocolExplanation & ExplanationExtra;

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

/** An explanation in words, drawn by its own kind: Square Eagles' dice pools, Hex Skirmish's cannon and melee. */
export function PoolView({ pool, targetName, names }: { pool: Explanation; targetName: string; names: ReadonlyMap<string, string> }) {
  if (!pool.allowed) return <Alert severity="info" data-testid="play-pool">Not possible against {targetName}: {pool.reason}</Alert>;
  if ('kind' in pool && pool.kind === 'cannon') return <CannonView x={pool} targetName={targetName} />;
  if ('kind' in pool && pool.kind === 'melee') return <MeleeView x={pool} targetName={targetName} names={names} />;
  return (
    <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool">
      {'attacker' in pool ? (
        <>
          <Typography variant="body2">
            Assault on <b>{targetName}</b>{'arc' in pool && pool.arc ? ` (${pool.arc})` : ''}
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
            {'kind' in pool && pool.kind === 'skirmish' ? 'Skirmish fire' : 'Fire'} on <b>{targetName}</b>
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

/**
 * Several actions end in the clicked place: one row per way of getting there, one button per facing; actions with
 * no facing to choose (several targets in one hex) are one button each, in their own words.
 */
function ChoiceView({ choice, label, onAct, onCancel }: { choice: EngineAction[]; label: (a: EngineAction) => string; onAct: (a: EngineAction) => void; onCancel: () => void }) {
  const rows = new Map<string, EngineAction[]>();
  for (const a of choice) {
    const key = a.facing === undefined ? label(a) : a.type === 'assault' ? `assault from ${a.from}` : `${KIND[a.type] ?? a.type}${a.formation ? `, form ${a.formation}` : ''}`;
    rows.set(key, [...(rows.get(key) ?? []), a]);
  }
  const faced = choice.some((a) => a.facing !== undefined);
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="play-choice">
      <Typography variant="caption" component="div">
        Several ways {choice[0]?.to ? `to ${String(choice[0].to)}` : 'to do it'}: pick one{faced ? ' (and the facing at the end)' : ''}.
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

/** A unit or formation as the panel lists it. */
export interface PanelUnit {
  id: string;
  name: string;
  box: string | null;
  /** What it is and how it stands, in a line (the rule system's own words). */
  line: string;
  /** Men in it, where the system counts men (a split offers any part of them). */
  men?: number;
}

export interface DecisionProps {
  summary: Summary;
  /** Which units the decision is about, in words (an assault's two sides), when it is about particular ones. */
  about: string | null;
  sideName: (k: SideKey) => string;
  names: ReadonlyMap<string, string>;
  /** What the player is asked to do, by the decision pending. */
  hint: string;
  /** What one place on the map is called, and several. */
  cell: { one: string; many: string };
  /** A button's words for an action. */
  label: (a: EngineAction) => string;
  selected: PanelUnit | null;
  /** Units that can act, in board order. */
  acting: PanelUnit[];
  /** The selected unit's actions that are not moves or attacks. */
  unitActions: EngineAction[];
  /** Its attack actions by target. */
  targets: ReadonlyMap<string, EngineAction[]>;
  /** The places the selected unit can reach, cheapest first, with their cost: the keyboard's way to move. */
  reach: [string, number][];
  onPickBox: (box: string) => void;
  /** Actions waiting for a pick: several end in the clicked place. */
  choice: EngineAction[] | null;
  sideActions: EngineAction[];
  pool: { target: string; explanation: Explanation } | null;
  onSelect: (unit: string | null) => void;
  /** An act is on its way: nothing more may be chosen until it is in. */
  disabled: boolean;
  onAct: (action: EngineAction) => void;
  /** The pointer is on an attack: its target, and the action (a melee together is explained with its partners). */
  onHoverTarget: (target: string | null, action?: EngineAction) => void;
  onCancelChoice: () => void;
}

export function DecisionPanel(p: DecisionProps) {
  const side = p.summary.toAct;
  const { label, cell } = p;
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
        {p.hint}
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
              label={`${u.name}${u.men !== undefined ? ` (${u.men})` : ''}${u.box ? ` · ${u.box}` : ''}`}
              color={p.selected?.id === u.id ? 'warning' : 'default'}
              variant={p.selected?.id === u.id ? 'filled' : 'outlined'}
              onClick={() => p.onSelect(p.selected?.id === u.id ? null : u.id)}
              data-testid="play-acting-unit"
              data-unit={u.id}
              data-box={u.box ?? ''}
            />
          ))}
        </Box>
      )}
      {p.selected && (
        <Box sx={{ mb: 1 }} data-testid="play-selected" data-unit={p.selected.id} data-box={p.selected.box ?? ''}>
          <Typography variant="body2">
            <b>{p.selected.name}</b> · {p.selected.line}
          </Typography>
          {p.reach.length > 0 && (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.5 }}>
              <Typography variant="caption" color="text.secondary">
                {p.reach.length} {p.reach.length === 1 ? cell.one : cell.many} in reach: click one on the map, or
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
                    {box} · {cost === 0 ? 'in place' : `${cost} ${cost === 1 ? cell.one : cell.many}`}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {p.unitActions.map((a, i) =>
              a.type === 'split' && p.selected?.men !== undefined ? (
                <SplitControl key={`${i}-${p.selected.id}-${p.selected.men}`} action={a} men={p.selected.men} label={label} onAct={p.onAct} />
              ) : (
                <Button key={i} size="small" variant="outlined" onClick={() => p.onAct(a)} data-testid="play-unit-action" data-type={a.type}>
                  {label(a)}
                </Button>
              ),
            )}
            {[...p.targets].map(([target, list]) =>
              list.map((a, i) => (
                <Button
                  key={`${target}-${i}`}
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => p.onAct(a)}
                  onMouseEnter={() => p.onHoverTarget(target, a)}
                  onMouseLeave={() => p.onHoverTarget(null)}
                  data-testid="play-target-action"
                  data-type={a.type}
                  data-target={target}
                  data-together={a.with?.length ? 'true' : undefined}
                >
                  {label(a)}
                </Button>
              )),
            )}
          </Stack>
        </Box>
      )}
      {p.choice && <ChoiceView choice={p.choice} label={label} onAct={p.onAct} onCancel={p.onCancelChoice} />}
      {p.pool && <PoolView pool={p.pool.explanation} targetName={p.names.get(p.pool.target) ?? p.pool.target} names={p.names} />}
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
