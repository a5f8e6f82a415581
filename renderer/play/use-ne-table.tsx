// The open table's hands for a human player of Napoleon's Eagles: picking a unit on the map, dragging a ghost of
// its base and turning it by its handle, asking the engine (`check`) whether that move is legal and what it costs
// before sending it, and the ruler, fire arc and target preview while the pointer moves over other units. In the
// leaders step (step 8) a leader's marker is dragged (or picked, then the table clicked) the same way: dropped on a
// unit of his side he joins it, elsewhere he rides alone. The engine decides every rule; this only measures and asks.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckedReply, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import { baseCorners, baseDistance, fireArcPolygon, type Base } from '../../domain/map/rect-distance.js';
import type { Point, Scenario } from '../../domain/model.js';
import type { TableDrag } from '../map/MapView.js';
import type { EngineMessage } from './engine-client.js';
import { NeTable, HANDLE_PX, type Ghost } from './NeTable.js';
import { blocksOf, facingTowards, leaderAt, leaderDrop, leaderPlace, pieceAt, pieces as piecesOf, rotationHandle, stillToMove } from './ne-pieces.js';
import { ownOrders } from './ne-fog.js';
import { laterAsked, ledRolls } from './ne-influence.js';
import { leaderSights, sightOf, veilPieces, visibilityOn, watchingSide, weatherFactor } from './ne-visibility.js';
import type { InfluenceAsk } from './NeInfluence.js';
import { inches, legalLeaderWords, legalMoveWords, longestRange } from './ne-words.js';
import { notActingWords } from './ne-turn-words.js';
import type { Effect, EngineAction } from './play-actions.js';
import type { SideColours } from './play-view.js';

/** How often a dragged ghost asks the engine again, at most. */
const LIVE_CHECK_MS = 150;

type Request = <T extends EngineMessage>(type: string, body: Record<string, unknown>) => Promise<T | null>;

export interface NeTableInput {
  view: NapoleonsEaglesView | null;
  gameId: string | null;
  ply: number;
  scenario: Scenario;
  colours: SideColours;
  humanTurn: boolean;
  /** Units the human may act with now. */
  acting: ReadonlySet<string>;
  selected: string | null;
  select: (unit: string | null) => void;
  /** The selected unit's reach this action, from legal-actions. */
  area: readonly Point[][];
  /** The selected unit's fire and charge targets. */
  targets: ReadonlySet<string>;
  request: Request;
  act: (a: EngineAction) => void;
  /** The pointer is on a target (or off all of them): show its preview. */
  onHoverTarget: (target: string | null) => void;
  effects: { key: number; list: Effect[] } | null;
  /** Units, leaders and blocks by id, for the words drawn on the table. */
  names: ReadonlyMap<string, string>;
  /** Who plays each side, and whether a finished game is replayed: whose eyes the visibility rule shows. */
  players?: Readonly<Record<'red' | 'blue', string>> | null;
  replay?: boolean;
}

export interface PendingMove {
  action: EngineAction;
  verdict: { ok: boolean; text: string } | null;
}

/** A leader's ghost in the leaders step: where he would ride to, and the unit he would join there. */
export interface LeaderGhost {
  leader: string;
  from: Point;
  to: Point;
  attach: string | null;
  /** Still held by the pointer: no question asked yet. */
  dragging?: boolean;
}

/** The fields a scenario unit's Napoleon's Eagles ratings may hold that the fire arc needs. */
function ratingsById(scenario: Scenario): Map<string, { rifles?: unknown; calibre?: unknown }> {
  const out = new Map<string, { rifles?: unknown; calibre?: unknown }>();
  const walk = (f: unknown): void => {
    const node = f as { units?: { id: string; ratings?: Record<string, unknown> }[]; formations?: unknown[] } | undefined;
    for (const u of node?.units ?? []) out.set(u.id, (u.ratings?.['napoleons-eagles'] ?? {}));
    for (const g of node?.formations ?? []) walk(g);
  };
  for (const s of scenario.sides) walk(s.army);
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function useNeTable(p: NeTableInput) {
  const { view } = p;
  // With the visibility rule on, the enemy as the watching side makes it out (ne-visibility.ts); else everything.
  const watcher = view && visibilityOn(p.scenario) ? watchingSide(p.players ?? null, view.decision.side, !!p.replay) : null;
  const sights = useMemo(() => (view && watcher ? sightOf(view, watcher, weatherFactor(p.scenario.weather)) : null), [view, watcher, p.scenario.weather]);
  const leaderSeen = useMemo(() => (view && watcher ? leaderSights(view, watcher, weatherFactor(p.scenario.weather)) : null), [view, watcher, p.scenario.weather]);
  const pieces = useMemo(() => {
    if (!view) return [];
    const all = piecesOf(view.units, p.colours, view);
    return sights ? veilPieces(all, view.units, sights) : all;
  }, [view, p.colours, sights]);
  const blocks = useMemo(() => blocksOf(p.scenario), [p.scenario]);
  // A point asked of the table (an order's objective): the next click on the table answers it.
  const [pointWish, setPointWish] = useState<{ answer: (at: Point) => void; shown: Point | null } | null>(null);
  const byId = useMemo(() => new Map(pieces.map((x) => [x.id, x])), [pieces]);
  const toMove = useMemo(() => new Set(view && p.humanTurn ? stillToMove(view).map((u) => u.id) : []), [view, p.humanTurn]);
  const ratings = useMemo(() => ratingsById(p.scenario), [p.scenario]);
  const [hovered, setHovered] = useState<string | null>(null);
  const [ghostBase, setGhostBase] = useState<Base | null>(null);
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  const [forceMarch, setForceMarch] = useState(false);
  const [pickedLeader, setPickedLeader] = useState<string | null>(null);
  const [leaderGhost, setLeaderGhost] = useState<LeaderGhost | null>(null);
  /** Why the unit last clicked could not be picked, until the position or the pick changes. */
  const [notice, setNotice] = useState<{ unit: string; text: string } | null>(null);
  const asked = useRef(0);
  /** Inches per screen pixel at the settled zoom, as the overlay was last drawn. */
  const k = useRef(0.1);
  const drag = useRef<{ mode: 'move' | 'turn' | 'leader'; offset: Point } | null>(null);

  // A new position or another unit drops the ghost.
  const key = `${p.gameId}:${p.ply}:${p.selected}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    if (ghostBase) setGhostBase(null);
    if (verdict) setVerdict(null);
    if (leaderGhost) setLeaderGhost(null);
    if (pickedLeader) setPickedLeader(null);
    if (notice) setNotice(null);
  }

  // The leaders the human may place now: those of the side to act still on the table, in step 8.
  const leaderStep = !!view && p.humanTurn && view.decision.kind === 'leaders';
  const movableLeaders = useMemo(
    () => (view && leaderStep ? view.leaders.filter((l) => l.side === view.decision.side && !l.lost).map((l) => ({ ...l, place: leaderPlace(l, view.units) })) : []),
    [leaderStep, view],
  );
  if (pickedLeader && !movableLeaders.some((l) => l.id === pickedLeader)) setPickedLeader(null);

  const selectedPiece = p.selected ? byId.get(p.selected) : undefined;
  const selectedUnit = view && p.selected ? view.units.find((u) => u.id === p.selected) : undefined;

  /** Says why `unit` cannot be picked now, when there is a reason a player would want; true when something was said. */
  const explain = useCallback(
    (unit: string): boolean => {
      const text = view && p.humanTurn ? notActingWords(view, unit, p.acting, p.names) : null;
      setNotice(text ? { unit, text } : null);
      return !!text;
    },
    [p.acting, p.humanTurn, p.names, view],
  );

  const actionFor = useCallback(
    (b: Base): EngineAction => ({ type: forceMarch ? 'force-march' : 'move', unit: p.selected ?? '', to: [round2(b.at[0]), round2(b.at[1])], facing: b.facing }),
    [forceMarch, p.selected],
  );

  /** Asks the engine about the ghost where it lies; only the last question's answer is shown. */
  const check = useCallback(
    (b: Base, live = false) => {
      if (!p.gameId || !selectedPiece) return;
      const n = ++asked.current;
      // While dragging, the last answer stays until the next comes, so the words do not flicker.
      if (!live) setVerdict(null);
      const from = selectedPiece.base;
      const moved = Math.hypot(b.at[0] - from.at[0], b.at[1] - from.at[1]);
      void p.request<EngineMessage & CheckedReply>('check', { game: p.gameId, action: actionFor(b) }).then((r) => {
        if (!r || n !== asked.current) return;
        setVerdict(r.ok ? { ok: true, text: legalMoveWords(forceMarch ? 'force-march' : 'move', moved, r.cost) } : { ok: false, text: r.reason });
      });
    },
    [actionFor, forceMarch, p, selectedPiece],
  );

  const leaderAction = (g: LeaderGhost): EngineAction => ({ type: 'leader', leader: g.leader, to: g.to, attach: g.attach });

  /** Puts a leader's ghost where he was dropped and asks the engine whether he may ride there. */
  const placeLeader = useCallback(
    (leader: string, at: Point, live = false) => {
      const l = movableLeaders.find((x) => x.id === leader);
      const side = view?.decision.side;
      if (!p.gameId || !l || !side) return;
      const { to, attach } = leaderDrop(pieces, side, at, 2 * k.current);
      const g: LeaderGhost = { leader, from: l.place, to, attach };
      // While dragged, the ghost stays under the pointer; the question is where he would go if dropped there.
      if (!live) setLeaderGhost(g);
      const n = ++asked.current;
      if (!live) setVerdict(null);
      void p.request<EngineMessage & CheckedReply>('check', { game: p.gameId, action: leaderAction(g) }).then((r) => {
        if (!r || n !== asked.current) return;
        const ride = Math.hypot(to[0] - l.place[0], to[1] - l.place[1]);
        setVerdict(r.ok ? { ok: true, text: legalLeaderWords(ride, attach ? (byId.get(attach)?.name ?? attach) : null) } : { ok: false, text: r.reason });
      });
    },
    [byId, movableLeaders, p, pieces, view],
  );

  // Force march changes the question.
  useEffect(() => {
    if (ghostBase && !drag.current) check(ghostBase);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forceMarch]);

  const canMove = p.humanTurn && !!selectedPiece && view?.decision.kind === 'activate';

  // While a ghost is dragged the engine is asked again every so often, so the verdict and the move's cost follow the
  // pointer; only the last question's answer is shown, and the drop asks once more where the ghost lands.
  const live = useRef<{ timer: number | null; ask: (() => void) | null }>({ timer: null, ask: null });
  const askLive = (ask: () => void) => {
    live.current.ask = ask;
    if (live.current.timer !== null) return;
    live.current.timer = window.setTimeout(() => {
      live.current.timer = null;
      if (drag.current) live.current.ask?.();
    }, LIVE_CHECK_MS);
  };
  useEffect(() => () => window.clearTimeout(live.current.timer ?? undefined), []);

  const tableDrag: TableDrag = {
    press: (at) => {
      if (leaderStep) {
        // A leader's marker, or his ghost, picks him up.
        const onGhost = leaderGhost && Math.hypot(at[0] - leaderGhost.to[0], at[1] - leaderGhost.to[1]) <= 8 * k.current ? leaderGhost.leader : null;
        const hit = onGhost ?? leaderAt(movableLeaders, at, 8 * k.current)?.id ?? null;
        if (!hit) return false;
        const l = movableLeaders.find((x) => x.id === hit)!;
        drag.current = { mode: 'leader', offset: [0, 0] };
        setPickedLeader(hit);
        setVerdict(null);
        asked.current++;
        setLeaderGhost({ leader: hit, from: l.place, to: at, attach: null, dragging: true });
        return true;
      }
      // A press on a unit that cannot act yet says why, rather than leaving the drag to pan the map in silence.
      // A press squarely on another unit is about that unit, even beside the selected one's base.
      const pressed = pieceAt(pieces, at, 0);
      if (pressed && !p.acting.has(pressed.id) && pressed.id !== p.selected) {
        explain(pressed.id);
        return false;
      }
      if (!canMove || !selectedPiece) return false;
      const base = ghostBase ?? selectedPiece.base;
      const handle = rotationHandle(base, HANDLE_PX * k.current);
      if (Math.hypot(at[0] - handle[0], at[1] - handle[1]) <= 9 * k.current) {
        drag.current = { mode: 'turn', offset: [0, 0] };
        if (!ghostBase) setGhostBase(base);
        return true;
      }
      const hit = pieceAt([{ ...selectedPiece, base, corners: baseCorners(base) }], at, 4 * k.current);
      if (!hit) return false;
      drag.current = { mode: 'move', offset: [at[0] - base.at[0], at[1] - base.at[1]] };
      setGhostBase(base);
      setVerdict(null);
      return true;
    },
    move: (at) => {
      const d = drag.current;
      if (!d) return;
      if (d.mode === 'leader') {
        const side = view?.decision.side;
        // While dragged, the ghost follows the pointer and says which unit it would join.
        setLeaderGhost((g) => (g && side ? { ...g, to: at, attach: leaderDrop(pieces, side, at, 2 * k.current).attach, dragging: true } : g));
        const leader = leaderGhost?.leader ?? pickedLeader;
        if (leader) askLive(() => placeLeader(leader, at, true));
        return;
      }
      if (!ghostBase) return;
      const b: Base = d.mode === 'turn' ? { ...ghostBase, facing: facingTowards(ghostBase.at, at) } : { ...ghostBase, at: [at[0] - d.offset[0], at[1] - d.offset[1]] };
      setGhostBase(b);
      askLive(() => check(b, true));
    },
    release: (at) => {
      const d = drag.current;
      drag.current = null;
      if (d?.mode === 'leader') {
        if (pickedLeader ?? leaderGhost?.leader) placeLeader((leaderGhost?.leader ?? pickedLeader)!, at);
        return;
      }
      if (!d || !ghostBase) return;
      const b = d.mode === 'turn' ? { ...ghostBase, facing: facingTowards(ghostBase.at, at) } : { ...ghostBase, at: [at[0] - d.offset[0], at[1] - d.offset[1]] as Point };
      setGhostBase(b);
      check(b);
    },
  };

  const onClick = useCallback(
    (at: Point) => {
      if (!p.humanTurn || !view) return;
      if (pointWish) {
        pointWish.answer([round2(at[0]), round2(at[1])]);
        setPointWish(null);
        return;
      }
      if (leaderStep) {
        // Click a leader to pick him; then a click on the table (or on a unit of his side) puts his ghost there.
        const l = leaderAt(movableLeaders, at, 8 * k.current);
        if (l) return setPickedLeader(l.id === pickedLeader ? null : l.id);
        if (pickedLeader) placeLeader(pickedLeader, at);
        return;
      }
      const hit = pieceAt(pieces, at, 4 * k.current);
      if (hit && p.acting.has(hit.id)) {
        setNotice(null);
        return p.select(hit.id === p.selected ? null : hit.id);
      }
      if (hit) {
        explain(hit.id);
        return;
      }
      // A click on open ground puts the ghost there, keeping its facing: the way to move without dragging.
      if (canMove && selectedPiece) {
        const b = { ...(ghostBase ?? selectedPiece.base), at };
        setGhostBase(b);
        check(b);
      }
    },
    [canMove, check, explain, ghostBase, leaderStep, movableLeaders, p, pickedLeader, pieces, placeLeader, pointWish, selectedPiece, view],
  );

  const onPointer = useCallback(
    (at: Point | null) => {
      if (drag.current) return;
      const hit = at ? pieceAt(pieces, at, 3 * k.current) : null;
      const id = hit && hit.id !== p.selected ? hit.id : null;
      setHovered((h) => (h === id ? h : id));
      p.onHoverTarget(id && p.targets.has(id) ? id : null);
    },
    [p, pieces],
  );

  const send = useCallback(() => {
    if (!verdict?.ok) return;
    if (leaderGhost) return p.act(leaderAction(leaderGhost));
    if (ghostBase) p.act(actionFor(ghostBase));
  }, [actionFor, ghostBase, leaderGhost, p, verdict]);

  const drop = useCallback(() => {
    setGhostBase(null);
    setLeaderGhost(null);
    setVerdict(null);
    asked.current++;
  }, []);

  /** Enter sends the ghost's move, Escape drops the ghost (then lets a picked leader go); true when the key was used. */
  const onKey = useCallback(
    (e: KeyboardEvent): boolean => {
      if (pointWish && e.key === 'Escape') {
        setPointWish(null);
        return true;
      }
      if (!ghostBase && !leaderGhost) {
        if (e.key === 'Escape' && pickedLeader) {
          setPickedLeader(null);
          return true;
        }
        return false;
      }
      if (e.key === 'Enter' && verdict?.ok) {
        send();
        return true;
      }
      if (e.key === 'Escape') {
        drop();
        return true;
      }
      return false;
    },
    [drop, ghostBase, leaderGhost, pickedLeader, pointWish, send, verdict],
  );

  // The pointer may rest on the unit it has just picked: that is no ruler.
  const hoveredPiece = hovered && hovered !== p.selected ? byId.get(hovered) : undefined;
  const ruler = useMemo(() => {
    if (!selectedPiece || !hoveredPiece) return null;
    const d = baseDistance(selectedPiece.base, hoveredPiece.base);
    // A range is measured from the front edge, never shorter than edge to edge: past the longest reach is surely out.
    const reach = selectedUnit && hoveredPiece.side !== selectedPiece.side ? longestRange(selectedUnit.arm, ratings.get(selectedUnit.id)) : 0;
    const beyond = reach > 0 && d > reach ? ` · beyond its ${inches(reach)} reach` : '';
    return { from: selectedPiece.base.at, to: hoveredPiece.base.at, text: `${inches(d)} edge to edge${beyond}` };
  }, [hoveredPiece, selectedPiece, selectedUnit, ratings]);
  const arc = useMemo(() => {
    if (!selectedPiece || !selectedUnit || !p.humanTurn) return null;
    const range = longestRange(selectedUnit.arm, ratings.get(selectedUnit.id));
    return range > 0 && selectedUnit.formation !== 'limbered' ? fireArcPolygon(selectedPiece.base, range) : null;
  }, [p.humanTurn, ratings, selectedPiece, selectedUnit]);

  const ghost: Ghost | null = ghostBase ? { base: ghostBase, verdict } : null;
  const leaderGhostShown = leaderGhost ? { ...leaderGhost, verdict, dragging: !!leaderGhost.dragging } : null;
  /** The point an order being written names, drawn on the table until it is sent. */
  const [orderPoint, setOrderPoint] = useState<Point | null>(null);
  const askPoint = useCallback((answer: (at: Point) => void) => setPointWish({ answer, shown: null }), []);
  const overlay = (scale: number) => {
    k.current = scale;
    if (!view) return null;
    return (
      <NeTable
        view={ownOrders(view, watcher)}
        pieces={pieces}
        k={scale}
        colours={p.colours}
        selected={p.selected}
        toMove={toMove}
        targets={p.targets}
        hovered={hovered}
        area={p.humanTurn ? p.area : []}
        arc={arc}
        ruler={ruler}
        ghost={ghost}
        movableLeaders={movableLeaders.map((l) => l.id)}
        pickedLeader={pickedLeader}
        leaderGhost={leaderGhostShown}
        effects={p.effects}
        blocks={blocks}
        names={p.names}
        orderPoint={orderPoint}
        leaderSeen={leaderSeen}
      />
    );
  };

  const influence = useMemo((): InfluenceAsk | null => {
    const leader = view?.decision.kind === 'influence' ? view.decision.leader : undefined;
    if (!view || !leader) return null;
    return { leader, rolls: ledRolls(view, p.scenario, leader), others: laterAsked(view) };
  }, [view, p.scenario]);

  const pending: PendingMove | null = leaderGhost ? { action: leaderAction(leaderGhost), verdict } : ghostBase ? { action: actionFor(ghostBase), verdict } : null;
  return {
    overlay,
    tableDrag,
    onClick,
    onPointer,
    onKey,
    send,
    drop,
    pending,
    forceMarch,
    setForceMarch,
    toMove,
    hovered,
    ruler,
    pickedLeader,
    pickLeader: setPickedLeader,
    movableLeaders,
    leaderGhost,
    /** Asks for a point on the table: the next click gives it (Escape gives up). */
    askPoint,
    pickingPoint: !!pointWish,
    cancelPoint: () => setPointWish(null),
    setOrderPoint,
    influence,
    /** Why the unit last clicked could not be picked (null: nothing to say), and the way to ask or to dismiss it. */
    notice,
    explain,
    dismissNotice: () => setNotice(null),
    /** What the watching side makes out of each unit under the visibility rule, or null when it sees all. */
    sights,
    watcher,
  };
}
