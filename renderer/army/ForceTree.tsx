// The orders of battle as a tree: keyboard first (arrows, + adds a formation, U a unit, L a leader, F2 renames,
// Delete, Ctrl+D duplicates, Space marks), with Ctrl/Shift-click multi-select and drag and drop to move. Only the rows
// in view (and a margin) are drawn (windowing.ts); the active row, the one being renamed and the one being dragged
// are drawn wherever they are.
import { Box, InputBase, TextField, Typography } from '@mui/material';
import { memo, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { RuleSystem } from '../../domain/model.js';
import { useLatest } from '../ui/use-latest.js';
import type { DropTarget, ForceEntry, ForceIndex } from './forces.js';
import { totalsLine, totalsOf } from './totals.js';
import { lineOffsets, useScrollBand, windowSegments } from './windowing.js';

export type DropPosition = 'before' | 'after' | 'into';

export interface TreeProps {
  index: ForceIndex;
  system: RuleSystem | undefined;
  active: ForceEntry | undefined;
  marks: Set<string>;
  collapsed: Set<string>;
  renaming: string | null;
  /** Ids with a problem inside them, and whether any is an error. */
  flagged: Map<string, 'error' | 'warning'>;
  onActivate(entry: ForceEntry, how: 'plain' | 'toggle' | 'range' | 'keep'): void;
  onToggleCollapse(id: string, collapse?: boolean): void;
  onRename(id: string | null, name?: string): void;
  onKeyCommand(command: 'add-formation' | 'add-unit' | 'add-leader' | 'duplicate' | 'delete' | 'to-table' | 'clear-marks'): void;
  /** Ids being dragged, shared with the table so rows can be dropped on formations. */
  dragIds: React.MutableRefObject<string[]>;
  onDrop(target: DropTarget): void;
}

const ECHELON_MARK: Record<string, string> = { army: 'A', wing: 'W', corps: 'C', division: 'D', brigade: 'B' };
const ARM_MARK: Record<string, string> = { infantry: '▭', cavalry: '◸', artillery: '●', train: '▤' };

/** Black or white, whichever reads better on a side's colour (some sides are pale). */
function readableOn(color: string | undefined): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color ?? '');
  if (!m) return '#fff';
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6 ? '#222' : '#fff';
}

export const treeRowId = (id: string) => `forces-node-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Every row's height in pixels, as TreeRow draws it: the window is laid out from it. */
const ROW_HEIGHT = 24;

export function ForceTree(props: TreeProps) {
  const { index } = props;
  const [filter, setFilter] = useState('');
  const [drop, setDrop] = useState<{ id: string; pos: DropPosition } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // The row activated from the tree, scrolled to once drawn; and the row being dragged, kept drawn until its dragend.
  const [follow, setFollow] = useState<{ pointer: string; seq: number } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const activate = (entry: ForceEntry, how: 'plain' | 'toggle' | 'range' | 'keep') => {
    props.onActivate(entry, how);
    setFollow((f) => ({ pointer: entry.pointer, seq: (f?.seq ?? 0) + 1 }));
  };
  useLayoutEffect(() => {
    if (!follow) return;
    box.current?.querySelector<HTMLElement>(`[role="treeitem"][data-pointer="${follow.pointer.replace(/["\\]/g, '\\$&')}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [follow]);

  const visible = useMemo(() => {
    const f = filter.trim().toLowerCase();
    if (f) {
      const hit = (e: ForceEntry) => {
        const n = e.node;
        return [n.name, n.id, n.type, n.arm].some((s) => typeof s === 'string' && s.toLowerCase().includes(f));
      };
      const matches = index.entries.filter(hit);
      const keep = new Set<string>();
      for (const m of matches) {
        keep.add(m.pointer);
        // Show the formations on the way down to every match.
        for (let p = m.parentPointer; p !== undefined; p = index.byPointer.get(p)?.parentPointer) keep.add(p);
      }
      return index.entries.filter((e) => keep.has(e.pointer));
    }
    const out: ForceEntry[] = [];
    const hidden: string[] = [];
    for (const e of index.entries) {
      if (hidden.some((p) => e.pointer.startsWith(`${p}/`))) continue;
      out.push(e);
      if (e.kind === 'formation' && props.collapsed.has(e.id)) hidden.push(e.pointer);
    }
    return out;
  }, [index, filter, props.collapsed]);

  const offsets = useMemo(() => lineOffsets(visible.map(() => ROW_HEIGHT)), [visible]);
  const rowOf = useMemo(() => new Map(visible.map((e, i) => [e.pointer, i])), [visible]);
  const band = useScrollBand(box, list);
  const renamingPointer = props.renaming === null ? undefined : visible.find((e) => e.id === props.renaming)?.pointer;
  const keep = [props.active?.pointer, follow?.pointer, renamingPointer, dragging ?? undefined].flatMap((p) => {
    const i = p === undefined ? undefined : rowOf.get(p);
    // The rows either side too, so the arrow keys always find the next one drawn.
    return i === undefined ? [] : [i - 1, i, i + 1];
  });
  const segments = windowSegments(offsets, band.top, band.bottom, keep);

  const hasChildren = (e: ForceEntry) => {
    if (e.kind !== 'formation') return false;
    const f = e.node;
    return (f.units?.length ?? 0) + (f.formations?.length ?? 0) + (f.leader ? 1 : 0) > 0;
  };

  const move = (delta: number, extend: boolean) => {
    const i = props.active ? visible.findIndex((e) => e.pointer === props.active!.pointer) : -1;
    const next = visible[Math.max(0, Math.min(visible.length - 1, i < 0 ? 0 : i + delta))];
    if (next) activate(next, extend ? 'range' : 'plain');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target instanceof HTMLInputElement) return;
    const a = props.active;
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        move(1, e.shiftKey);
        break;
      case 'ArrowUp':
        move(-1, e.shiftKey);
        break;
      case 'Home':
        move(-visible.length, false);
        break;
      case 'End':
        move(visible.length, false);
        break;
      case 'ArrowRight':
        if (a && a.kind === 'formation' && props.collapsed.has(a.id)) props.onToggleCollapse(a.id, false);
        else move(1, false);
        break;
      case 'ArrowLeft':
        if (a && a.kind === 'formation' && hasChildren(a) && !props.collapsed.has(a.id)) props.onToggleCollapse(a.id, true);
        else if (a?.parentPointer) {
          const parent = index.byPointer.get(a.parentPointer);
          if (parent) activate(parent, 'plain');
        }
        break;
      case ' ':
        if (a) activate(a, 'toggle');
        break;
      case 'F2':
      case 'Enter':
        if (a) props.onRename(a.id);
        break;
      case '+':
      case 'Insert':
        props.onKeyCommand('add-formation');
        break;
      case 'u':
      case 'U':
        if (mod) handled = false;
        else props.onKeyCommand('add-unit');
        break;
      case 'l':
      case 'L':
        if (mod) handled = false;
        else props.onKeyCommand('add-leader');
        break;
      case 'd':
      case 'D':
        if (mod) props.onKeyCommand('duplicate');
        else handled = false;
        break;
      case 'Delete':
      case 'Backspace':
        props.onKeyCommand('delete');
        break;
      case 'F6':
        props.onKeyCommand('to-table');
        break;
      case 'Escape':
        props.onKeyCommand('clear-marks');
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const targetFor = (entry: ForceEntry, pos: DropPosition): DropTarget | undefined => {
    if (pos === 'into') return entry.kind === 'formation' ? { formationId: entry.id } : undefined;
    if (!entry.parentId) return undefined;
    if (pos === 'before') return { formationId: entry.parentId, beforeId: entry.id };
    // After a unit: before the next unit of the same formation, or at the end. The parent is found by pointer,
    // since in a draft with a duplicated id the parent's id may first name some other node.
    const holder = entry.parentPointer === undefined ? undefined : index.byPointer.get(entry.parentPointer);
    const parent = holder?.kind === 'formation' ? holder.node : undefined;
    const list = (entry.kind === 'unit' ? parent?.units : parent?.formations) ?? [];
    const i = list.findIndex((x) => x?.id === entry.id);
    const next = list[i + 1];
    return next ? { formationId: entry.parentId, beforeId: next.id } : { formationId: entry.parentId };
  };

  const positionOf = (e: DragEvent<HTMLElement>, entry: ForceEntry): DropPosition => {
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / Math.max(1, r.height);
    if (entry.kind === 'formation') return y < 0.3 && entry.parentId ? 'before' : 'into';
    if (entry.kind === 'leader') return 'into';
    return y < 0.5 ? 'before' : 'after';
  };

  // The rows' callbacks read the props of the last render through this, so an edit re-renders only the rows it changed.
  const latest = useRef({ props, targetFor, positionOf, activate });
  useLatest(latest, { props, targetFor, positionOf, activate });
  const actions = useMemo<TreeRowActions>(() => {
    const live = (e: ForceEntry) => latest.current.props.index.byPointer.get(e.pointer) ?? e;
    return {
      click: (e, ev) => {
        latest.current.activate(live(e), ev.shiftKey ? 'range' : ev.ctrlKey || ev.metaKey ? 'toggle' : 'plain');
        box.current?.focus();
      },
      rename: (e) => latest.current.props.onRename(e.id),
      renamed: (name) => {
        latest.current.props.onRename(null, name);
        box.current?.focus();
      },
      toggle: (e) => latest.current.props.onToggleCollapse(e.id),
      dragStart: (e, ev) => {
        const p = latest.current.props;
        p.dragIds.current = p.marks.has(e.id) ? [...p.marks] : [e.id];
        ev.dataTransfer.setData('text/plain', p.dragIds.current.join(','));
        ev.dataTransfer.effectAllowed = 'move';
        setDragging(e.pointer);
      },
      dragEnd: () => {
        latest.current.props.dragIds.current = [];
        setDrop(null);
        setDragging(null);
      },
      dragOver: (e, ev) => {
        if (latest.current.props.dragIds.current.length === 0) return;
        const entry = live(e);
        const pos = latest.current.positionOf(ev, entry);
        if (!latest.current.targetFor(entry, pos)) return;
        ev.preventDefault();
        ev.dataTransfer.dropEffect = 'move';
        setDrop((d) => (d?.id === entry.id && d.pos === pos ? d : { id: entry.id, pos }));
      },
      dragLeave: (e) => setDrop((d) => (d?.id === e.id ? null : d)),
      drop: (e, ev) => {
        ev.preventDefault();
        const entry = live(e);
        const target = latest.current.targetFor(entry, latest.current.positionOf(ev, entry));
        setDrop(null);
        setDragging(null);
        if (target) latest.current.props.onDrop(target);
        latest.current.props.dragIds.current = [];
      },
    };
  }, []);

  const filterKey = useRef<(e: KeyboardEvent) => void>(null!);
  useLatest(filterKey, (e: KeyboardEvent) => {
    if (e.key === 'Escape') setFilter('');
    if (e.key === 'ArrowDown' || e.key === 'Enter') {
      e.preventDefault();
      box.current?.focus();
      if (visible[0] && !props.active) activate(visible[0], 'plain');
    }
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ p: 0.75, borderBottom: 1, borderColor: 'divider' }}>
        <FilterBox value={filter} onChange={setFilter} onKey={filterKey} />
      </Box>
      <Box
        ref={box}
        role="tree"
        aria-multiselectable
        aria-label="Orders of battle"
        tabIndex={0}
        data-testid="forces-tree"
        {...(props.active ? { 'aria-activedescendant': treeRowId(props.active.id) } : {})}
        onKeyDown={onKeyDown}
        sx={{ flex: 1, overflow: 'auto', outline: 'none', py: 0.5, '&:focus-visible .active, &:focus .active': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        {visible.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
            {filter ? 'Nothing matches the filter.' : 'No forces.'}
          </Typography>
        )}
        <div ref={list}>
        {segments.map((s) => {
          if (s.kind === 'gap') return <div key={`gap:${s.from}`} style={{ height: s.height }} aria-hidden />;
          const e = visible[s.index]!;
          const root = !e.parentId;
          const n = e.node;
          const side = index.roots[e.root];
          const count = e.kind === 'formation' ? totalsOf(e.node, props.system) : undefined;
          return (
            <TreeRow
              key={e.pointer}
              entry={e}
              label={root ? `${side?.side !== undefined ? `${side.label}: ` : ''}${n.name ?? n.id}` : String(n.name ?? n.id ?? '?')}
              rootColor={root ? side?.color : undefined}
              active={props.active?.pointer === e.pointer}
              marked={props.marks.has(e.id)}
              flag={props.flagged.get(e.id)}
              hint={drop?.id === e.id ? drop.pos : null}
              collapsed={e.kind === 'formation' && props.collapsed.has(e.id)}
              expandable={hasChildren(e)}
              renaming={props.renaming === e.id}
              count={count?.units ? count.units : undefined}
              countTitle={count?.units ? totalsLine(count) : undefined}
              actions={actions}
            />
          );
        })}
        </div>
      </Box>
    </Box>
  );
}

interface TreeRowActions {
  click: (e: ForceEntry, ev: MouseEvent) => void;
  rename: (e: ForceEntry) => void;
  renamed: (name?: string) => void;
  toggle: (e: ForceEntry) => void;
  dragStart: (e: ForceEntry, ev: DragEvent<HTMLElement>) => void;
  dragEnd: () => void;
  dragOver: (e: ForceEntry, ev: DragEvent<HTMLElement>) => void;
  dragLeave: (e: ForceEntry) => void;
  drop: (e: ForceEntry, ev: DragEvent<HTMLElement>) => void;
}

interface TreeRowProps {
  entry: ForceEntry;
  label: string;
  rootColor: string | undefined;
  active: boolean;
  marked: boolean;
  flag: 'error' | 'warning' | undefined;
  hint: DropPosition | null;
  collapsed: boolean;
  expandable: boolean;
  renaming: boolean;
  /** Units in a formation, and its totals in words. */
  count: number | undefined;
  countTitle: string | undefined;
  actions: TreeRowActions;
}

/** What a row shows of its node besides the label: the kind's mark and title, and the name a rename starts from. */
const shownOf = (e: ForceEntry): string =>
  `${String(e.node.name ?? '')}\u0000${e.kind === 'formation' ? String(e.node.echelon) : e.kind === 'unit' ? `${e.node.arm} ${e.node.type}` : ''}`;

/**
 * Entries are made again for every document, and an edit copies the nodes on its path (a unit's rating edit makes a
 * new unit, brigade, division and army), so a row compares what it shows, not the entry or its node. Its callbacks
 * look the entry up afresh (`live`), so a row kept from an earlier document acts on the current one.
 */
const sameTreeRow = (a: TreeRowProps, b: TreeRowProps): boolean =>
  (a.entry.node === b.entry.node || shownOf(a.entry) === shownOf(b.entry)) &&
  a.entry.pointer === b.entry.pointer &&
  a.entry.id === b.entry.id &&
  a.entry.kind === b.entry.kind &&
  a.entry.depth === b.entry.depth &&
  a.entry.parentId === b.entry.parentId &&
  a.label === b.label &&
  a.rootColor === b.rootColor &&
  a.active === b.active &&
  a.marked === b.marked &&
  a.flag === b.flag &&
  a.hint === b.hint &&
  a.collapsed === b.collapsed &&
  a.expandable === b.expandable &&
  a.renaming === b.renaming &&
  a.count === b.count &&
  a.countTitle === b.countTitle &&
  a.actions === b.actions;

/**
 * The filter box, memoised: the tree re-renders with every edit of the document, and the box (an MUI text field,
 * through emotion) need not. Its keys go to the tree's latest handler through `onKey`.
 */
const FilterBox = memo(function FilterBox(props: { value: string; onChange: (value: string) => void; onKey: RefObject<(e: KeyboardEvent) => void> }) {
  const { value, onChange, onKey } = props;
  return (
    <TextField
      fullWidth
      placeholder="Filter by name, id or type"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => onKey.current(e)}
      slotProps={{ htmlInput: { 'data-testid': 'forces-filter', 'aria-label': 'Filter the tree' } }}
      sx={{ '& input': { py: 0.5, fontSize: 12 } }}
    />
  );
});

const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { entry: e, actions, active: isActive, marked, flag, hint, collapsed: isCollapsed } = props;
  const root = !e.parentId;
  return (
    <Box
      id={treeRowId(e.id)}
      role="treeitem"
      aria-selected={marked || isActive}
      aria-level={e.depth + 1}
      {...(e.kind === 'formation' ? { 'aria-expanded': !isCollapsed } : {})}
      className={isActive ? 'active' : undefined}
      data-pointer={e.pointer}
      data-node-id={e.id}
      data-kind={e.kind}
      draggable={!root && !props.renaming}
      onClick={(ev: MouseEvent) => actions.click(e, ev)}
      onDoubleClick={() => actions.rename(e)}
      onDragStart={(ev) => actions.dragStart(e, ev)}
      onDragEnd={actions.dragEnd}
      onDragOver={(ev) => actions.dragOver(e, ev)}
      onDragLeave={() => actions.dragLeave(e)}
      onDrop={(ev) => actions.drop(e, ev)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: `${6 + e.depth * 14}px`,
        pr: 1,
        height: ROW_HEIGHT,
        cursor: 'default',
        userSelect: 'none',
        fontSize: 13,
        bgcolor: marked ? 'rgba(31,58,95,0.16)' : isActive ? 'rgba(31,58,95,0.08)' : hint === 'into' ? 'rgba(31,58,95,0.12)' : undefined,
        borderTop: hint === 'before' ? '2px solid #1f3a5f' : '2px solid transparent',
        borderBottom: hint === 'after' ? '2px solid #1f3a5f' : '2px solid transparent',
        '&:hover': { bgcolor: marked ? 'rgba(31,58,95,0.2)' : 'rgba(0,0,0,0.04)' },
      }}
    >
      <Box
        component="span"
        onClick={(ev) => {
          ev.stopPropagation();
          if (props.expandable) actions.toggle(e);
        }}
        sx={{ width: 12, fontSize: 10, color: 'text.secondary', flex: 'none', textAlign: 'center' }}
        aria-hidden
      >
        {props.expandable ? (isCollapsed ? '▸' : '▾') : ''}
      </Box>
      <Box
        component="span"
        title={e.kind === 'formation' ? e.node.echelon : e.kind === 'leader' ? 'leader' : `${e.node.arm} ${e.node.type}`}
        sx={{
          flex: 'none',
          width: 16,
          height: 16,
          fontSize: 10,
          lineHeight: '16px',
          textAlign: 'center',
          borderRadius: e.kind === 'formation' ? '3px' : '50%',
          bgcolor: e.kind === 'formation' ? (root ? (props.rootColor ?? '#1f3a5f') : '#5b6b7f') : 'transparent',
          color: e.kind === 'formation' ? (root ? readableOn(props.rootColor) : '#fff') : e.kind === 'leader' ? '#b8860b' : 'text.secondary',
          border: root ? '1px solid rgba(0,0,0,0.25)' : undefined,
          fontWeight: 700,
        }}
      >
        {e.kind === 'formation' ? (ECHELON_MARK[String(e.node.echelon)] ?? '?') : e.kind === 'leader' ? '★' : (ARM_MARK[String(e.node.arm)] ?? '·')}
      </Box>
      {props.renaming ? (
        <RenameInput initial={String(e.node.name ?? '')} onDone={actions.renamed} />
      ) : (
        <Box component="span" className="node-name" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: e.kind === 'formation' ? 500 : 400 }}>
          {props.label}
        </Box>
      )}
      {flag && <Box component="span" title={flag === 'error' ? 'Has errors' : 'Has warnings'} sx={{ color: flag === 'error' ? 'error.main' : 'warning.main', fontSize: 10 }}>{flag === 'error' ? '✖' : '▲'}</Box>}
      {e.kind === 'formation' && !props.renaming && props.count ? (
        // The count fits beside a long name; the full totals are a hover away and in the table's group rows.
        <Box component="span" title={props.countTitle} sx={{ flex: 'none', fontSize: 11, color: 'text.secondary', minWidth: 14, textAlign: 'right' }}>
          {props.count}
        </Box>
      ) : null}
    </Box>
  );
}, sameTreeRow);

function RenameInput(props: { initial: string; onDone(name?: string): void }) {
  const [text, setText] = useState(props.initial);
  const done = useRef(false);
  const finish = (name?: string) => {
    if (done.current) return;
    done.current = true;
    props.onDone(name);
  };
  return (
    <InputBase
      autoFocus
      value={text}
      onChange={(e) => setText(e.target.value)}
      onFocus={(e) => e.target.select()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') finish(text.trim() || props.initial);
        else if (e.key === 'Escape') finish();
      }}
      onBlur={() => finish(text.trim() || props.initial)}
      inputProps={{ 'data-testid': 'rename-input', 'aria-label': 'Name' }}
      sx={{ flex: 1, fontSize: 13, '& input': { p: '1px 4px', border: '1px solid', borderColor: 'primary.main', borderRadius: '3px', bgcolor: '#fff' } }}
    />
  );
}
