// The units as a spreadsheet: every cell is an input that commits on Tab, Enter or leaving it, Escape cancels,
// Enter and the arrow keys move down and up, Ctrl+Enter inserts a unit below. Tab passes over the cells of columns
// that do not apply to the row's arm (shaded; a click still edits them, to clear a stray value). Cells carry the JSON
// Pointer of their value (`data-pointer`), so a problem can be jumped to.
import { Box, Checkbox } from '@mui/material';
import { memo, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MutableRefObject, type RefObject } from 'react';
import type { RuleSystem, Unit } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import type { RatingPart } from '../../domain/ratings.js';
import { unitVp, vpTable } from '../../domain/victory-points.js';
import { appliesTo, armsInWords, cellPointer, displayCell, type Column } from './columns.js';
import { useLatest } from '../ui/use-latest.js';
import type { DropTarget, ForceEntry, FormationEntry, UnitEntry } from './forces.js';
import { ratingParts } from './rating-parts.js';
import { formationTotals, totalsLine } from './totals.js';

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
  insertBelow: (pointer: string) => void;
  dragStart: (e: DragEvent<HTMLElement>, id: string) => void;
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

export function UnitTable(props: UnitTableProps) {
  const { columns, tableRef } = props;
  const ne = props.system === 'napoleons-eagles';
  const ratingIndex = columns.findIndex((c) => c.kind === 'rating');
  const allUnits = useMemo(() => props.groups.flatMap((g) => g.units), [props.groups]);
  const byPointer = useMemo(() => new Map(allUnits.map((u) => [u.pointer, u])), [allUnits]);
  const unitProblems = useMemo(() => problemsByUnit(props.problems), [props.problems]);
  const markedCount = allUnits.filter((u) => props.marks.has(u.id)).length;
  const [dropAt, setDropAt] = useState<{ key: string; pos: 'before' | 'after' | 'into' } | null>(null);
  const colCount = columns.length + 2 + (ne && ratingIndex >= 0 ? PARTS.length : 0);
  // The rows' callbacks read the props of the last render through this, so they never change.
  const latest = useRef({ props, allUnits, byPointer });
  useLatest(latest, { props, allUnits, byPointer });

  const focusCell = (row: number, col: string) => {
    const el = tableRef.current?.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="${col}"]`);
    if (el) {
      el.focus();
      el.scrollIntoView({ block: 'nearest' });
      return true;
    }
    return false;
  };
  const actions = useMemo<RowActions>(() => {
    const cellAt = (row: number, col: string) => tableRef.current?.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="${col}"]`);
    const focusAt = (row: number, col: string) => {
      const el = cellAt(row, col);
      el?.focus();
      el?.scrollIntoView({ block: 'nearest' });
      return el !== null && el !== undefined;
    };
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
      insertBelow: (pointer) => {
        const entry = latest.current.byPointer.get(pointer);
        if (entry) latest.current.props.onInsertBelow(entry);
      },
      dragStart: (e, id) => {
        const { props: p, allUnits: units } = latest.current;
        p.dragIds.current = p.marks.has(id) ? units.filter((x) => p.marks.has(x.id)).map((x) => x.id) : [id];
        e.dataTransfer.setData('text/plain', p.dragIds.current.join(','));
        e.dataTransfer.effectAllowed = 'move';
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
        if (d) latest.current.props.onDrop(d.target);
      },
      dragEnd: () => {
        latest.current.props.dragIds.current = [];
        setDropAt(null);
      },
    };
  }, [tableRef]);

  const tableWidth = 26 + 16 + columns.reduce((w, c) => w + c.width, 0) + (ne && ratingIndex >= 0 ? PART_WIDTH * PARTS.length : 0);
  // Every group is a table of its own with the same fixed columns, so the browser can skip the style, layout and
  // paint of the groups out of view (content-visibility); one table of 2,000 rows cost seconds of layout and paint
  // on every edit whatever React re-rendered.
  const colgroup = (
    <colgroup>
          <col style={{ width: 26 }} />
          <col style={{ width: 16 }} />
          {columns.map((c, i) => [
            <col key={c.key} style={{ width: c.width }} />,
            ...(ne && i === ratingIndex ? PARTS.map((p) => <col key={p.part} style={{ width: PART_WIDTH }} />) : []),
          ])}
        </colgroup>
  );
  let rowNumber = 0;
  return (
    <Box
      ref={tableRef}
      data-testid="unit-table"
      sx={{
        flex: 1,
        overflow: 'auto',
        minHeight: 0,
        // A focused cell must scroll clear of the pinned columns and the header, not under them.
        scrollPaddingLeft: 26 + 16 + (columns[0]?.width ?? 0),
        scrollPaddingTop: 28,
        '& table': { borderCollapse: 'separate', borderSpacing: 0, fontSize: 13, tableLayout: 'fixed' },
        '& .head': { position: 'sticky', top: 0, zIndex: 5 },
        '& .grp': { contentVisibility: 'auto' },
        // The row's checkbox, handle and name stay in view while the wide rest scrolls sideways.
        '& .pin0, & .pin1, & .pin2': { position: 'sticky', zIndex: 2 },
        '& .pin0': { left: 0 },
        '& .pin1': { left: 26 },
        '& .pin2': { left: 42, borderRight: '1px solid #d6d0c2' },
        '& th.pin0, & th.pin1, & th.pin2': { zIndex: 4 },
        // Labels of whole rows stay pinned too, their text running on over the scrolling cells beside them.
        '& td.label': { overflow: 'visible', whiteSpace: 'nowrap', zIndex: 2 },
        '& th': { position: 'sticky', top: 0, zIndex: 3, bgcolor: '#ece8de', fontWeight: 600, fontSize: 12, textAlign: 'left', px: '4px', py: '3px', borderBottom: '1px solid #cfc9bb', borderRight: '1px solid #e0dbcf', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
        '& th.num': { textAlign: 'right' },
        '& th.part': { fontWeight: 400, color: 'text.secondary', fontSize: 11, px: 0, textAlign: 'center' },
        '& td': { p: 0, borderBottom: '1px solid #ebe7dd', borderRight: '1px solid #f0ece3', height: 25, bgcolor: '#fff', position: 'relative' },
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
        '& tr.group td': { bgcolor: '#f4f1ea', fontSize: 12, px: '6px', color: 'text.secondary', height: 24 },
        '& tr.group td b': { color: 'text.primary' },
        '& tr.drop-before td': { borderTop: '2px solid #1f3a5f' },
        '& tr.drop-after td': { borderBottom: '2px solid #1f3a5f' },
        '& tr.drop-into td': { bgcolor: '#dfe6f0' },
        '& tr.rating-error td': { height: 'auto', bgcolor: '#fdecea', color: '#b71c1c', fontSize: 12, px: '8px', py: '2px' },
        '& td.handle': { cursor: 'grab', color: '#9e9e9e', textAlign: 'center', fontSize: 12, userSelect: 'none', bgcolor: '#faf9f6' },
        '& td.check': { bgcolor: '#faf9f6' },
      }}
    >
      <div className="head" style={{ width: tableWidth }}>
        <table style={{ width: tableWidth }}>
          {colgroup}
          <thead>
            <tr>
              <th className="pin0" style={{ padding: 0, textAlign: 'center' }}>
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
              <th className="pin1" style={{ padding: 0 }} />
              {columns.map((c, i) => [
                <th key={c.key} className={[NUMERIC.has(c.kind) ? 'num' : '', i === 0 ? 'pin2' : ''].filter(Boolean).join(' ') || undefined} title={c.title ?? c.label} data-col-header={c.key}>
                  {c.label}
                </th>,
                ...(ne && i === ratingIndex ? PARTS.map((p) => <th key={p.part} className="part" title={`${p.label}, from the rating`}>{p.label}</th>) : []),
              ])}
            </tr>
          </thead>
        </table>
      </div>
      {props.groups.map((g) => {
        const groupKey = `g:${g.formation.pointer}`;
        const t = formationTotals(g.formation.node, props.system);
        return (
          <div key={groupKey} className="grp" style={{ width: tableWidth, containIntrinsicBlockSize: `auto ${26 * (g.units.length + 1)}px` }}>
            <table style={{ width: tableWidth }}>
              {colgroup}
              <tbody>
                <tr
                  className={`group${dropAt?.key === groupKey ? ' drop-into' : ''}`}
                  data-group-pointer={g.formation.pointer}
                  onDragOver={(e) => {
                    if (!props.dragIds.current.length) return;
                    e.preventDefault();
                    if (dropAt?.key !== groupKey) setDropAt({ key: groupKey, pos: 'into' });
                  }}
                  onDragLeave={() => setDropAt((d) => (d?.key === groupKey ? null : d))}
                  onDrop={(e) => {
                    e.preventDefault();
                    setDropAt(null);
                    props.onDrop({ formationId: g.formation.id });
                  }}
                >
                  <td colSpan={3} className="pin0 label">
                    <b>{g.path}</b>
                    {' — '}
                    {totalsLine(t)}
                    {g.formation.node.formations?.length ? ', with its formations' : ''}
                  </td>
                  <td colSpan={colCount - 3} />
                </tr>
                {g.units.map((u) => {
                  const row = rowNumber++;
                  const dropKey = `u:${u.pointer}`;
                  return (
                    <UnitRow
                      key={u.pointer}
                      unit={u.node}
                      pointer={u.pointer}
                      row={row}
                      columns={columns}
                      system={props.system}
                      ratingIndex={ne ? ratingIndex : -1}
                      colCount={colCount}
                      marked={props.marks.has(u.id)}
                      active={props.activePointer === u.pointer}
                      problems={unitProblems.get(u.pointer) ?? NO_PROBLEMS}
                      dropClass={dropAt?.key === dropKey ? `drop-${dropAt.pos}` : ''}
                      actions={actions}
                    />
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
      <table style={{ width: tableWidth }}>
        {colgroup}
        <tbody>
          <NewUnitRow
            target={props.newUnitTarget}
            colCount={colCount}
            onAdd={props.onAddUnit}
            onUp={() => rowNumber > 0 && focusCell(rowNumber - 1, columns[0]!.key)}
            onToTree={props.onToTree}
          />
        </tbody>
      </table>
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
  colCount: number;
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
  a.colCount === b.colCount &&
  a.marked === b.marked &&
  a.active === b.active &&
  a.dropClass === b.dropClass &&
  a.actions === b.actions &&
  sameProblems(a.problems, b.problems);

const UnitRow = memo(function UnitRow(props: RowProps) {
  const { unit, pointer, actions } = props;
  const [ratingDraft, setRatingDraft] = useState<string | null>(null);
  const cellProblems = useMemo(() => problemCells(props.problems, pointer, props.columns), [props.problems, pointer, props.columns]);
  const storedRating = unit.ratings?.['napoleons-eagles']?.rating;
  const ratingText = ratingDraft ?? (typeof storedRating === 'string' ? storedRating : '');
  const rp = props.ratingIndex >= 0 ? ratingParts(ratingText, ratingDraft === null) : null;
  const vpDefault = props.system && typeof unit.vp !== 'number' && typeof unit.arm === 'string' ? unitVp(unit, props.system) : null;

  return (
    <>
      <tr
        className={[props.marked ? 'marked' : '', props.active ? 'active' : '', props.dropClass].filter(Boolean).join(' ')}
        data-unit-pointer={pointer}
        data-unit-id={unit.id}
        onDragOver={(e) => actions.dragOver(e, pointer)}
        onDragLeave={() => actions.dragLeave(pointer)}
        onDrop={(e) => actions.drop(e, pointer)}
      >
        <td className="check lead pin0">
          <Checkbox size="small" tabIndex={-1} sx={{ p: 0, ml: '3px' }} checked={props.marked} onChange={(e) => actions.mark(unit.id, e.target.checked)} slotProps={{ input: { 'aria-label': `Select ${unit.name}` } }} />
        </td>
        <td className="handle pin1" draggable onDragStart={(e) => actions.dragStart(e, unit.id)} onDragEnd={actions.dragEnd} title="Drag to move">
          ⋮⋮
        </td>
        {props.columns.map((c, i) => {
          const cp = cellPointer(pointer, c);
          const problem = cellProblems.get(cp);
          const applies = appliesTo(c, unit.arm);
          const cell = (
            <td key={c.key} className={[problem ? (problem.severity === 'error' ? 'err' : 'warn') : '', i === 0 ? 'pin2' : '', applies ? '' : 'na'].filter(Boolean).join(' ') || undefined} title={problem?.message}>
              <Cell
                pointer={cp}
                column={c}
                row={props.row}
                value={valueAt(unit, c.at)}
                applies={applies}
                placeholder={!applies ? '—' : c.key === 'vp' && vpDefault ? String(vpDefault.vp) : undefined}
                placeholderTitle={!applies ? `${(c.title ?? c.label).split(/[:(]/)[0]!.trim()} is for ${armsInWords(c.arms ?? [])} only` : c.key === 'vp' && vpDefault && props.system ? `Default: ${vpTable(props.system).name}` : undefined}
                onDraft={c.kind === 'rating' ? setRatingDraft : undefined}
                onCommit={(raw) => actions.commit(pointer, c, raw)}
                onFocus={() => actions.focusUnit(pointer)}
                onNav={(dir) => actions.nav(props.row, c.key, dir)}
                onInsertBelow={() => actions.insertBelow(pointer)}
              />
            </td>
          );
          if (i !== props.ratingIndex || !rp) return cell;
          return [
            cell,
            ...PARTS.map((p) => (
              <td key={p.part} className={`part${rp.partErrors[p.part] ? ' bad' : ''}`} title={rp.partErrors[p.part] ?? p.label} data-part={p.part}>
                {rp.parts[p.part]}
              </td>
            )),
          ];
        })}
      </tr>
      {rp && rp.messages.length > 0 && (
        <tr className="rating-error">
          <td colSpan={3} className="pin0 label" role="alert" data-testid="rating-error" data-unit-pointer-error={pointer}>
            Rating {ratingText.trim().toUpperCase()}: {rp.messages.join('; ')}
          </td>
          <td colSpan={props.colCount - 3} />
        </tr>
      )}
    </>
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
      commit();
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

function NewUnitRow(props: { target: ForceEntry | undefined; colCount: number; onAdd(name: string, then: 'next-cell' | 'new-row'): void; onUp(): void; onToTree(): void }) {
  const [name, setName] = useState('');
  const where = props.target ? String(props.target.node.name ?? props.target.id) : '';
  const ref = useRef<HTMLInputElement>(null);
  return (
    <tr className="new-unit">
      <td className="check pin0" />
      <td className="handle pin1" style={{ cursor: 'default' }}>+</td>
      <td className="pin2">
        <input
          ref={ref}
          className="cell"
          data-testid="new-unit-name"
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
      <td colSpan={props.colCount - 3} style={{ fontSize: 11, color: '#888', padding: '0 6px', whiteSpace: 'nowrap' }}>
        Tab fills in its row · Enter adds another
      </td>
    </tr>
  );
}

export const cellSelector = (pointer: string) => `[data-pointer="${quote(pointer)}"]`;
