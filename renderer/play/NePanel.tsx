// The side panel of a Napoleon's Eagles game: the period, turn points, A/D roles and units still to move, always
// shown; and a human's decision: the sealed bid (a small dialog), the A/D choice, the unit list with its markers, the
// selected unit's own actions, the ghost's verdict with Move here, and the fire or charge preview of a hovered target.
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { NapoleonsEaglesUnit, NapoleonsEaglesView, NeOrder, SideKey } from '../../domain/engine-protocol.js';
import { stillToMove, unitMarkers, unitsForList, type Marker, type RuleFacts } from './ne-pieces.js';
import { divisionOrderWords, flankName, neRulesLine, neUnitLine, ORDER_HELP, ORDER_NEEDS_POINT, ORDER_WORDS, whenWords } from './ne-words.js';
import type { EngineAction } from './play-actions.js';
import type { SideColours } from './play-view.js';
import type { PendingMove } from './use-ne-table.js';
import { InfluenceDialog, type InfluenceAsk } from './NeInfluence.js';
import { seenWords } from './ne-fog.js';
import { veiledName, type Sight } from './ne-visibility.js';
import { movedWords } from './ne-turn-words.js';

type Names = ReadonlyMap<string, string>;

/** The period, the turn points, the bids, the roles and who is still to move. */
export function NeStatus({ view, sideName, colours, names = new Map() }: { view: NapoleonsEaglesView; sideName: (k: SideKey) => string; colours: SideColours; names?: Names }) {
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
            Side A: {side(roles.a)} · ratio {roles.ratio.a}:{roles.ratio.d} · {roles.stepLeft} still to start this step
            <div data-testid="ne-moved">{movedWords(view, sideName)}</div>
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
      <NeRulesStatus view={view} sideName={sideName} colours={colours} names={names} />
    </Box>
  );
}

/** The special rules' state in words: the flank to act, written orders, fights carried over, fires, caissons (rules notes §14, §15). */
function NeRulesStatus({ view, sideName, colours, names }: { view: NapoleonsEaglesView; sideName: (k: SideKey) => string; colours: SideColours; names: Names }) {
  const n = (id: string) => names.get(id) ?? id;
  const fires = Object.entries(view.fires ?? {});
  return (
    <>
      {view.flanks && (
        <div data-testid="ne-flank" data-flank={view.flanks.now} data-stage={view.flanks.stage}>
          Table flanks: <b>{flankName(view.flanks.now, view.flanks.count)}</b> {view.flanks.stage === 'moving' ? 'moving' : 'bidding'} now
          {view.flanks.queue.length > 0 ? ` · then ${view.flanks.queue.map((i) => flankName(i, view.flanks!.count)).join(', ')}` : ''}
        </div>
      )}
      {view.orders && view.orders.length > 0 && (
        <Box data-testid="ne-orders" sx={{ mt: 0.25 }}>
          Orders:
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {view.orders.map((o) => (
              <li key={o.leader} data-testid="ne-order" data-leader={o.leader} data-order={o.order} data-next={o.next?.order ?? ''}>
                <b style={{ color: colours[o.side] }}>{n(o.leader)}</b> ({sideName(o.side)}): {divisionOrderWords(o, null)}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {(view.carried ?? []).map((c) => (
        <div key={`again-${c.charger}-${c.target}`} data-testid="ne-carried">
          {n(c.charger)} and {n(c.target)} tied: fought again next period
        </div>
      ))}
      {fires.length > 0 && (
        <div data-testid="ne-fires">
          Fires: {fires.map(([b, k]) => `${n(b)} ${k}${k >= 3 ? ' (no entry)' : ''}`).join(' · ')}
        </div>
      )}
      {(view.fireWork ?? []).map((w) => (
        <div key={`work-${w.unit}`} data-testid="ne-fire-work">
          {n(w.unit)} {w.task === 'start' ? 'is setting fire to' : 'is fighting the fire in'} {n(w.block)} this period
        </div>
      ))}
      {(view.resupply ?? []).map((r) => (
        <div key={`rs-${r.caisson}`} data-testid="ne-resupply">
          {n(r.caisson)} is reloading {n(r.battery)}: full at the period’s end unless either is charged
        </div>
      ))}
      {(view.smoke ?? []).length > 0 && (
        <div data-testid="ne-smoke">
          Smoke: {view.smoke!.map((c) => `before ${n(c.by)} until the end of ${whenWords(c.until)}`).join(' · ')}
        </div>
      )}
    </>
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
export function NeUnitList({ view, acting, selected, onSelect, colours, sights = null, why, onBlocked }: { view: NapoleonsEaglesView; acting: ReadonlySet<string>; selected: string | null; onSelect: (id: string | null) => void; colours: SideColours; sights?: ReadonlyMap<string, Sight> | null; why?: (id: string) => string | null; onBlocked?: (id: string) => void }) {
  const toMove = new Set(stillToMove(view).map((u) => u.id));
  // Under the visibility rule the list names only what the watching side makes out, as the table does.
  const list = unitsForList(view, view.decision.side ?? 'red')
    .filter((u) => u.status === 'table' && sights?.get(u.id) !== 'hidden')
    .map((u) => {
      const s = sights?.get(u.id) ?? 'identity';
      return s === 'identity' ? u : { ...u, sight: s, name: veiledName(u, s) || (s === 'mass' ? 'A mass of troops' : 'Troops in formation'), fatigue: 'normal' as const, disordered: false, retreat: 0, markers: [], figures: u.startFigures, refused: undefined, outOfControl: undefined };
    });
  return (
    <Box sx={{ maxHeight: 200, minHeight: 80, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, flex: 'none' }} data-testid="ne-units">
      {list.map((u) => (
        <UnitRow key={u.id} u={u} sight={'sight' in u ? u.sight : undefined} rules={view} colour={colours[u.side]} selected={u.id === selected} toMove={toMove.has(u.id)} able={acting.has(u.id)} onSelect={onSelect} why={acting.has(u.id) ? null : (why?.(u.id) ?? null)} onBlocked={onBlocked} />
      ))}
    </Box>
  );
}

/** The sealed bid: a number of turn points from 0 to those left, sent when the player says so. */
function BidDialog({ view, side, sideName, onBid, onClose }: { view: NapoleonsEaglesView; side: SideKey; sideName: (k: SideKey) => string; onBid: (points: number) => void; onClose?: () => void }) {
  const most = view.turnPoints[side];
  const [text, setText] = useState('0');
  const points = Number(text);
  const ok = text !== '' && Number.isInteger(points) && points >= 0 && points <= most;
  const other: SideKey = side === 'red' ? 'blue' : 'red';
  return (
    <Dialog open data-testid="ne-bid-dialog" disablePortal={false} onClose={onClose}>
      <DialogTitle>Bid for the choice of side</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {/* Worded without a verb that agrees with the side's name: most are plural ("Prussians"), some not. */}
          Turn points left to {sideName(side)} this game turn: <b>{most}</b>. The higher bid chooses side A or D this period.{' '}
          {view.bids[other] === 'hidden' ? `${sideName(other)}: bid sealed.` : `${sideName(other)}: bids after you, sealed.`}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Side A starts its units first, a few at a time, and may finish once at least half have moved; side D answers each step. Both bids are
          spent, the winner’s and the loser’s.
        </Typography>
        <TextField
          autoFocus
          size="small"
          type="number"
          label="Points to bid"
          sx={{ width: 180 }}
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
        {onClose && (
          <Button onClick={onClose} data-testid="ne-bid-back">
            Back to orders
          </Button>
        )}
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
  /** Asks the engine whether an action is legal now, and why not. */
  check: (a: EngineAction) => Promise<{ ok: boolean; reason?: string } | null>;
  /** Asks for a point on the table (the next click), for an order's objective; `picking` while it waits. */
  askPoint: (answer: (at: [number, number]) => void) => void;
  picking: boolean;
  onOrderPoint: (at: [number, number] | null) => void;
  /** The influence decision: the leader asked, the rolls he leads, who is asked after him. */
  influence?: InfluenceAsk | null;
  /** Under the visibility rule, how much of each unit the watching side makes out; null: all. */
  sights?: ReadonlyMap<string, Sight> | null;
}

/** Actions drawn by the map rather than as buttons: a move goes where the ghost is put. */
const ON_MAP = new Set(['move', 'force-march', 'leader']);
/** Actions with a control of their own: the refuse buttons (both flanks, asked of the engine) and the order writer. */
const OWN_CONTROL = new Set(['refuse', 'order']);
/** Formations that can refuse a flank ('Refusing a Flank'): infantry line or supported line, cavalry line. */
const REFUSING = new Set(['line', 'supported-line']);

export function NeDecision(p: NeDecisionProps) {
  const { view, side } = p;
  const kind = view.decision.kind;
  // The influence is lent in its own dialog; its seven bare buttons stay only when the dialog has nothing to show.
  const sideWide = p.legal.filter((a) => !a.unit && a.type !== 'bid' && a.type !== 'leader' && a.type !== 'order' && !(a.type === 'influence' && p.influence));
  const writing = kind === 'bid' && !!view.orders && p.legal.some((a) => a.type === 'bid');
  const [bidOpen, setBidOpen] = useState(false);
  // A charged unit's answer and the leaders' places are the decision itself: their buttons show without a pick.
  const defences = kind === 'defend' ? p.legal.filter((a) => a.type === 'defend') : [];
  const leaderMoves = kind === 'leaders' ? p.legal.filter((a) => a.type === 'leader').slice(0, 8) : [];
  const n = (id: string | undefined) => (id ? (p.names.get(id) ?? id) : '');
  const own = p.unitActions.filter((a) => !ON_MAP.has(a.type) && !OWN_CONTROL.has(a.type));
  const attacks = own.filter((a) => a.type === 'fire' || a.type === 'charge');
  const others = own.filter((a) => a.type !== 'fire' && a.type !== 'charge');
  const unit = p.selected ? view.units.find((u) => u.id === p.selected) : undefined;
  // A target made out only in part is named as the table names it, on its buttons and in the preview.
  const seenAs = (id: string): string => {
    const s = p.sights?.get(id) ?? 'identity';
    const u = view.units.find((x) => x.id === id);
    return s === 'identity' || !u ? (p.names.get(id) ?? id) : veiledName(u, s) || seenWords(u, s);
  };
  const attackLabel = (a: EngineAction) => (a.target && seenAs(a.target) !== (p.names.get(a.target) ?? a.target) ? p.label(a).replace(p.names.get(a.target) ?? a.target, seenAs(a.target)) : p.label(a));
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
      {writing && side && (
        <OrderWriter view={view} side={side} names={p.names} check={p.check} onAct={p.onAct} askPoint={p.askPoint} picking={p.picking} onOrderPoint={p.onOrderPoint} />
      )}
      {writing && (
        <Button variant="contained" size="small" onClick={() => setBidOpen(true)} data-testid="ne-open-bid" sx={{ mt: 1 }}>
          Seal a bid…
        </Button>
      )}
      {kind === 'bid' && side && !p.disabled && (!writing || bidOpen) && <BidDialog view={view} side={side} sideName={p.sideName} onBid={(points) => { setBidOpen(false); p.onAct({ type: 'bid', points }); }} onClose={writing ? () => setBidOpen(false) : undefined} />}
      {kind === 'influence' && p.influence && !p.disabled && (
        <InfluenceDialog key={p.influence.leader} ask={p.influence} names={p.names} onLend={(bonus) => p.onAct({ type: 'influence', leader: p.influence!.leader, bonus })} />
      )}
      {kind === 'choose' && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="ne-bid-result">
          Bids: {p.sideName('red')} {String(view.bids.red ?? '–')}, {p.sideName('blue')} {String(view.bids.blue ?? '–')}.
        </Typography>
      )}
      {kind === 'defend' && (
        <Box sx={{ mb: 1 }} data-testid="ne-defend">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            <b>{n(view.decision.unit)}</b> is charged{view.decision.charger ? <> by <b>{seenAs(view.decision.charger)}</b></> : null}: how does it meet the charge?
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
          {neRulesLine(unit) && (
            <Typography variant="caption" component="div" data-testid="ne-unit-rules">
              {neRulesLine(unit)}
            </Typography>
          )}
          {kind === 'activate' && ((unit.arm === 'infantry' && REFUSING.has(unit.formation)) || (unit.arm === 'cavalry' && unit.formation === 'line')) && (
            <RefuseButtons unit={unit.id} key={`${unit.id}:${unit.actionsUsed}:${unit.refused?.flank ?? ''}`} check={p.check} onAct={p.onAct} label={p.label} />
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
                {attackLabel(a)}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
      {p.pool && <NePool explanation={p.pool.explanation} targetName={seenAs(p.pool.target)} names={p.names} nameOf={seenAs} />}
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

function UnitRow({ u, sight, rules, colour, selected, toMove, able, onSelect, why = null, onBlocked }: { u: NapoleonsEaglesUnit; sight?: Sight; rules: RuleFacts; colour: string; selected: boolean; toMove: boolean; able: boolean; onSelect: (id: string | null) => void; why?: string | null; onBlocked?: (id: string) => void }) {
  // A row that cannot be picked now says why on hover, and again in the panel's notice when clicked.
  return (
    <Box
      onClick={able ? () => onSelect(selected ? null : u.id) : why && onBlocked ? () => onBlocked(u.id) : undefined}
      title={why ?? undefined}
      data-why={why ?? undefined}
      data-testid="ne-unit"
      data-unit={u.id}
      data-sight={sight}
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
      <Chips markers={unitMarkers(u, rules)} />
    </Box>
  );
}

type Ex = Record<string, unknown>;
const n2 = (v: unknown) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : '–');
const signed = (v: unknown) => (typeof v === 'number' && v > 0 ? `+${v}` : String(v));

/** The engine's explanation of a fire or a charge on the hovered target, in words. */
export function NePool({ explanation, targetName, names, nameOf }: { explanation: unknown; targetName: string; names: Names; nameOf?: (id: string) => string }) {
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
    const closes = pct((side('attacker').morale as Ex | undefined)?.pass);
    const stands = pct((side('defender').morale as Ex | undefined)?.pass);
    const cas = (x.casualties ?? {}) as Ex;
    // A cavalry charge on foot or guns has no melee roll: it rides the target down, or fails if the target stands
    // and its square or line holds; the odds of the melee would read as a certainty, so it is said in words.
    const ride = x.kind === 'cavalry-charge' && typeof x.rideDown === 'boolean';
    return (
      <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool" data-kind={String(x.kind)}>
        <Typography variant="body2">
          Charge on <b>{targetName}</b>, striking its {String(x.aspect)}
          {x.contact === 'partial' ? ' (partial contact)' : ''}
        </Typography>
        {ride ? (
          <Typography variant="caption" component="div" data-testid="ne-charge-outcome">
            {x.rideDown
              ? `No melee: if the charge closes it rides ${targetName} down (${typeof cas.rideDown === 'number' ? cas.rideDown : '?'} casualties${Number(cas.cavalryLoses) > 0 ? ', the cavalry loses 1' : ''}).`
              : `No melee: if ${targetName} stands (${stands}) and the charge closes, the charge fails and the cavalry retreats; if ${targetName} breaks, it is ridden down.`}
          </Typography>
        ) : (
          <Typography variant="caption" component="div" data-testid="ne-charge-outcome">
            If both close, the melee: wins {pct(odds.attacker)}, loses {pct(odds.defender)}, fought again {pct(odds.again)}
          </Typography>
        )}
        <Typography variant="caption" component="div">
          Charger MV {n2(side('attacker').value)} · closes on a morale check {closes}
        </Typography>
        <Typography variant="caption" component="div">
          Defender MV {n2(side('defender').value)} · stands on a morale check {stands}
        </Typography>
      </Paper>
    );
  }
  const byRoll = Array.isArray(x.casualtiesByRoll) ? (x.casualtiesByRoll as number[]) : null;
  if (x.kind === 'block') {
    // Fire out of building blocks has no range band or modifiers: a die per block and action, a 6 kills two (notes §14).
    const blocks = Array.isArray(x.blocks) ? (x.blocks as Ex[]) : [];
    return (
      <Paper variant="outlined" sx={{ p: 1, bgcolor: '#fff8e1' }} data-testid="play-pool" data-kind="block">
        <Typography variant="body2">
          Fire out of {blocks.length === 1 ? 'a building block' : `${blocks.length} building blocks`} on <b>{targetName}</b> at {n2(x.range)}"
        </Typography>
        <Typography variant="caption" component="div">
          {x.dice === 1 ? '1 die' : `${String(x.dice)} dice`}, each killing {String(x.casualtiesPerHit)} on a {String(x.hitOn)}
        </Typography>
        <Typography variant="body2" data-testid="ne-expected">
          Expected: <b>{n2(x.expected)}</b> casualties
        </Typography>
      </Paper>
    );
  }
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
              <span data-testid="ne-victim">{nameOf ? nameOf(String(v.unit)) : (names.get(String(v.unit)) ?? String(v.unit))}</span>: {n2(v.damagePerHit)} damage a hit, {n2(v.expected)} casualties expected
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

/**
 * Refusing a flank ('Refusing a Flank'; rules notes §15): one button a flank. The engine's sample offers a refusal
 * only when an enemy threatens that flank, but it accepts one whenever the rules allow, so both are asked of it
 * (`check`); a refused one says why beside it.
 */
function RefuseButtons({ unit, check, onAct, label }: { unit: string; check: NeDecisionProps['check']; onAct: (a: EngineAction) => void; label: (a: EngineAction) => string }) {
  const [verdicts, setVerdicts] = useState<Record<string, { ok: boolean; reason?: string } | null>>({});
  useEffect(() => {
    let live = true;
    for (const flank of ['left', 'right'] as const) {
      void check({ type: 'refuse', unit, flank }).then((r) => {
        if (live) setVerdicts((v) => ({ ...v, [flank]: r }));
      });
    }
    return () => void (live = false);
  }, [check, unit]);
  const refusals = (['left', 'right'] as const).map((flank) => {
    const action: EngineAction = { type: 'refuse', unit, flank };
    return { flank, action, v: verdicts[flank] };
  });
  const why = refusals.filter((r) => r.v && !r.v.ok);
  return (
    <Box sx={{ mt: 0.5 }} data-testid="ne-refuse">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {refusals.map((r) => (
          <Button key={r.flank} size="small" variant="outlined" color="success" disabled={!r.v?.ok} onClick={() => onAct(r.action)} data-testid="ne-refuse-flank" data-flank={r.flank} title={r.v && !r.v.ok ? r.v.reason : undefined}>
            {label(r.action)}
          </Button>
        ))}
      </Stack>
      {why.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="ne-refuse-why">
          {why.length === 2 && why[0]!.v!.reason === why[1]!.v!.reason ? why[0]!.v!.reason : why.map((r) => `${r.flank}: ${r.v!.reason ?? ''}`).join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

const ORDERS: readonly NeOrder[] = ['attack', 'defend', 'withdraw', 'pursuit', 'maneuver', 'reserve'];

/**
 * Command option #2's order writer, in the bid decision before the side bids (rules notes §14): a division leader,
 * one of the six orders, and a point on the table (picked with a click, or typed) or the leader's own place. The
 * engine is asked (`check`) before it is sent, and says why when it refuses.
 */
function OrderWriter(p: { view: NapoleonsEaglesView; side: SideKey; names: Names; check: NeDecisionProps['check']; onAct: (a: EngineAction) => void; askPoint: NeDecisionProps['askPoint']; picking: boolean; onOrderPoint: (at: [number, number] | null) => void }) {
  const divisions = (p.view.orders ?? []).filter((o) => o.side === p.side);
  const [leader, setLeader] = useState(divisions[0]?.leader ?? '');
  const [order, setOrder] = useState<NeOrder>('attack');
  const [at, setAt] = useState<[number, number] | null>(null);
  const [verdict, setVerdict] = useState<{ ok: boolean; reason?: string } | null>(null);
  const { onOrderPoint } = p;
  useEffect(() => onOrderPoint(at), [at, onOrderPoint]);
  useEffect(() => () => onOrderPoint(null), [onOrderPoint]);
  if (divisions.length === 0) return null;
  const action = (): EngineAction => ({ type: 'order', leader, order, ...(at ? { at } : {}) });
  const send = () => {
    setVerdict(null);
    void p.check(action()).then((r) => {
      if (!r) return;
      setVerdict(r);
      if (r.ok) {
        p.onAct(action());
        setAt(null);
      }
    });
  };
  const coord = (i: 0 | 1, text: string) => {
    const v = Number(text);
    if (text === '' || !Number.isFinite(v)) return setAt(null);
    const next: [number, number] = at ? [at[0], at[1]] : [0, 0];
    next[i] = v;
    setAt(next);
  };
  return (
    <Box sx={{ mb: 1 }} data-testid="ne-order-writer">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Write orders (command option #2): an order written now {p.view.period === 1 ? 'takes effect at once in the first period' : 'arrives after its delay'}.
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <TextField
          select
          size="small"
          label="Division"
          value={leader}
          onChange={(e) => setLeader(e.target.value)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'ne-order-leader' } }}
        >
          {divisions.map((o) => (
            <option key={o.leader} value={o.leader}>
              {p.names.get(o.leader) ?? o.leader}
            </option>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mb: 0.5 }} role="radiogroup" aria-label="Order">
        {ORDERS.map((o) => (
          <Button key={o} size="small" variant={o === order ? 'contained' : 'outlined'} role="radio" aria-checked={o === order} onClick={() => setOrder(o)} title={ORDER_HELP[o]} data-testid="ne-order-kind" data-order={o}>
            {ORDER_WORDS[o]}
          </Button>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {ORDER_HELP[order]}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
        <Button size="small" variant={p.picking ? 'contained' : 'outlined'} color="warning" onClick={() => p.askPoint((pt) => setAt(pt))} data-testid="ne-order-pick">
          {p.picking ? 'Click the table… (Esc)' : ORDER_NEEDS_POINT.has(order) ? 'Pick the point on the table' : 'Pick a point (optional)'}
        </Button>
        <TextField size="small" label="x" type="number" value={at ? at[0] : ''} onChange={(e) => coord(0, e.target.value)} sx={{ width: 80 }} slotProps={{ htmlInput: { step: 0.5, 'data-testid': 'ne-order-x' } }} />
        <TextField size="small" label="y" type="number" value={at ? at[1] : ''} onChange={(e) => coord(1, e.target.value)} sx={{ width: 80 }} slotProps={{ htmlInput: { step: 0.5, 'data-testid': 'ne-order-y' } }} />
        {!at && (
          <Typography variant="caption" color="text.secondary">
            none: the leader’s place
          </Typography>
        )}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 0.5 }}>
        <Button size="small" variant="contained" color="secondary" onClick={send} disabled={!leader} data-testid="ne-order-send">
          Send the order
        </Button>
        {verdict && !verdict.ok && (
          <Typography variant="caption" sx={{ color: '#c62828' }} data-testid="ne-order-why">
            {verdict.reason}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
