// The units as a spreadsheet: every cell is an input that commits on Tab, Enter or leaving it, Escape cancels,
// Enter and the arrow keys move down and up, Ctrl+Enter inserts a unit below. Tab passes over the cells of columns
// that do not apply to the row's arm (shaded; a click still edits them, to clear a stray value). Cells carry the JSON
// Pointer of their value (`data-pointer`), so a problem can be jumped to. Only the rows in view (and a margin) are
// drawn (windowing.ts); the focused row, and one about to be focused (`reveal`), are drawn wherever they are.
import { Box, Checkbox } from '@mui/material';
import { memo, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MutableRefObject, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { RuleSystem, Unit } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import type { RatingPart } from '../../domain/ratings.js';
import { unitVp, vpTable } from '../../domain/victory-points.js';
import { appliesTo, armsInWords, cellPointer, displayCell, type Column } from './columns.js';
import { useLatest } from '../ui/use-latest.js';
import type { DropTarget, ForceEntry, FormationEntry, UnitEntry } from './forces.js';
import { ratingParts } from './rating-parts.js';
import { totalsLine, totalsOf } from './totals.js';
import { lineOffsets, useScrollBand, windowSegments, type Segment } from './windowing.js';

export interface TableGroup {
  formation: FormationEntry;
  /** "French › 1st Division › Brigade Gilly" */
  path: string;
  units: UnitEntry[];
}

export interface UnitTableProps {
  system: RuleSystem | undefined;
  groups: TableGroup[];
  columns: Column[];
  problems: Problem[];
  marks: Set<string>;
  activePointer: string | null;
  /** Where the new-unit row adds to. */
  newUnitTarget: ForceEntry | undefined;
  onMark: (ids: string[], on: boolean) => void;
  onCommit: (entry: UnitEntry, column: Column, raw: string) => void;
  onFocusUnit: (pointer: string) => void;
  /** Adds a unit named `name` and says how to go on: to its next cell, or back to the new-unit row. */
  onAddUnit: (name: string, then: 'next-cell' | 'new-row') => void;
  onInsertBelow: (entry: UnitEntry) => void;
  onToTree: () => void;
  dragIds: MutableRefObject<string[]>;
  onDrop: (target: DropTarget) => void;
  tableRef: RefObject<HTMLDivElement | null>;
  /** A unit's pointer: its row is drawn even out of view, because it is about to get the focus. */
  reveal?: string | null;
}

const PARTS: { part: RatingPart; label: string }[] = [
  { part: 'move', label: 'Move' },
  { part: 'morale', label: 'Morale' },
  { part: 'fire', label: 'Fire' },
  { part: 'melee', label: 'Melee' },
];

const PART_WIDTH = 40;
const NUMERIC = new Set(['number']);
const quote = (s: string) => s.replace(/["\\]/g, '\\$&');

/** Where each problem of a unit is shown: on its own cell, else the first cell inside it, else the name. */
function problemCells(problems: Problem[], unitPointer: string, columns: Column[]): Map<string, Problem> {
  const out = new Map<string, Problem>();
  for (const p of problems) {
    if (p.path !== unitPointer && !p.path.startsWith(`${unitPointer}/`)) continue;
    const col = columns.find((c) => cellPointer(unitPointer, c) === p.path) ?? columns.find((c) => cellPointer(unitPointer, c).startsWith(`${p.path}/`)) ?? columns[0]!;
    const key = cellPointer(unitPointer, col);
    const had = out.get(key);
    if (!had || (had.severity === 'warning' && p.severity === 'error')) out.set(key, p);
  }
  return out;
}

/** What every row calls back, one object for the whole table, so an edit re-renders only the rows it changed. */
interface RowActions {
  mark: (id: string, on: boolean) => void;
  commit: (pointer: string, column: Column, raw: string) => void;
  focusUnit: (pointer: string) => void;
  nav: (row: number, col: string, dir: 'up' | 'down' | 'tree') => void;
  /** Moves the focus to the next cell Tab stops at (back: the one before); false when the table has none. */
  tab: (from: HTMLInputElement, back: boolean) => boolean;
  insertBelow: (pointer: string) => void;
  ratingDraft: (pointer: string, text: string | null) => void;
  dragStart: (e: DragEvent<HTMLElement>, id: string, pointer: string) => void;
  dragOver: (e: DragEvent<HTMLElement>, pointer: string) => void;
  dragLeave: (pointer: string) => void;
  drop: (e: DragEvent<HTMLElement>, pointer: string) => void;
  dragEnd: () => void;
}

const NO_PROBLEMS: Problem[] = [];
const UNIT_OF = /^.*\/units\/\d+(?=\/|$)/;

/** Each unit's problems by the unit's pointer (units hold no units, so the last `/units/n` is the unit). */
function problemsByUnit(problems: Problem[]): Map<string, Problem[]> {
  const out = new Map<string, Problem[]>();
  for (const p of problems) {
    const unit = UNIT_OF.exec(p.path)?.[0];
    if (unit === undefined) continue;
    const list = out.get(unit);
    if (list) list.push(p);
    else out.set(unit, [p]);
  }
  return out;
}

/** Heights of the table's lines, in pixels, as the styles below draw them: the window is laid out from these. */
const UNIT_HEIGHT = 25;
const GROUP_HEIGHT = 24;
const ERROR_HEIGHT = 23;
/** The checkbox and the drag handle, pinned left of the first column. */
const CHECK_WIDTH = 26;
const HANDLE_WIDTH = 16;
/** The new-unit row is no line of the window: it is always drawn, after them all; this key stands for it. */
const NEW_UNIT_ROW = '#new';

/** One line of the table: a formation's heading, a unit, or the message under a unit whose rating is wrong. */
type Line = { block: string } & (
  | { kind: 'group'; key: string; group: TableGroup }
  | { kind: 'unit'; key: string; unit: UnitEntry; row: number }
  | { kind: 'error'; key: string; unit: UnitEntry; text: string; messages: string[] }
);

/** A formation's drawn lines, as a table of their own on each side, or a spacer for lines left out. */
type Block = { kind: 'rows'; key: string; group: string; pins: ReactNode[]; rest: ReactNode[] } | { kind: 'gap'; key: string; height: number };

const storedMessages = new WeakMap<Unit, string[]>();
/** What is wrong with a unit's stored rating, remembered per unit object (an edit copies only the unit it changes). */
function ratingMessages(unit: Unit): string[] {
  let m = storedMessages.get(unit);
  if (!m) {
    const r = unit.ratings?.['napoleons-eagles']?.rating;
    m = ratingParts(typeof r === 'string' ? r : '', true).messages;
    storedMessages.set(unit, m);
  }
  return m;
}

export function UnitTable(props: UnitTableProps) {
  const { columns, tableRef } = props;
  const ne = props.system === 'napoleons-eagles';
  const ratingIndex = columns.findIndex((c) => c.kind === 'rating');
  const allUnits = useMemo(() => props.groups.flatMap((g) => g.units), [props.groups]);
  const byPointer = useMemo(() => new Map(allUnits.map((u) => [u.pointer, u])), [allUnits]);
  const unitProblems = useMemo(() => problemsByUnit(props.problems), [props.problems]);
  const markedCount = allUnits.filter((u) => props.marks.has(u.id)).length;
  const [dropAt, setDropAt] = useState<{ key: string; pos: 'before' | 'after' | 'into' } | null>(null);
  // The rating being typed, here rather than in its row: it decides whether the row has a message line under it.
  const [ratingDraft, setRatingDraft] = useState<{ pointer: string; text: string } | null>(null);
  // Lines that must stay drawn wherever the view is: the focused row (its typing and the focus would be lost) and
  // the row being dragged (its dragend would never come).
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const restColumns = columns.slice(1);
  const partsShown = ne && ratingIndex >= 0;
  const restCount = restColumns.length + (partsShown ? PARTS.length : 0);
  const bodyRef = useRef<HTMLDivElement>(null);

  const lines = useMemo(() => {
    const out: Line[] = [];
    let row = 0;
    for (const g of props.groups) {
      const block = `g:${g.formation.pointer}`;
      out.push({ kind: 'group', key: block, block, group: g });
      for (const u of g.units) {
        out.push({ kind: 'unit', key: u.pointer, block, unit: u, row: row++ });
        if (!partsShown) continue;
        const draft = ratingDraft?.pointer === u.pointer ? ratingDraft.text : null;
        const messages = draft === null ? ratingMessages(u.node) : ratingParts(draft, false).messages;
        if (messages.length) {
          const stored = u.node.ratings?.['napoleons-eagles']?.rating;
          out.push({ kind: 'error', key: `e:${u.pointer}`, block, unit: u, text: draft ?? (typeof stored === 'string' ? stored : ''), messages });
        }
      }
    }
    return out;
  }, [props.groups, partsShown, ratingDraft]);
  const offsets = useMemo(() => lineOffsets(lines.map((l) => (l.kind === 'unit' ? UNIT_HEIGHT : l.kind === 'group' ? GROUP_HEIGHT : ERROR_HEIGHT))), [lines]);
  // A few lines are looked up per render (the focused, revealed and dragged ones), most often none: a search each
  // is cheaper than a map of every line made again with every edit.
  const lineOf = (key: string): number | undefined => {
    const i = lines.findIndex((l) => l.key === key);
    return i < 0 ? undefined : i;
  };
  const band = useScrollBand(tableRef, bodyRef);
  const keep: number[] = [];
  // A kept row keeps the rows around it too, so Tab, Shift+Tab and the arrow keys always find the next one.
  const around = (i: number | undefined) => {
    if (i !== undefined) for (let k = i - 3; k <= i + 3; k++) keep.push(k);
  };
  around(focusKey === NEW_UNIT_ROW ? lines.length - 1 : focusKey === null ? undefined : lineOf(focusKey));
  if (props.reveal) around(lineOf(props.reveal));
  if (dragKey !== null) around(lineOf(dragKey));
  const segments = windowSegments(offsets, band.top, band.bottom, keep);

  // The rows' callbacks read the props of the last render through this, so they never change.
  const latest = useRef({ props, allUnits, byPointer });
  useLatest(latest, { props, allUnits, byPointer });

  const actions = useMemo<RowActions>(() => {
    const cellAt = (row: number, col: string) => tableRef.current?.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="${col}"]`);
    const focusAt = (row: number, col: string) => {
      const el = cellAt(row, col);
      el?.focus();
      el?.scrollIntoView({ block: 'nearest' });
      return el !== null && el !== undefined;
    };
    /** The cells Tab stops at in a row, in the row's order (the pinned name first), and the new-unit name after the last row. */
    const stops = (row: number) =>
      [...(tableRef.current?.querySelectorAll<HTMLInputElement>(`input[data-row="${row}"]`) ?? [])].filter((el) => el.tabIndex >= 0 && !el.disabled);
    const dropTargetOf = (e: DragEvent<HTMLElement>, pointer: string): { pos: 'before' | 'after'; target: DropTarget } | undefined => {
      const entry = latest.current.byPointer.get(pointer);
      if (!entry?.parentId) return undefined;
      const r = e.currentTarget.getBoundingClientRect();
      const pos = e.clientY - r.top < r.height / 2 ? 'before' : 'after';
      if (pos === 'before') return { pos, target: { formationId: entry.parentId, beforeId: entry.id } };
      const group = latest.current.props.groups.find((g) => g.formation.id === entry.parentId);
      const i = group ? group.units.findIndex((u) => u.id === entry.id) : -1;
      const next = group?.units[i + 1];
      return { pos, target: next ? { formationId: entry.parentId, beforeId: next.id } : { formationId: entry.parentId } };
    };
    return {
      mark: (id, on) => latest.current.props.onMark([id], on),
      commit: (pointer, column, raw) => {
        const entry = latest.current.byPointer.get(pointer);
        if (entry) latest.current.props.onCommit(entry, column, raw);
      },
      focusUnit: (pointer) => latest.current.props.onFocusUnit(pointer),
      nav: (row, col, dir) => {
        if (dir === 'tree') latest.current.props.onToTree();
        else if (dir === 'down' && !focusAt(row + 1, col)) tableRef.current?.querySelector<HTMLInputElement>('[data-testid="new-unit-name"]')?.focus();
        else if (dir === 'up' && row > 0) focusAt(row - 1, col);
      },
      // The pinned name and the rest of its row are in two tables, so the browser's own Tab order would run down the
      // names; Tab is moved here instead, along the row and on to the next, as one table would.
      tab: (from, back) => {
        const row = Number(from.dataset.row);
        const here = stops(row);
        const i = here.indexOf(from);
        const next = back ? (i > 0 ? here[i - 1] : stops(row - 1).at(-1)) : i >= 0 && i < here.length - 1 ? here[i + 1] : stops(row + 1)[0];
        if (!next) return false;
        next.focus();
        return true;
      },
      insertBelow: (pointer) => {
        const entry = latest.current.byPointer.get(pointer);
        if (entry) latest.current.props.onInsertBelow(entry);
      },
      ratingDraft: (pointer, text) => setRatingDraft((d) => (text === null ? (d?.pointer === pointer ? null : d) : { pointer, text })),
      dragStart: (e, id, pointer) => {
        const { props: p, allUnits: units } = latest.current;
        p.dragIds.current = p.marks.has(id) ? units.filter((x) => p.marks.has(x.id)).map((x) => x.id) : [id];
        e.dataTransfer.setData('text/plain', p.dragIds.current.join(','));
        e.dataTransfer.effectAllowed = 'move';
        setDragKey(pointer);
      },
      dragOver: (e, pointer) => {
        if (!latest.current.props.dragIds.current.length) return;
        const d = dropTargetOf(e, pointer);
        if (!d) return;
        e.preventDefault();
        const key = `u:${pointer}`;
        setDropAt((was) => (was?.key === key && was.pos === d.pos ? was : { key, pos: d.pos }));
      },
      dragLeave: (pointer) => setDropAt((d) => (d?.key === `u:${pointer}` ? null : d)),
      drop: (e, pointer) => {
        e.preventDefault();
        const d = dropTargetOf(e, pointer);
        setDropAt(null);
        setDragKey(null);
        if (d) latest.current.props.onDrop(d.target);
      },
      dragEnd: () => {
        latest.current.props.dragIds.current = [];
        setDropAt(null);
        setDragKey(null);
      },
    };
  }, [tableRef]);

  const pinWidth = CHECK_WIDTH + HANDLE_WIDTH + (columns[0]?.width ?? 0);
  const restWidth = restColumns.reduce((w, c) => w + c.width, 0) + (partsShown ? PART_WIDTH * PARTS.length : 0);
  // The pinned columns (checkbox, handle, name) are a table of their own in one sticky block beside the rest: a
  // sticky cell per row made each a compositing layer of its own, and laying out some 190 layers took 50–100 ms a
  // frame. Both tables draw the same lines at the same fixed heights, so their rows stay level.
  const pinCols = (
    <colgroup>
      <col style={{ width: CHECK_WIDTH }} />
      <col style={{ width: HANDLE_WIDTH }} />
      <col style={{ width: columns[0]?.width ?? 0 }} />
    </colgroup>
  );
  const restCols = (
    <colgroup>
      {restColumns.map((c, i) => [
        <col key={c.key} style={{ width: c.width }} />,
        ...(partsShown && i + 1 === ratingIndex ? PARTS.map((p) => <col key={p.part} style={{ width: PART_WIDTH }} />) : []),
      ])}
    </colgroup>
  );
  const groupDrag = (g: TableGroup) => {
    const groupKey = `g:${g.formation.pointer}`;
    return {
      onDragOver: (e: DragEvent<HTMLElement>) => {
        if (!props.dragIds.current.length) return;
        e.preventDefault();
        if (dropAt?.key !== groupKey) setDropAt({ key: groupKey, pos: 'into' });
      },
      onDragLeave: () => setDropAt((d) => (d?.key === groupKey ? null : d)),
      onDrop: (e: DragEvent<HTMLElement>) => {
        e.preventDefault();
        setDropAt(null);
        props.onDrop({ formationId: g.formation.id });
      },
    };
  };
  const unitRowProps = (u: UnitEntry, row: number): RowProps => {
    const dropKey = `u:${u.pointer}`;
    const draft = ratingDraft?.pointer === u.pointer ? ratingDraft.text : null;
    return {
      unit: u.node,
      pointer: u.pointer,
      row,
      columns,
      system: props.system,
      ratingIndex: ne ? ratingIndex : -1,
      ratingDraft: draft,
      marked: props.marks.has(u.id),
      active: props.activePointer === u.pointer,
      problems: unitProblems.get(u.pointer) ?? NO_PROBLEMS,
      dropClass: dropAt?.key === dropKey ? `drop-${dropAt.pos}` : '',
      actions,
    };
  };
  const pinnedLine = (s: Extract<Segment, { kind: 'line' }>) => {
    const l = lines[s.index]!;
    if (l.kind === 'unit') return <PinRow key={l.key} {...unitRowProps(l.unit, l.row)} />;
    if (l.kind === 'error') {
      return (
        <tr key={l.key} className="rating-error" data-line={l.key}>
          <td colSpan={3} className="label" role="alert" data-testid="rating-error" data-unit-pointer-error={l.unit.pointer}>
            Rating {l.text.trim().toUpperCase()}: {l.messages.join('; ')}
          </td>
        </tr>
      );
    }
    const g = l.group;
    return (
      <tr key={l.key} className={`group${dropAt?.key === l.key ? ' drop-into' : ''}`} data-line={l.key} {...groupDrag(g)}>
        <td colSpan={3} className="label">
          <b>{g.path}</b>
          {' — '}
          {totalsLine(totalsOf(g.formation.node, props.system))}
          {g.formation.node.formations?.length ? ', with its formations' : ''}
        </td>
      </tr>
    );
  };
  const restLine = (s: Extract<Segment, { kind: 'line' }>) => {
    const l = lines[s.index]!;
    if (l.kind === 'unit') return <UnitRow key={l.key} {...unitRowProps(l.unit, l.row)} />;
    if (l.kind === 'error') {
      return (
        <tr key={l.key} className="rating-error" data-line={l.key}>
          <td colSpan={restCount} />
        </tr>
      );
    }
    return (
      <tr key={l.key} className={`group${dropAt?.key === l.key ? ' drop-into' : ''}`} data-group-pointer={l.group.formation.pointer} data-line={l.key} {...groupDrag(l.group)}>
        <td colSpan={restCount} />
      </tr>
    );
  };
  // Each formation's drawn lines are a table of their own on each side. On the scrolling side each is a block with
  // paint containment, which the browser moves as a whole: a message line shown or hidden under one row (a rating
  // edit) moves every line below it, and in one table all of them were laid out and painted again. A block keeps its
  // formation's key wherever the window starts, so scrolling does not remount its rows.
  const blocks: Block[] = [];
  const used = new Set<string>();
  for (const s of segments) {
    if (s.kind === 'gap') {
      blocks.push({ kind: 'gap', key: `gap:${s.from}`, height: s.height });
      continue;
    }
    const l = lines[s.index]!;
    const last = blocks[blocks.length - 1];
    let block = last?.kind === 'rows' && last.group === l.block ? last : undefined;
    if (!block) {
      let key = l.block;
      for (let n = 2; used.has(key); n++) key = `${l.block}#${n}`;
      used.add(key);
      block = { kind: 'rows', key, group: l.block, pins: [], rest: [] };
      blocks.push(block);
    }
    block.pins.push(pinnedLine(s));
    block.rest.push(restLine(s));
  }
  const rowCount = allUnits.length;
  const lastRowStops = () => [...(tableRef.current?.querySelectorAll<HTMLInputElement>(`input[data-row="${rowCount - 1}"]`) ?? [])].filter((el) => el.tabIndex >= 0);

  return (
    <Box
      ref={tableRef}
      data-testid="unit-table"
      onFocus={(e) => {
        const key = e.target.closest<HTMLElement>('[data-line]')?.dataset.line ?? null;
        setFocusKey(key);
      }}
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusKey(null);
      }}
      sx={{
        flex: 1,
        overflow: 'auto',
        minHeight: 0,
        // A focused cell must scroll clear of the pinned columns and the header, not under them.
        scrollPaddingLeft: pinWidth,
        scrollPaddingTop: 28,
        // Spacers stand for exact heights, so the browser has nothing to anchor against: its anchoring, finding an
        // anchor block swapped for a spacer as the window moved, scrolled a jump's row back out of view.
        overflowAnchor: 'none',
        '& table': { borderCollapse: 'separate', borderSpacing: 0, fontSize: 13, tableLayout: 'fixed' },
        '& .sheet': { display: 'flex', alignItems: 'flex-start' },
        // Paint containment gives a block an offset of its own: moved, it is neither laid out nor painted again. The
        // pinned side has none, since its labels run on over the scrolling cells beside them.
        '& .block': { contain: 'layout paint' },
        '& .head': { position: 'sticky', top: 0, zIndex: 5 },
        // The row's checkbox, handle and name stay in view while the wide rest scrolls sideways.
        '& .pins': { position: 'sticky', left: 0, zIndex: 2, flex: 'none', borderRight: '1px solid #d6d0c2' },
        // Labels of whole rows stay pinned too, their text running on over the scrolling cells beside them.
        '& td.label': { overflow: 'visible', whiteSpace: 'nowrap' },
        '& th': { bgcolor: '#ece8de', fontWeight: 600, fontSize: 12, textAlign: 'left', px: '4px', py: '3px', borderBottom: '1px solid #cfc9bb', borderRight: '1px solid #e0dbcf', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', height: 25, boxSizing: 'border-box' },
        '& th.num': { textAlign: 'right' },
        '& th.part': { fontWeight: 400, color: 'text.secondary', fontSize: 11, px: 0, textAlign: 'center' },
        '& td': { p: 0, borderBottom: '1px solid #ebe7dd', borderRight: '1px solid #f0ece3', height: UNIT_HEIGHT, bgcolor: '#fff' },
        '& tr.marked td': { bgcolor: '#e3e9f2' },
        '& tr.active td.lead': { boxShadow: 'inset 3px 0 0 #1f3a5f' },
        '& td.err': { boxShadow: 'inset 0 0 0 2px #d32f2f' },
        '& td.warn': { boxShadow: 'inset 0 0 0 2px #ed9c28' },
        '& input.cell': { width: '100%', height: 24, border: 0, outline: 'none', bgcolor: 'transparent', font: 'inherit', px: '4px', color: 'inherit' },
        '& input.cell.num': { textAlign: 'right' },
        '& input.cell:focus': { bgcolor: '#fffbe6', boxShadow: 'inset 0 0 0 2px #1f3a5f' },
        '& input.cell::placeholder': { color: '#9e9e9e', opacity: 1 },
        '& td.na': { bgcolor: '#f4f2ed' },
        '& td.na input.cell::placeholder': { color: '#c4beb0' },
        '& td.part': { textAlign: 'center', color: 'text.secondary', fontSize: 12, bgcolor: '#faf9f6' },
        '& td.part.bad': { color: '#fff', bgcolor: '#d32f2f', fontWeight: 700 },
        '& tr.group td': { bgcolor: '#f4f1ea', fontSize: 12, px: '6px', color: 'text.secondary', height: GROUP_HEIGHT },
        '& tr.group td b': { color: 'text.primary' },
        '& tr.drop-before td': { borderTop: '2px solid #1f3a5f' },
        '& tr.drop-after td': { borderBottom: '2px solid #1f3a5f' },
        '& tr.drop-into td': { bgcolor: '#dfe6f0' },
        '& tr.rating-error td': { height: ERROR_HEIGHT, bgcolor: '#fdecea', color: '#b71c1c', fontSize: 12, px: '8px', py: '2px' },
        '& td.handle': { cursor: 'grab', color: '#9e9e9e', textAlign: 'center', fontSize: 12, userSelect: 'none', bgcolor: '#faf9f6', overflow: 'hidden', whiteSpace: 'nowrap' },
        // The pinned block draws the line between it and the rest.
        '& .pins td:last-child, & .pins th:last-child': { borderRight: 0 },
        '& td.check': { bgcolor: '#faf9f6' },
      }}
    >
      <div className="head sheet" style={{ width: pinWidth + restWidth + 1 }}>
        <div className="pins">
          <table style={{ width: pinWidth }}>
            {pinCols}
            <thead>
              <tr>
                <th style={{ padding: 0, textAlign: 'center' }}>
                  <Checkbox
                    size="small"
                    tabIndex={-1}
                    sx={{ p: 0 }}
                    checked={markedCount > 0 && markedCount === allUnits.length}
                    indeterminate={markedCount > 0 && markedCount < allUnits.length}
                    onChange={(e) => props.onMark(allUnits.map((u) => u.id), e.target.checked)}
                    slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                  />
                </th>
                <th style={{ padding: 0 }} />
                {columns[0] && (
                  <th title={columns[0].title ?? columns[0].label} data-col-header={columns[0].key}>
                    {columns[0].label}
                  </th>
                )}
              </tr>
            </thead>
          </table>
        </div>
        <table style={{ width: restWidth }}>
          {restCols}
          <thead>
            <tr>
              {restColumns.map((c, i) => [
                <th key={c.key} className={NUMERIC.has(c.kind) ? 'num' : undefined} title={c.title ?? c.label} data-col-header={c.key}>
                  {c.label}
                </th>,
                ...(partsShown && i + 1 === ratingIndex ? PARTS.map((p) => <th key={p.part} className="part" title={`${p.label}, from the rating`}>{p.label}</th>) : []),
              ])}
            </tr>
          </thead>
        </table>
      </div>
      <div className="sheet" ref={bodyRef} style={{ width: pinWidth + restWidth + 1 }}>
        <div className="pins">
          {blocks.map((b) =>
            b.kind === 'gap' ? (
              <div key={b.key} style={{ height: b.height }} aria-hidden />
            ) : (
              <table key={b.key} style={{ width: pinWidth }}>
                {pinCols}
                <tbody>{b.pins}</tbody>
              </table>
            ),
          )}
        </div>
        <div style={{ width: restWidth }}>
          {blocks.map((b) =>
            b.kind === 'gap' ? (
              <div key={b.key} style={{ height: b.height }} aria-hidden />
            ) : (
              <div key={b.key} className="block">
                <table style={{ width: restWidth }}>
                  {restCols}
                  <tbody>{b.rest}</tbody>
                </table>
              </div>
            ),
          )}
        </div>
      </div>
      <div className="sheet" style={{ width: pinWidth + restWidth + 1 }} data-line={NEW_UNIT_ROW}>
        <div className="pins">
          <table style={{ width: pinWidth }}>
            {pinCols}
            <tbody>
              <NewUnitRow
                target={props.newUnitTarget}
                row={rowCount}
                onAdd={props.onAddUnit}
                onUp={() => rowCount > 0 && actions.nav(rowCount, columns[0]!.key, 'up')}
                onBack={() => {
                  const last = lastRowStops().at(-1);
                  last?.focus();
                  return last !== undefined;
                }}
                onToTree={props.onToTree}
              />
            </tbody>
          </table>
        </div>
        <table style={{ width: restWidth }}>
          {restCols}
          <tbody>
            <tr className="new-unit">
              <td colSpan={restCount} style={{ fontSize: 11, color: '#888', padding: '0 6px', whiteSpace: 'nowrap' }}>
                Tab fills in its row · Enter adds another
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Box>
  );
}

interface RowProps {
  /** The unit itself: the editor's documents are immutable, so an unchanged unit keeps its object. */
  unit: Unit;
  pointer: string;
  row: number;
  columns: Column[];
  system: RuleSystem | undefined;
  ratingIndex: number;
  /** The rating as being typed, or null when the stored one shows. */
  ratingDraft: string | null;
  marked: boolean;
  active: boolean;
  /** The unit's own problems. */
  problems: Problem[];
  dropClass: string;
  actions: RowActions;
}

const sameProblems = (a: Problem[], b: Problem[]): boolean =>
  a === b || (a.length === b.length && a.every((p, i) => p.path === b[i]!.path && p.severity === b[i]!.severity && p.message === b[i]!.message));

/** A fresh check gives new problem objects; a row whose problems read the same need not render again. */
const sameRow = (a: RowProps, b: RowProps): boolean =>
  a.unit === b.unit &&
  a.pointer === b.pointer &&
  a.row === b.row &&
  a.columns === b.columns &&
  a.system === b.system &&
  a.ratingIndex === b.ratingIndex &&
  a.ratingDraft === b.ratingDraft &&
  a.marked === b.marked &&
  a.active === b.active &&
  a.dropClass === b.dropClass &&
  a.actions === b.actions &&
  sameProblems(a.problems, b.problems);

const rowClass = (props: RowProps) => [props.marked ? 'marked' : '', props.active ? 'active' : '', props.dropClass].filter(Boolean).join(' ') || undefined;

/** The props of a unit's cell in column `i`: its problem, whether it applies to the unit's arm, what it shows greyed. */
function cellOf(props: RowProps, cellProblems: Map<string, Problem>, i: number) {
  const { unit, pointer, actions } = props;
  const c = props.columns[i]!;
  const cp = cellPointer(pointer, c);
  const problem = cellProblems.get(cp);
  const applies = appliesTo(c, unit.arm);
  const vpDefault = c.key === 'vp' && props.system && typeof unit.vp !== 'number' && typeof unit.arm === 'string' ? unitVp(unit, props.system) : null;
  const cell = (
    <Cell
      pointer={cp}
      column={c}
      row={props.row}
      value={valueAt(unit, c.at)}
      applies={applies}
      placeholder={!applies ? '—' : vpDefault ? String(vpDefault.vp) : undefined}
      placeholderTitle={!applies ? `${(c.title ?? c.label).split(/[:(]/)[0]!.trim()} is for ${armsInWords(c.arms ?? [])} only` : vpDefault && props.system ? `Default: ${vpTable(props.system).name}` : undefined}
      onDraft={c.kind === 'rating' ? (text) => actions.ratingDraft(pointer, text) : undefined}
      onCommit={(raw) => actions.commit(pointer, c, raw)}
      onFocus={() => actions.focusUnit(pointer)}
      onNav={(dir) => actions.nav(props.row, c.key, dir)}
      onTab={(from, back) => actions.tab(from, back)}
      onInsertBelow={() => actions.insertBelow(pointer)}
    />
  );
  const className = [problem ? (problem.severity === 'error' ? 'err' : 'warn') : '', applies ? '' : 'na'].filter(Boolean).join(' ') || undefined;
  return { c, cell, className, title: problem?.message };
}

/** A unit's pinned cells: the checkbox, the drag handle and the name. */
const PinRow = memo(function PinRow(props: RowProps) {
  const { unit, pointer, actions } = props;
  const cellProblems = useMemo(() => problemCells(props.problems, pointer, props.columns), [props.problems, pointer, props.columns]);
  const name = cellOf(props, cellProblems, 0);
  return (
    <tr
      className={rowClass(props)}
      data-line={pointer}
      data-pin-pointer={pointer}
      onDragOver={(e) => actions.dragOver(e, pointer)}
      onDragLeave={() => actions.dragLeave(pointer)}
      onDrop={(e) => actions.drop(e, pointer)}
    >
      <td className="check lead">
        <Checkbox size="small" tabIndex={-1} sx={{ p: 0, ml: '3px' }} checked={props.marked} onChange={(e) => actions.mark(unit.id, e.target.checked)} slotProps={{ input: { 'aria-label': `Select ${unit.name}` } }} />
      </td>
      <td className="handle" draggable onDragStart={(e) => actions.dragStart(e, unit.id, pointer)} onDragEnd={actions.dragEnd} title="Drag to move">
        ⋮⋮
      </td>
      <td className={name.className} title={name.title}>
        {name.cell}
      </td>
    </tr>
  );
}, sameRow);

/** A unit's other cells, scrolling sideways, with the rating's four parts after the rating. */
const UnitRow = memo(function UnitRow(props: RowProps) {
  const { unit, pointer, actions } = props;
  const cellProblems = useMemo(() => problemCells(props.problems, pointer, props.columns), [props.problems, pointer, props.columns]);
  const storedRating = unit.ratings?.['napoleons-eagles']?.rating;
  const ratingText = props.ratingDraft ?? (typeof storedRating === 'string' ? storedRating : '');
  const rp = props.ratingIndex >= 0 ? ratingParts(ratingText, props.ratingDraft === null) : null;
  return (
    <tr
      className={rowClass(props)}
      data-line={pointer}
      data-unit-pointer={pointer}
      data-unit-id={unit.id}
      onDragOver={(e) => actions.dragOver(e, pointer)}
      onDragLeave={() => actions.dragLeave(pointer)}
      onDrop={(e) => actions.drop(e, pointer)}
    >
      {props.columns.map((_, i) => {
        if (i === 0) return null;
        const { c, cell, className, title } = cellOf(props, cellProblems, i);
        const td = (
          <td key={c.key} className={className} title={title}>
            {cell}
          </td>
        );
        if (i !== props.ratingIndex || !rp) return td;
        return [
          td,
          ...PARTS.map((p) => (
            <td key={p.part} className={`part${rp.partErrors[p.part] ? ' bad' : ''}`} title={rp.partErrors[p.part] ?? p.label} data-part={p.part}>
              {rp.parts[p.part]}
            </td>
          )),
        ];
      })}
    </tr>
  );
}, sameRow);

function valueAt(unit: Unit, at: string): unknown {
  let v: unknown = unit;
  for (const k of at.slice(1).split('/')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

interface CellProps {
  pointer: string;
  column: Column;
  row: number;
  value: unknown;
  /** False when the column means nothing for the unit's arm: Tab passes the cell by. */
  applies: boolean;
  placeholder?: string | undefined;
  placeholderTitle?: string | undefined;
  onDraft?: ((text: string | null) => void) | undefined;
  onCommit: (raw: string) => void;
  onFocus: () => void;
  onNav: (dir: 'up' | 'down' | 'tree') => void;
  onTab: (from: HTMLInputElement, back: boolean) => boolean;
  onInsertBelow: () => void;
}

const Cell = memo(function Cell(props: CellProps) {
  const [draft, setDraftState] = useState<string | null>(null);
  // Read by commit(): Enter commits and moves the focus, and the blur that follows fires before React re-renders,
  // so the state would still hold the text and commit it a second time (an extra, invisible undo step).
  const pending = useRef<string | null>(null);
  const setDraft = (d: string | null) => {
    pending.current = d;
    setDraftState(d);
    props.onDraft?.(d);
  };
  const commit = () => {
    const text = pending.current;
    if (text === null) return;
    setDraft(null);
    if (text !== displayCell(props.value)) props.onCommit(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === 'Enter' && mod) {
      e.preventDefault();
      commit();
      props.onInsertBelow();
    } else if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      commit();
      props.onNav(e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey) ? 'up' : 'down');
    } else if (e.key === 'Tab') {
      // The edit is drawn before the focus moves, as with the browser's own Tab: a new arm may change the next
      // cell's value (its type) and which cells Tab stops at, and a value set after the focus would undo its select().
      const input = e.currentTarget;
      flushSync(commit);
      if (props.onTab(input, e.shiftKey)) e.preventDefault();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (draft !== null) {
        setDraft(null);
        const input = e.currentTarget;
        requestAnimationFrame(() => input.select());
      } else props.onNav('tree');
    } else if (e.key === 'F6') {
      e.preventDefault();
      commit();
      props.onNav('tree');
    } else if (mod && e.key.toLowerCase() === 'z' && !e.shiftKey && draft !== null) {
      // Typing not yet committed is what the user means to undo, not the document's last step.
      e.preventDefault();
      e.stopPropagation();
      setDraft(null);
    }
  };
  const numeric = NUMERIC.has(props.column.kind);
  return (
    <input
      className={`cell${numeric ? ' num' : ''}`}
      data-pointer={props.pointer}
      data-col={props.column.key}
      data-row={props.row}
      aria-label={props.column.label}
      tabIndex={props.applies ? undefined : -1}
      data-applies={props.applies ? undefined : 'false'}
      value={draft ?? displayCell(props.value)}
      placeholder={props.placeholder}
      title={props.placeholderTitle}
      spellCheck={false}
      autoComplete="off"
      onChange={(e) => setDraft(e.target.value)}
      onFocus={(e) => {
        e.target.select();
        props.onFocus();
      }}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
});

/** The new-unit row's pinned part: where a name typed adds a unit. `row` is the row number after the last unit. */
function NewUnitRow(props: { target: ForceEntry | undefined; row: number; onAdd(name: string, then: 'next-cell' | 'new-row'): void; onUp(): void; onBack(): boolean; onToTree(): void }) {
  const [name, setName] = useState('');
  const where = props.target ? String(props.target.node.name ?? props.target.id) : '';
  return (
    <tr className="new-unit">
      <td className="check" />
      <td className="handle" style={{ cursor: 'default' }}>+</td>
      <td>
        <input
          className="cell"
          data-testid="new-unit-name"
          data-row={props.row}
          aria-label="New unit name"
          disabled={!props.target}
          placeholder={props.target ? `New unit in ${where}…` : 'Pick a formation first'}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if ((e.key === 'Tab' && !e.shiftKey) || e.key === 'Enter') {
              if (!name.trim()) return;
              e.preventDefault();
              props.onAdd(name.trim(), e.key === 'Tab' ? 'next-cell' : 'new-row');
              setName('');
            } else if (e.key === 'Tab') {
              // Back to the last row's last cell, which the browser's order (the pinned names first) would not reach.
              if (props.onBack()) e.preventDefault();
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              props.onUp();
            } else if (e.key === 'Escape' || e.key === 'F6') {
              e.preventDefault();
              e.stopPropagation();
              if (name && e.key === 'Escape') setName('');
              else props.onToTree();
            }
          }}
        />
      </td>
    </tr>
  );
}

export const cellSelector = (pointer: string) => `[data-pointer="${quote(pointer)}"]`;
