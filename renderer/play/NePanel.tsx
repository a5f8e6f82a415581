// The side panel of a Napoleon's Eagles game: the period, turn points, A/D roles and units still to move, always
// shown; and a human's decision: the sealed bid (a small dialog), the A/D choice, the unit list with its markers, the
// selected unit's own actions, the ghost's verdict with Move here, and the fire or charge preview of a hovered target.
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { NapoleonsEaglesUnit, NapoleonsEaglesView, SideKey } from '../../domain/engine-protocol.js';
import { stillToMove, unitMarkers, unitsForList, type Marker } from './ne-pieces.js';
import { neUnitLine } from './ne-words.js';
import type { EngineAction } from './play-actions.js';
import type { SideColours } from './play-view.js';
import type { PendingMove } from './use-ne-table.js';

type Names = ReadonlyMap<string, string>;

/** The period, the turn points, the bids, the roles and who is still to move. */
export function NeStatus({ view, sideName, colours }: { view: NapoleonsEaglesView; sideName: (k: SideKey) => string; colours: SideColours }) {
  const { roles, turnPoints, bids } = view;
  const left = stillToMove(view);
  const side = (k: SideKey) => <b style={{ color: colours[k] }}>{sideName(k)}</b>;
  const bid = (k: SideKey) => (bids[k] === null ? '–' : bids[k] === 'hidden' ? 'sealed' : String(bids[k]));
  return (
    <Box sx={{ fontSize: 13, mt: 0.5 }} data-testid="ne-status" data-period={view.period} data-a={roles.a ?? ''} data-to-move={left.length}>
      <div>
        Period <b>{view.period}</b> of 6 · {view.decision.side ? <>{side(view.decision.side)} to act</> : 'no side to act'}
      </div>
      <div>
        Turn points: {sideName('red')} <b>{turnPoints.red}</b> · {sideName('blue')} <b>{turnPoints.blue}</b>
        {(bids.red !== null || bids.blue !== null) && (
          <span data-testid="ne-bids">
            {' '}
            · bids {bid('red')} / {bid('blue')}
          </span>
        )}
      </div>
      <div data-testid="ne-roles">
        {roles.a ? (
          <>
            Side A: {side(roles.a)} · ratio {roles.ratio.a}:{roles.ratio.d} · {roles.stepLeft} still to start this step · moved {roles.moved.red}/{roles.moved.blue}
          </>
        ) : (
          'Side A not chosen yet'
        )}
      </div>
      {left.length > 0 && (
        <div data-testid="ne-still-to-move">
          Still to move: <b>{left.length}</b> unit{left.length === 1 ? '' : 's'}
        </div>
      )}
    </Box>
  );
}

function Chips({ markers }: { markers: readonly Marker[] }) {
  return (
    <>
      {markers.map((m) => (
        <Box
          component="span"
          key={m.kind}
          title={m.title}
          data-marker={m.kind}
          sx={{ display: 'inline-block', px: 0.5, mr: 0.25, borderRadius: 0.5, fontSize: 11, fontWeight: 700, lineHeight: '16px', bgcolor: m.fill, color: m.ink }}
        >
          {m.text}
        </Box>
      ))}
    </>
  );
}

/**
 * Every unit on the table, the side to act first, with its markers; those still to move this period stand out, and
 * those that can act now are picked by a click. Shown on every turn, the AI's too.
 */
export function NeUnitList({ view, acting, selected, onSelect, colours }: { view: NapoleonsEaglesView; acting: ReadonlySet<string>; selected: string | null; onSelect: (id: string | null) => void; colours: SideColours }) {
  const toMove = new Set(stillToMove(view).map((u) => u.id));
  const list = unitsForList(view, view.decision.side ?? 'red').filter((u) => u.status === 'table');
  return (
    <Box sx={{ maxHeight: 200, minHeight: 80, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, flex: 'none' }} data-testid="ne-units">
      {list.map((u) => (
        <UnitRow key={u.id} u={u} colour={colours[u.side]} selected={u.id === selected} toMove={toMove.has(u.id)} able={acting.has(u.id)} onSelect={onSelect} />
      ))}
    </Box>
  );
}

/** The sealed bid: a number of turn points from 0 to those left, sent when the player says so. */
function BidDialog({ view, side, sideName, onBid }: { view: NapoleonsEaglesView; side: SideKey; sideName: (k: SideKey) => string; onBid: (points: number) => void }) {
  const most = view.turnPoints[side];
  const [text, setText] = useState('0');
  const points = Number(text);
  const ok = text !== '' && Number.isInteger(points) && points >= 0 && points <= most;
  const other: SideKey = side === 'red' ? 'blue' : 'red';
  return (
    <Dialog open data-testid="ne-bid-dialog" disablePortal={false}>
      <DialogTitle>Bid for the choice of side</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {sideName(side)} has <b>{most}</b> turn point{most === 1 ? '' : 's'} left this game turn. The higher bid chooses side A or D this period; the
          points bid are spent. {view.bids[other] === 'hidden' ? `${sideName(other)} has sealed its bid.` : `${sideName(other)} bids after you, sealed.`}
        </Typography>
        <TextField
          autoFocus
          size="small"
          type="number"
          label="Points to bid"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && ok) onBid(points);
          }}
          error={!ok}
          helperText={ok ? ' ' : `A whole number from 0 to ${most}`}
          slotProps={{ htmlInput: { min: 0, max: most, step: 1, 'data-testid': 'ne-bid-points' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!ok} onClick={() => onBid(points)} data-testid="ne-bid-send">
          Seal my bid
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface NeDecisionProps {
  view: NapoleonsEaglesView;
  side: SideKey | null;
  sideName: (k: SideKey) => string;
  names: Names;
  hint: string;
  label: (a: EngineAction) => string;
  /** Every legal action now. */
  legal: readonly EngineAction[];
  /** Units that have something to do. */
  selected: string | null;
  /** The selected unit's listed actions. */
  unitActions: readonly EngineAction[];
  pending: PendingMove | null;
  /** The leaders step: the leaders the human may place, and the one picked to be placed by a click on the table. */
  leaders: readonly { id: string; name: string }[];
  pickedLeader: string | null;
  onPickLeader: (leader: string | null) => void;
  forceMarch: boolean;
  onForceMarch: (on: boolean) => void;
  onSend: () => void;
  onDrop: () => void;
  pool: { target: string; explanation: unknown } | null;
  onSelect: (unit: string | null) => void;
  onAct: (a: EngineAction) => void;
  onHoverTarget: (target: string | null, action?: EngineAction) => void;
  disabled: boolean;
  colours: SideColours;
}

/** Actions drawn by the map rather than as buttons: a move goes where the ghost is put. */
const ON_MAP = new Set(['move', 'force-march', 'leader']);

export function NeDecision(p: NeDecisionProps) {
  const { view, side } = p;
  const kind = view.decision.kind;
  const sideWide = p.legal.filter((a) => !a.unit && a.type !== 'bid' && a.type !== 'leader');
  // A charged unit's answer and the leaders' places are the decision itself: their buttons show without a pick.
  const defences = kind === 'defend' ? p.legal.filter((a) => a.type === 'defend') : [];
  const leaderMoves = kind === 'leaders' ? p.legal.filter((a) => a.type === 'leader').slice(0, 8) : [];
  const n = (id: string | undefined) => (id ? (p.names.get(id) ?? id) : '');
  const own = p.unitActions.filter((a) => !ON_MAP.has(a.type));
  const attacks = own.filter((a) => a.type === 'fire' || a.type === 'charge');
  const others = own.filter((a) => a.type !== 'fire' && a.type !== 'charge');
  const unit = p.selected ? view.units.find((u) => u.id === p.selected) : undefined;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1, borderColor: '#ffb300', borderWidth: 2, opacity: p.disabled ? 0.6 : 1, pointerEvents: p.disabled ? 'none' : undefined }}
      data-testid="play-decision"
      data-pending={kind}
      aria-busy={p.disabled}
    >
      <Typography variant="subtitle2">{side ? `${p.sideName(side)}: your decision` : 'Your decision'}</Typography>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ mb: 1 }}>
        {p.hint}
      </Typography>
      {kind === 'bid' && side && !p.disabled && <BidDialog view={view} side={side} sideName={p.sideName} onBid={(points) => p.onAct({ type: 'bid', points })} />}
      {kind === 'choose' && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="ne-bid-result">
          Bids: {p.sideName('red')} {String(view.bids.red ?? '–')}, {p.sideName('blue')} {String(view.bids.blue ?? '–')}.
        </Typography>
      )}
      {kind === 'defend' && (
        <Box sx={{ mb: 1 }} data-testid="ne-defend">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            <b>{n(view.decision.unit)}</b> is charged{view.decision.charger ? <> by <b>{n(view.decision.charger)}</b></> : null}: how does it meet the charge?
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {defences.map((a, i) => (
              <Button key={i} size="small" variant="contained" onClick={() => p.onAct(a)} data-testid="play-side-action" data-type="defend" data-choice={a.choice}>
                {p.label(a)}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
      {kind === 'leaders' && (
        <Box sx={{ mb: 1 }} data-testid="ne-leader-step">
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
            Drag a leader ringed in gold to where he rides (20" at most); dropped on a unit of his side he joins it. Or pick him here and click the
            table. Enter sends the move, Escape drops it.
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
            {p.leaders.map((l) => (
              <Button
                key={l.id}
                size="small"
                variant={l.id === p.pickedLeader ? 'contained' : 'outlined'}
                color="warning"
                onClick={() => p.onPickLeader(l.id === p.pickedLeader ? null : l.id)}
                data-testid="ne-leader"
                data-leader={l.id}
                aria-pressed={l.id === p.pickedLeader}
              >
                ★ {l.name}
              </Button>
            ))}
          </Stack>
          {p.pending?.action.type === 'leader' && <PendingRow pending={p.pending} onSend={p.onSend} onDrop={p.onDrop} />}
        </Box>
      )}
      {leaderMoves.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }} data-testid="ne-leaders">
          {leaderMoves.map((a, i) => (
            <Button key={i} size="small" variant="outlined" onClick={() => p.onAct(a)} data-testid="play-side-action" data-type="leader">
              {p.label(a)}
            </Button>
          ))}
        </Stack>
      )}
      {unit && (
        <Box sx={{ mb: 1 }} data-testid="play-selected" data-unit={unit.id}>
          <Typography variant="body2">
            <b>{unit.name}</b> · {neUnitLine(unit)}
          </Typography>
          {p.pending && p.pending.action.type !== 'leader' ? (
            <PendingRow pending={p.pending} onSend={p.onSend} onDrop={p.onDrop} />
          ) : (
            kind === 'activate' && (
              <Typography variant="caption" color="text.secondary" component="div">
                Drag its base (or click the table) to place a ghost; the round handle turns it.
              </Typography>
            )
          )}
          {kind === 'activate' && (
            <FormControlLabel
              control={<Checkbox size="small" checked={p.forceMarch} onChange={(e) => p.onForceMarch(e.target.checked)} />}
              label={<Typography variant="caption">Force march (an extra action, fatigue +2)</Typography>}
              data-testid="ne-force-march"
            />
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {others.map((a, i) => (
              <Button key={`o${i}`} size="small" variant="outlined" onClick={() => p.onAct(a)} data-testid="play-unit-action" data-type={a.type}>
                {p.label(a)}
              </Button>
            ))}
            {attacks.map((a, i) => (
              <Button
                key={`a${i}`}
                size="small"
                variant="outlined"
                color="error"
                onClick={() => p.onAct(a)}
                onMouseEnter={() => p.onHoverTarget(a.target ?? null, a)}
                onMouseLeave={() => p.onHoverTarget(null)}
                data-testid="play-target-action"
                data-type={a.type}
                data-target={a.target}
              >
                {p.label(a)}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
      {p.pool && <NePool explanation={p.pool.explanation} targetName={p.names.get(p.pool.target) ?? p.pool.target} names={p.names} />}
      {sideWide.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {sideWide.map((a, i) => (
            <Button key={i} size={a.type === 'choose' ? 'medium' : 'small'} variant="contained" onClick={() => p.onAct(a)} data-testid="play-side-action" data-type={a.type} data-role={a.role}>
              {p.label(a)}
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The ghost's verdict in words, with Move here (Enter) when the engine said yes, and Drop (Escape). */
function PendingRow({ pending, onSend, onDrop }: { pending: PendingMove; onSend: () => void; onDrop: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, color: pending.verdict === null ? 'text.secondary' : pending.verdict.ok ? '#1b5e20' : '#c62828' }}
        data-testid="ne-verdict"
        data-ok={pending.verdict === null ? '' : String(pending.verdict.ok)}
      >
        {pending.verdict?.text ?? 'Asking the rules…'}
      </Typography>
      <Button
        size="small"
        variant="contained"
        disabled={!pending.verdict?.ok}
        onClick={onSend}
        data-testid="ne-move-here"
        title="Enter"
        sx={{ bgcolor: '#2e7d32', color: '#fff', '&:hover': { bgcolor: '#1b5e20' } }}
      >
        Move here
      </Button>
      <Button size="small" onClick={onDrop} title="Escape">
        Drop
      </Button>
    </Stack>
  );
}

function UnitRow({ u, colour, selected, toMove, able, onSelect }: { u: NapoleonsEaglesUnit; colour: string; selected: boolean; toMove: boolean; able: boolean; onSelect: (id: string | null) => void }) {
  return (
    <Box
      onClick={able ? () => onSelect(selected ? null : u.id) : undefined}
      data-testid="ne-unit"
      data-unit={u.id}
      data-to-move={toMove ? 'true' : undefined}
      data-able={able ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.75,
        py: 0.25,
        fontSize: 12.5,
        cursor: able ? 'pointer' : 'default',
        bgcolor: selected ? '#ffe082' : toMove ? '#fff8e1' : undefined,
        borderLeft: 4,
        borderLeftColor: toMove || selected ? '#ffb300' : 'transparent',
        color: able || toMove ? 'text.primary' : 'text.secondary',
      }}
    >
      <Box component="span" sx={{ width: 10, height: 10, flex: 'none', bgcolor: colour, borderRadius: 0.25 }} />
      <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: toMove ? 600 : 400 }}>
        {u.name}
      </Box>
      <Chips markers={unitMarkers(u)} />
    </Box>
  );
}

type Ex = Record<string, unknown>;
const n2 = (v: unknown) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : '–');
const signed = (v: unknown) => (typeof v === 'number' && v > 0 ? `+${v}` : String(v));

/** The engine's explanation of a fire or a charge on the hovered target, in words. */
export function NePool({ explanation, targetName, names }: { explanation: unknown; targetName: string; names: Names }) {
  const x = explanation as Ex;
  if (x.allowed !== true) {
    return (
      <Alert severity="info" data-testid="play-pool" data-kind="refused">
        Not possible against {targetName}: {typeof x.reason === 'string' ? x.reason : ''}
      </Alert>
    );
  }
  const mods = Array.isArray(x.modifiers) ? (x.modifiers as { id?: string; reason?: string; value?: number }[]) : [];
  const modList = (list: typeof mods) =>
    list.length ? (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {list.map((m, i) => (
          <Typography component="li" variant="caption" key={i} sx={{ display: 'list-item' }}>
            {signed(m.value)} {m.reason ?? m.id}
          </Typography>
        ))}
      </Box>
    ) : (
      <Typography variant="caption" color="text.secondary" component="div">
        no modifiers
      </Typography>
    );
  if (x.kind === 'close-action' || x.kind === 'cavalry-charge') {
    const odds = (x.odds ?? {}) as Ex;
    const pct = (v: unknown) => `${Math.round(Number(v ?? 0) * 100)}%`;
    const side = (k: 'attacker' | 'defender') => (x[k] ?? {}) as Ex;
    return (
      <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool" data-kind={String(x.kind)}>
        <Typography variant="body2">
          Charge on <b>{targetName}</b> ({String(x.aspect)}): win {pct(odds.attacker)}, lose {pct(odds.defender)}, again {pct(odds.again)}
        </Typography>
        {(['attacker', 'defender'] as const).map((k) => (
          <Typography variant="caption" component="div" key={k}>
            {k === 'attacker' ? 'Charger' : 'Defender'} MV {n2(side(k).value)} · morale passes {pct((side(k).morale as Ex | undefined)?.pass)}
          </Typography>
        ))}
      </Paper>
    );
  }
  const byRoll = Array.isArray(x.casualtiesByRoll) ? (x.casualtiesByRoll as number[]) : null;
  const victims = Array.isArray(x.victims) ? (x.victims as Ex[]) : [];
  return (
    <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool" data-kind={String(x.kind)}>
      <Typography variant="body2">
        {x.kind === 'solid-shot' ? 'Solid shot' : `${String(x.kind).charAt(0).toUpperCase()}${String(x.kind).slice(1)} fire`} on <b>{targetName}</b> at {n2(x.range)}" ({String(x.band)} range)
        {typeof x.figures === 'number' ? `: ${x.figures} figures` : ''}
      </Typography>
      {x.kind === 'solid-shot' ? (
        <>
          <Typography variant="caption" component="div">
            {x.dice === 1 ? '1 die' : `${String(x.dice)} dice`} hitting on {String(x.hitOn)}+ · bounce {n2(x.bounce)}"
          </Typography>
          {victims.map((v, i) => (
            <Typography variant="caption" component="div" key={i}>
              {names.get(String(v.unit)) ?? String(v.unit)}: {n2(v.damagePerHit)} damage a hit, {n2(v.expected)} casualties expected
            </Typography>
          ))}
        </>
      ) : (
        <>
          {modList(mods)}
          <Typography variant="caption" component="div">
            Die modifier {signed(x.total)}
            {byRoll ? ` · casualties by d6: ${byRoll.map((c, i) => `${i + 1}→${c}`).join('  ')}` : ''}
          </Typography>
        </>
      )}
      <Typography variant="body2" data-testid="ne-expected">
        Expected: <b>{n2(x.expected)}</b> casualties
      </Typography>
    </Paper>
  );
}
