// The Play tab: choose seats, seed and optional rules, then play on the editor's map. A human seat picks units on
// the map and sees where they can go and what they can hit before committing; AI seats play themselves, or are
// stepped and run at a chosen speed; a saved game log can be opened and scrubbed through.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  IconButton,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { isCellGrid } from '../../domain/grid.js';
import type { CheckedReply, SideInfo } from '../../domain/engine-protocol.js';
import type { Point, Scenario } from '../../domain/model.js';
import { resultWords } from '../../domain/victory-words.js';
import { MapView, type MapViewHandle } from '../map/MapView.js';
import { LAYER_GROUPS, type LayerKey } from '../map/scene-view.js';
import { useSize } from '../ui/use-size.js';
import { BriefingDialog } from './BriefingDialog.js';
import { DecisionPanel, type Explanation, type PanelUnit } from './DecisionPanel.js';
import { DiceTray } from './DiceTray.js';
import type { EngineClient, EngineMessage, GameResult, Seat } from './engine-client.js';
import { download, fileSlug } from './files.js';
import { actingUnits, optionsFor, sideActions, type EngineAction, type LogLine } from './play-actions.js';
import { NeDecision, NeStatus, NeUnitList } from './NePanel.js';
import { leaderPlace } from './ne-pieces.js';
import { PlayOverlay } from './PlayOverlay.js';
import { playRules, type PlayRules } from './play-rules.js';
import { boxOf, PLAY_UNDO_EVENT, sideColours, type EngineUnit, type SideColours, type SideKey, type SideOrder } from './play-view.js';
import { ReplayBar } from './ReplayBar.js';
import { useGame } from './use-game.js';
import { FOG_LEGEND, ownOrders } from './ne-fog.js';
import { useNeTable } from './use-ne-table.js';
import { notActingWords } from './ne-turn-words.js';
import { keyBelongsElsewhere, playMapMove, type PlayMapMove } from './play-map-keys.js';

/** Where the armies were to deploy no longer matters once the game has begun. */
const HIDDEN: ReadonlySet<LayerKey> = new Set<LayerKey>(['zones', 'entries']);
/** On an open table the play view draws the objectives itself, as areas with their holders. */
const HIDDEN_OPEN: ReadonlySet<LayerKey> = new Set<LayerKey>(['zones', 'entries', 'objectives']);
/** The play map only shows; nothing on it can be picked up. */
const LOCK_ALL: ReadonlySet<LayerKey> = new Set(LAYER_GROUPS.flatMap((g) => g.layers.map((l) => l.key)));
const noop = () => undefined;

const SPEEDS = [
  { ms: 0, label: 'As fast as possible' },
  { ms: 60, label: 'Fast' },
  { ms: 300, label: 'Normal' },
  { ms: 1000, label: 'Slow' },
];

interface UnitOptionsReply extends EngineMessage {
  actions: EngineAction[];
  costs: Record<string, number>;
  /** On an open table: where the unit can get to with its next action. */
  area?: Point[][];
}

/** No actions: one array, so setting it again changes nothing. */
const NO_ACTIONS: EngineAction[] = [];
const NO_AREA: Point[][] = [];

export function GamePane({
  active,
  generation,
  scenario,
  getClient,
  current,
  failed,
  report,
  sideName,
  order,
}: {
  /** Whether the Play tab is showing: its keys (Esc, Undo) act only then. */
  active: boolean;
  /** Goes up when the engine is restarted: the game died with the old engine, the set-up choices stay. */
  generation: number;
  scenario: Scenario;
  getClient: () => EngineClient;
  current: () => EngineClient | null;
  failed: boolean;
  report: (e: unknown) => void;
  sideName: (k: SideKey) => string;
  /** Which scenario side the engine calls red (play-view.ts SideOrder). */
  order: SideOrder;
}) {
  const [players, setPlayers] = useState<{ red: Seat; blue: Seat }>({ red: 'ai', blue: 'ai' });
  const [seed, setSeed] = useState('1');
  // What this scenario's rule system does its own way: words, dice, marks, optional rules.
  const rules = useMemo(() => playRules(scenario.ruleSystem), [scenario.ruleSystem]);
  const [options, setOptions] = useState<Record<string, boolean>>(() => {
    const o = scenario.ruleOptions?.[rules.system] ?? {};
    return Object.fromEntries(rules.optionalRules.map((r) => [r.key, o[r.key] === true]));
  });
  const [speed, setSpeed] = useState(300);
  /** The briefings and victory conditions, open over the game. */
  const [briefing, setBriefing] = useState(false);
  const [seeking, setSeeking] = useState(false);
  const g = useGame(getClient, current, scenario, report, speed);
  const { game } = g;
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (generation > 0) g.reset();
    // Only a new engine clears the game, not a new `g`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  // ---- Human decisions ---------------------------------------------------------------------------------------------
  const [legal, setLegal] = useState<EngineAction[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [unitReply, setUnitReply] = useState<UnitOptionsReply | null>(null);
  const [choice, setChoice] = useState<EngineAction[] | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [pool, setPool] = useState<{ target: string; explanation: Explanation } | null>(null);
  const poolCache = useRef(new Map<string, Explanation>());
  const lastCell = useRef<string | null>(null);

  const ply = game?.summary.ply ?? -1;
  const humanTurn = !!game && !failed && !game.replay && !game.summary.over && game.summary.seat === 'human' && !g.running;

  // A new position drops the last one's choice and dice pool, and its moves unless it is the human's turn again, when
  // they stay until the new ones come. Done while rendering, so no frame shows the old ones on the new position.
  const position = `${game?.id}:${ply}:${humanTurn}`;
  const [shownPosition, setShownPosition] = useState(position);
  if (shownPosition !== position) {
    setShownPosition(position);
    if (choice) setChoice(null);
    if (pool) setPool(null);
    if (!humanTurn && legal.length > 0) setLegal(NO_ACTIONS);
  }
  useEffect(() => {
    poolCache.current.clear();
    if (!game || !humanTurn) return;
    let live = true;
    void g.request<EngineMessage & { actions: EngineAction[] }>('legal-actions', { game: game.id }).then((r) => {
      if (live && r) setLegal(r.actions);
    });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game?.id, ply, humanTurn]);

  const acting = useMemo(() => actingUnits(legal), [legal]);
  // Keep a selection only while the unit still has something to do.
  if (selected && !acting.has(selected)) setSelected(null);

  // The selected unit's options are asked afresh at each position; the last ones go at once.
  const unitPosition = `${position}:${selected}`;
  const [shownUnitPosition, setShownUnitPosition] = useState(unitPosition);
  if (shownUnitPosition !== unitPosition) {
    setShownUnitPosition(unitPosition);
    if (unitReply) setUnitReply(null);
  }
  useEffect(() => {
    if (!game || !selected || !humanTurn) return;
    let live = true;
    void g.request<UnitOptionsReply>('legal-actions', { game: game.id, unit: selected }).then((r) => {
      if (live && r) setUnitReply(r);
    });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game?.id, ply, selected, humanTurn]);

  const opts = useMemo(() => (selected && unitReply ? optionsFor(unitReply.actions, selected) : null), [selected, unitReply]);
  // The engine's `costs` has exactly the unit's destinations as keys.
  const reach = useMemo(() => new Map(Object.entries(unitReply?.costs ?? {})), [unitReply]);
  const unitsById = useMemo(() => new Map((game?.state.units ?? []).map((u) => [u.id, u])), [game?.state]);
  const targetBoxes = useMemo(() => new Set([...(opts?.targets.keys() ?? [])].flatMap((t) => { const u = unitsById.get(t); return u ? (boxOf(u) ?? []) : []; })), [opts, unitsById]);
  // Several formations may share a hex: each place's units, in the engine's order.
  const unitsAt = useMemo(() => {
    const out = new Map<string, EngineUnit[]>();
    for (const u of game?.state.units ?? []) {
      const box = boxOf(u);
      if (u.status === 'table' && box) out.set(box, [...(out.get(box) ?? []), u]);
    }
    return out;
  }, [game?.state]);
  /** The first unit in `cell` the selected unit may attack, for hovering. */
  const targetIn = useCallback((cell: string | null) => (cell ? (unitsAt.get(cell) ?? []).find((u) => opts?.targets.has(u.id)) : undefined), [opts, unitsAt]);

  const act = useCallback(
    (a: EngineAction) => {
      setChoice(null);
      setPool(null);
      void g.act(a, ply);
    },
    [g, ply],
  );
  const hoverRef = useRef<string | null>(null);
  const select = useCallback((unit: string | null) => {
    setChoice(null);
    setPool(null);
    setSelected(unit);
  }, []);

  const showPool = useCallback(
    (target: string | null, action?: EngineAction) => {
      // A melee together is explained with its partners; the map's hover is the attack alone.
      const partners = action?.with?.length ? action.with : null;
      const asked = `${selected}:${target}${partners ? `+${partners.join('+')}` : ''}`;
      hoverRef.current = target && selected ? asked : null;
      const hovered = target ? unitsById.get(target) : undefined;
      setHover(hovered ? boxOf(hovered) : null);
      if (!target || !game || !selected || !opts) return setPool(null);
      const list = opts.targets.get(target) ?? [];
      const first = action ?? list.find((a) => !a.with?.length) ?? list[0];
      const kind = first ? rules.explainKind(first) : null;
      if (!kind) return setPool(null);
      // Cached per position: the cache is cleared whenever the game moves on.
      const key = `${kind}:${asked}`;
      const known = poolCache.current.get(key);
      if (known) return setPool({ target, explanation: known });
      void g.request<EngineMessage & Explanation>('explain', { game: game.id, kind, unit: selected, target, ...(partners ? { with: partners } : {}) }).then((r) => {
        if (!r) return;
        poolCache.current.set(key, r);
        // The pointer may have moved on while the engine answered.
        if (hoverRef.current === asked) setPool({ target, explanation: r });
      });
    },
    [g, game, opts, rules, selected, unitsById],
  );

  const onTableClick = useCallback(
    (_at: Point, cell: string | null) => {
      if (!humanTurn || g.acting || !cell) return;
      const moves = opts?.destinations.get(cell);
      if (moves?.length) return moves.length === 1 ? act(moves[0]!) : setChoice(moves);
      const there = unitsAt.get(cell) ?? [];
      // A click attacks alone: attacking together is a button of its own in the panel.
      const attacks = there.flatMap((u) => opts?.targets.get(u.id) ?? []).filter((a) => !a.with?.length);
      if (attacks.length) return attacks.length === 1 ? act(attacks[0]!) : setChoice(attacks);
      // Clicking a place again picks the next of its units that can act, so every formation in a hex can be had.
      const able = there.filter((u) => acting.has(u.id));
      const at = able.findIndex((u) => u.id === selected);
      select(able.length ? able[(at + 1) % able.length]!.id : null);
    },
    [act, acting, g.acting, humanTurn, opts, select, selected, unitsAt],
  );

  const onPointer = useCallback(
    (_at: Point | null, cell: string | null) => {
      if (cell === lastCell.current) return;
      lastCell.current = cell;
      showPool(targetIn(cell)?.id ?? null);
    },
    [showPool, targetIn],
  );

  const colours = useMemo(() => sideColours(scenario, order), [scenario, order]);
  const neView = game?.state.system === 'napoleons-eagles' ? game.state : null;
  const neTargets = useMemo(() => new Set(opts?.targets.keys() ?? []), [opts]);
  const ne = useNeTable({
    view: neView,
    gameId: game?.id ?? null,
    ply,
    scenario,
    colours,
    humanTurn,
    acting,
    selected,
    select,
    area: unitReply?.area ?? NO_AREA,
    targets: neTargets,
    request: g.request,
    act,
    onHoverTarget: showPool,
    effects: g.effects,
    names: g.names,
    players: game?.players ?? null,
    replay: !!game?.replay,
  });
  /** Asks the engine whether an action is legal in the position on show (the refuse buttons, the order writer). */
  const gameId = game?.id ?? null;
  const neCheck = useCallback(
    async (a: EngineAction) => {
      if (!gameId) return null;
      const r = await g.request<EngineMessage & CheckedReply>('check', { game: gameId, action: a });
      return r ? (r.ok ? { ok: true } : { ok: false, reason: r.reason }) : null;
    },
    // `g.request` is stable for the life of the pane; the position is what the answer depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [gameId, ply],
  );
  // The play map's camera, driven by its buttons and keys as the editor's is.
  const mapHandle = useRef<MapViewHandle>(null);
  const moveMap = useCallback((m: PlayMapMove) => {
    const h = mapHandle.current;
    if (!h) return;
    if (m.kind === 'fit') h.fit();
    else if (m.kind === 'zoom') h.zoomBy(m.factor);
    else h.panBy(m.dx, m.dy);
  }, []);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || keyBelongsElsewhere(e.target, document.querySelector('[data-testid="play-map"]'))) return;
      const m = playMapMove(e);
      if (!m) return;
      e.preventDefault();
      moveMap(m);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, moveMap]);

  // Esc drops the selection; Undo (Ctrl+Z or the menu, routed here by the app frame) takes back a human move.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // The briefing, open over the game, takes its own keys (Escape closes it).
      if (briefing) return;
      // A ghost on an open table takes Enter (send it) and Escape (drop it) before the selection does.
      if (active && !document.querySelector('.MuiMenu-paper') && ne.onKey(e)) {
        e.stopPropagation();
        e.preventDefault();
        return;
      }
      // An open menu (a Select's list) takes its own Escape first.
      if (!active || e.key !== 'Escape' || !(selected || choice) || document.querySelector('.MuiMenu-paper')) return;
      e.stopPropagation();
      select(null);
    };
    const onUndo = () => {
      if (active && game && hasHuman(game.players) && !game.replay && game.summary.ply > 0 && !failed) void g.undo();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener(PLAY_UNDO_EVENT, onUndo);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener(PLAY_UNDO_EVENT, onUndo);
    };
  }, [active, briefing, choice, failed, g, game, ne, select, selected]);

  // ---- Files ---------------------------------------------------------------------------------------------------

  const saveLog = async () => {
    const text = await g.logText();
    if (text) download(`${fileSlug(scenario.title)}.game.jsonl`, text, 'application/jsonl');
  };

  const openLog = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    await g.openLog(await file.text());
  };

  // ---- Drawing -------------------------------------------------------------------------------------------------

  const board = useMemo(() => (game ? rules.board(scenario, game.state) : scenario), [game, rules, scenario]);
  const [mapRef, size] = useSize();
  const grid = isCellGrid(scenario.grid) ? scenario.grid : null;
  const result = game?.summary.result ?? null;
  const overlay = useCallback(
    (k: number) =>
      game && grid && game.state.system !== 'napoleons-eagles' ? (
        <PlayOverlay
          grid={grid}
          state={game.state}
          k={k}
          selected={selected}
          acting={humanTurn ? acting : new Set()}
          reach={reach}
          targets={targetBoxes}
          hovered={hover}
          effects={g.effects}
          colours={colours}
        />
      ) : null,
    [acting, colours, g.effects, game, grid, hover, humanTurn, reach, selected, targetBoxes],
  );
  const panelUnit = useCallback((u: EngineUnit): PanelUnit => ({ id: u.id, name: u.name, box: boxOf(u), line: rules.unitLine(u), ...('men' in u ? { men: u.men } : {}) }), [rules]);
  const actingList = useMemo(() => (game?.state.units ?? []).filter((u) => acting.has(u.id)).map(panelUnit), [acting, game?.state, panelUnit]);
  const selectedUnit = useMemo(() => {
    const u = selected ? unitsById.get(selected) : undefined;
    return u ? panelUnit(u) : null;
  }, [panelUnit, selected, unitsById]);
  const phase = game?.summary.phase;
  const label = useCallback((a: EngineAction) => rules.actionLabel(a, g.names, phase), [g.names, phase, rules]);
  const aiTurn = !!game && !game.replay && !game.summary.over && game.summary.seat !== 'human';

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: '1fr 400px' }}>
      <Box
        ref={mapRef}
        sx={{ position: 'relative', minWidth: 0, minHeight: 0, bgcolor: '#e8e4da' }}
        data-testid="play-map"
        data-reach={[...reach.keys()].join(' ')}
        data-targets={[...targetBoxes].join(' ')}
        data-units={(game?.state.units ?? []).flatMap((u) => (u.status === 'table' && boxOf(u) ? [`${u.id}@${boxOf(u)}`] : [])).join(' ')}
        data-system={rules.system}
        data-pieces={neView ? neView.units.flatMap((u) => (u.status === 'table' && u.at ? [`${u.id}@${u.at[0]},${u.at[1]},${u.facing}`] : [])).join(' ') : undefined}
        data-ne-targets={neView ? [...neTargets].join(' ') : undefined}
        data-area={neView ? String(unitReply?.area?.length ?? 0) : undefined}
        data-hovered={neView ? (ne.hovered ?? '') : undefined}
        data-ruler={neView ? (ne.ruler?.text ?? '') : undefined}
        data-ghost={neView && ne.pending && ne.pending.action.type !== 'leader' ? `${String(ne.pending.action.to)},${ne.pending.action.facing}` : undefined}
        data-leaders={neView ? neView.leaders.filter((l) => !l.lost).map((l) => `${l.id}@${leaderPlace(l, neView.units).join(',')}${l.attached ? `+${l.attached}` : ''}`).join(' ') : undefined}
        data-leader-ghost={neView && ne.leaderGhost ? `${ne.leaderGhost.leader}@${ne.leaderGhost.to.join(',')}${ne.leaderGhost.attach ? `+${ne.leaderGhost.attach}` : ''}` : undefined}
      >
        {size.width > 0 && (
          <Box sx={{ position: 'absolute', inset: 0 }}>
            <MapView
              handle={mapHandle}
              scenario={board}
              selection={[]}
              tool={{ type: 'select' }}
              side={0}
              snap={{ kind: 'off' }}
              hidden={neView ? HIDDEN_OPEN : HIDDEN}
              locked={LOCK_ALL}
              showGrid
              showCellLabels={false}
              engineView={false}
              units="inches"
              width={size.width}
              height={size.height}
              fitKey={game?.id ?? 'setup'}
              overlay={neView ? ne.overlay : overlay}
              onTableClick={neView ? ne.onClick : onTableClick}
              tableDrag={neView ? ne.tableDrag : undefined}
              onSelect={noop}
              onEdit={noop}
              onDropUnit={noop}
              onMessage={noop}
              onPointer={neView ? ne.onPointer : onPointer}
              onZoom={noop}
              onDrafting={noop}
            />
          </Box>
        )}
        {size.width > 0 && (
          <Paper elevation={2} sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', alignItems: 'center', gap: 0.25, px: 0.5 }} data-testid="play-zoom">
            <Tooltip title="Zoom out (−)" disableInteractive>
              <IconButton size="small" onClick={() => moveMap({ kind: 'zoom', factor: 0.8 })} data-testid="play-zoom-out" aria-label="Zoom out">
                −
              </IconButton>
            </Tooltip>
            <Tooltip title="Zoom in (+)" disableInteractive>
              <IconButton size="small" onClick={() => moveMap({ kind: 'zoom', factor: 1.25 })} data-testid="play-zoom-in" aria-label="Zoom in">
                +
              </IconButton>
            </Tooltip>
            <Tooltip title="Fit the table (0); the arrow keys pan" disableInteractive>
              <Button size="small" onClick={() => moveMap({ kind: 'fit' })} data-testid="play-zoom-fit" sx={{ minWidth: 0 }}>
                Fit
              </Button>
            </Tooltip>
          </Paper>
        )}
        {neView && ne.notice && (
          <Alert
            severity="info"
            onClose={ne.dismissNotice}
            data-testid="ne-notice"
            data-unit={ne.notice.unit}
            sx={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', maxWidth: '80%', boxShadow: 2, py: 0 }}
          >
            {ne.notice.text}
          </Alert>
        )}
      </Box>
      {briefing && <BriefingDialog scenario={scenario} order={order} players={game?.players ?? players} onClose={() => setBriefing(false)} />}
      <Box sx={{ borderLeft: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', minHeight: 0, p: 1.5, gap: 1, overflow: 'auto' }}>
        <input ref={fileInput} type="file" accept=".jsonl,.json,.txt,application/json" hidden onChange={(e) => void openLog(e)} data-testid="play-open-log-input" />
        {!game ? (
          <Stack spacing={2} data-testid="play-setup">
            <Typography variant="subtitle2">Who plays each side</Typography>
            {(['red', 'blue'] as const).map((k) => (
              <FormControl size="small" key={k}>
                <InputLabel id={`play-seat-${k}-label`}>{sideName(k)}</InputLabel>
                <Select labelId={`play-seat-${k}-label`} label={sideName(k)} value={players[k]} onChange={(e) => setPlayers((p) => ({ ...p, [k]: e.target.value }))} data-testid={`play-seat-${k}`}>
                  <MenuItem value="human">Human</MenuItem>
                  <MenuItem value="ai">AI</MenuItem>
                  <MenuItem value="random">Random moves</MenuItem>
                </Select>
              </FormControl>
            ))}
            <TextField size="small" label="Seed" value={seed} onChange={(e) => setSeed(e.target.value.replace(/\D/g, '').slice(0, 15))} helperText="The same seed and moves give the same game." slotProps={{ htmlInput: { 'data-testid': 'play-seed' } }} />
            {rules.optionalRules.length > 0 && (
            <Box>
              <Typography variant="subtitle2">Optional rules</Typography>
              {rules.optionalRules.map((r) => (
                <FormControlLabel
                  key={r.key}
                  control={<Checkbox size="small" checked={options[r.key] ?? false} onChange={(e) => setOptions((o) => ({ ...o, [r.key]: e.target.checked }))} />}
                  label={r.label}
                  data-testid={`play-option-${r.key}`}
                />
              ))}
            </Box>
            )}
            {failed && <Alert severity="info">Restart the engine (above) to play.</Alert>}
            {g.checkpoint && g.checkpoint.ply > 0 && (
              <Button variant="contained" color="secondary" onClick={() => void g.openLog(g.checkpoint!.text, true)} disabled={g.busy || failed} data-testid="play-resume">
                Resume the last game (after action {g.checkpoint.ply})
              </Button>
            )}
            <Button variant="contained" onClick={() => void g.start({ seed: Number(seed) || 0, players, ...(rules.optionalRules.length ? { options } : {}) })} disabled={g.busy || failed} data-testid="play-start">
              Start
            </Button>
            <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={g.busy || failed} data-testid="play-open-log">
              Open a saved game…
            </Button>
            <Button onClick={() => setBriefing(true)} data-testid="play-briefing-open">
              Briefing and victory conditions
            </Button>
            {g.busy && <LinearProgress />}
          </Stack>
        ) : (
          <>
            <StatusBox game={game} sideName={sideName} colours={colours} rules={rules} names={g.names} watcher={ne.watcher} veiled={!!ne.sights} onBriefing={() => setBriefing(true)} />
            {neView && (
              <NeUnitList
                view={neView}
                acting={humanTurn ? acting : new Set()}
                selected={selected}
                onSelect={select}
                colours={colours}
                sights={ne.sights}
                why={humanTurn ? (id) => notActingWords(neView, id, acting, g.names) : undefined}
                onBlocked={ne.explain}
              />
            )}
            {result && <ResultBox result={result} sideName={sideName} scenario={scenario} sides={game.loaded.sides} />}
            {game.replay && (
              <ReplayBar
                plies={game.replay}
                position={game.summary.ply}
                busy={g.busy || seeking}
                onSeek={(p) => {
                  // One seek at a time: a second click would count from the position the first has not left yet.
                  setSeeking(true);
                  void g.seek(p).finally(() => setSeeking(false));
                }}
              />
            )}
            {humanTurn && neView && (
              <NeDecision
                view={neView}
                side={game.summary.toAct}
                sideName={sideName}
                names={g.names}
                hint={rules.phaseHint[neView.decision.kind] ?? neView.decision.kind}
                label={label}
                legal={legal}
                selected={selected}
                unitActions={unitReply?.actions ?? NO_ACTIONS}
                pending={ne.pending}
                leaders={ne.movableLeaders}
                pickedLeader={ne.pickedLeader}
                onPickLeader={ne.pickLeader}
                forceMarch={ne.forceMarch}
                onForceMarch={ne.setForceMarch}
                onSend={ne.send}
                onDrop={ne.drop}
                pool={pool}
                onSelect={select}
                onAct={act}
                onHoverTarget={showPool}
                disabled={g.acting}
                colours={colours}
                check={neCheck}
                askPoint={ne.askPoint}
                picking={ne.pickingPoint}
                onOrderPoint={ne.setOrderPoint}
                influence={ne.influence}
                sights={ne.sights}
              />
            )}
            {humanTurn && !neView && (
              <DecisionPanel
                summary={game.summary}
                about={decisionAbout(game.state, g.names)}
                sideName={sideName}
                names={g.names}
                hint={rules.phaseHint[game.summary.pending] ?? game.summary.pending}
                cell={rules.cell}
                label={label}
                selected={selectedUnit}
                acting={actingList}
                unitActions={opts?.other ?? []}
                targets={opts?.targets ?? new Map()}
                reach={[...reach].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))}
                onPickBox={(box) => onTableClick([0, 0], box)}
                choice={choice}
                sideActions={sideActions(legal)}
                pool={pool}
                onSelect={select}
                disabled={g.acting}
                onAct={act}
                onHoverTarget={showPool}
                onCancelChoice={() => setChoice(null)}
              />
            )}
            {!game.replay && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                <Button variant="outlined" size="small" onClick={() => void g.run('step', 0)} disabled={g.running || game.summary.over || failed} data-testid="play-step">
                  {aiTurn ? 'Step' : 'AI plays this move'}
                </Button>
                <Button variant="outlined" size="small" onClick={() => void g.run('phase', speed)} disabled={g.running || game.summary.over || failed || !aiTurn} data-testid="play-to-phase">
                  End of phase
                </Button>
                <Button variant="outlined" size="small" onClick={() => void g.run('turn', speed)} disabled={g.running || game.summary.over || failed || !aiTurn} data-testid="play-to-turn">
                  End of turn
                </Button>
                {g.running ? (
                  <Button variant="contained" size="small" onClick={g.pause} disabled={g.pausing} data-testid="play-pause" data-pausing={g.pausing ? 'true' : undefined}>
                    {g.pausing ? 'Pausing…' : 'Pause'}
                  </Button>
                ) : (
                  <Button variant="contained" size="small" onClick={() => void g.run('end', speed)} disabled={game.summary.over || failed || !aiTurn} data-testid="play-to-end">
                    {hasHuman(game.players) ? 'Play on' : 'Play to end'}
                  </Button>
                )}
                <FormControl size="small" sx={{ minWidth: 150 }}>
                  <Select value={speed} onChange={(e) => setSpeed(Number(e.target.value))} data-testid="play-speed" inputProps={{ 'aria-label': 'Speed' }}>
                    {SPEEDS.map((s) => (
                      <MenuItem key={s.ms} value={s.ms}>{s.label}</MenuItem>
                    ))}
                  </Select>
                </FormControl>
              </Stack>
            )}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {hasHuman(game.players) && !game.replay && (
                <Button size="small" onClick={() => void g.undo()} disabled={game.summary.ply === 0 || failed} data-testid="play-undo" title="Ctrl+Z">
                  Undo
                </Button>
              )}
              <Button size="small" onClick={() => void saveLog()} disabled={failed} data-testid="play-save-log">Save game log</Button>
              <Button size="small" onClick={() => { g.reset(); select(null); }} data-testid="play-new">New game</Button>
            </Stack>
            <DiceTray rolls={g.dice.rolls} rollKey={g.dice.key} />
            <Typography variant="subtitle2">Game log</Typography>
            <LogPanel lines={game.replay ? g.log.filter((l) => l.ply <= game.summary.ply) : g.log} />
          </>
        )}
      </Box>
    </Box>
  );
}

const hasHuman = (p: { red: Seat; blue: Seat }) => p.red === 'human' || p.blue === 'human';

/** The units an assault decision is about, from the engine's `decision`. */
function decisionAbout(state: { decision?: { kind: string; attacker?: string; defender?: string; unit?: string; loser?: string } }, names: ReadonlyMap<string, string>): string | null {
  const d = state.decision;
  const n = (id: string | undefined) => (id ? (names.get(id) ?? id) : '');
  if (d?.kind === 'assault-defence' && d.attacker && d.defender) return `${n(d.defender)} is assaulted by ${n(d.attacker)}.`;
  if (d?.kind === 'assault-win' && d.unit && d.loser) return `${n(d.unit)} has driven back ${n(d.loser)}.`;
  return null;
}

function StatusBox({ game, sideName, colours, rules, names, watcher = null, veiled = false, onBriefing }: { game: NonNullable<ReturnType<typeof useGame>['game']>; sideName: (k: SideKey) => string; colours: SideColours; rules: PlayRules; names: ReadonlyMap<string, string>; watcher?: SideKey | null; veiled?: boolean; onBriefing: () => void }) {
  const s = game.summary;
  const seat = s.seat === 'human' ? 'human' : s.seat === 'random' ? 'random moves' : 'AI';
  const generals = game.state.system === 'square-eagles' ? game.state.generals.filter((x) => x.status === 'table') : [];
  // The key to the chips takes several lines: folded until asked for.
  const [legend, setLegend] = useState(false);
  return (
    // Pinned at the top of the side panel: the turn, the side to act and the period's state stay in view while the
    // panel scrolls to the decision, the buttons and the log below.
    <Paper variant="outlined" sx={{ p: 1, position: 'sticky', top: -12, zIndex: 2, flex: 'none' }} data-testid="play-status" data-phase={s.phase} data-to-act={s.toAct ?? ''} data-ply={s.ply}>
      <Button size="small" onClick={onBriefing} data-testid="play-briefing-open" title="Each side's briefing and the victory conditions" sx={{ float: 'right', minWidth: 0, py: 0, ml: 1 }}>
        Briefing
      </Button>
      <Typography variant="body2">
        Turn <b>{s.turn}</b> of {s.turns} · {s.over ? 'game over' : `${s.phase} phase`}
        {s.toAct ? <> · <b style={{ color: colours[s.toAct] }}>{sideName(s.toAct)}</b> to act ({seat})</> : null}
      </Typography>
      <Typography variant="body2" data-testid="play-vp">
        VP: {sideName('red')} {s.vp.red} · {sideName('blue')} {s.vp.blue}
        {game.state.initiative ? ` · ${rules.initiative}: ${sideName(game.state.initiative)}` : ''}
      </Typography>
      {game.state.system === 'napoleons-eagles' && <NeStatus view={ownOrders(game.state, watcher)} sideName={sideName} colours={colours} names={names} />}
      {generals.length > 0 && (
        <Box component="table" sx={{ fontSize: 12, mt: 0.5, borderSpacing: 0, '& td': { pr: 1 } }} data-testid="play-generals">
          <tbody>
            {generals.map((x) => (
              <tr key={x.id}>
                <td style={{ color: x.side ? colours[x.side] : undefined }}>★ {x.name}</td>
                <td>rolled {x.roll ?? '–'}</td>
                <td>
                  <b>{x.pips ?? 0}</b> pip{x.pips === 1 ? '' : 's'} left{x.banked ? ` (+${x.banked} saved)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {rules.legend && (
        <>
          <Button size="small" onClick={() => setLegend((o) => !o)} aria-expanded={legend} data-testid="play-legend-toggle" sx={{ p: 0, minWidth: 0, mt: 0.25, fontSize: 12, textTransform: 'none' }}>
            {legend ? '▾ Hide the key to the chips' : '▸ Key to the chips'}
          </Button>
          {legend && (
            <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.25, lineHeight: 1.3 }} data-testid="play-legend">
              {rules.legend}
              {veiled && rules.system === 'napoleons-eagles' && <span data-testid="ne-fog-legend"> {FOG_LEGEND}</span>}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}

function ResultBox({ result, sideName, scenario, sides }: { result: GameResult; sideName: (k: SideKey) => string; scenario: Scenario; sides: readonly SideInfo[] }) {
  // Said from the deciding condition in the scenario's names; the engine's own reason names sides by key.
  const words = resultWords(scenario, result, (k) => sides.find((x) => x.key === k)?.id);
  return (
    <Alert severity="info" data-testid="play-result" icon={false}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {result.winner === 'draw' ? 'A draw' : `${sideName(result.winner)} win`}
      </Typography>
      <Typography variant="body2">
        <span data-testid="play-result-words">{words.charAt(0).toUpperCase() + words.slice(1)}</span> · after {result.turns} turns · VP {sideName('red')} {result.vp.red}, {sideName('blue')} {result.vp.blue}
      </Typography>
    </Alert>
  );
}

function LogPanel({ lines }: { lines: LogLine[] }) {
  const end = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lines.length]);
  return (
    <Paper variant="outlined" sx={{ flex: 1, minHeight: 160, overflow: 'auto', p: 1, fontSize: 13 }} data-testid="play-log" data-lines={lines.length}>
      {lines.map((l) => (
        <Box key={l.n} sx={{ py: 0.25, fontWeight: l.text.startsWith('—') ? 600 : 400 }} data-testid="play-log-line" data-ply={l.ply}>
          {l.text}
        </Box>
      ))}
      <div ref={end} />
    </Paper>
  );
}
