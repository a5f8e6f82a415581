// The Forces view: orders of battle as a tree beside a spreadsheet of their units, with totals and warnings per
// side, paste from spreadsheets, 1:60 ↔ 1:30 conversion and army lists in and out of scenario sides. Every change
// is one editor command, so undo, redo and live validation work as everywhere else.
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AdcDocument, Unit } from '../../domain/model.js';
import { isScenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { sideTotals } from '../../domain/victory-points.js';
import { pointerToPath } from '../state/editor.js';
import type { Change } from '../state/history.js';
import { entityOf } from '../state/selection.js';
import { useLatest } from '../ui/use-latest.js';
import { armyFileName, armyListFromSide } from './army-files.js';
import { ConversionReportDialog, ConvertDialog, CopyListDialog, PasteDialog, type LibraryHost, type ReportHost } from './ArmyDialogs.js';
import { keepConversion, keptConversion } from './convert-preview.js';
import { bulkChanges, columnsFor, unitCellChanges, type Column } from './columns.js';
import { diffChanges, setValueChanges } from './diff.js';
import { ForcesToolbar, type ForcesToolbarCommands } from './ForcesToolbar.js';
import { ForceTree } from './ForceTree.js';
import {
  addFormation,
  addLeader,
  addUnits,
  collectIds,
  deleteNodes,
  duplicateNodes,
  forceIndexOf,
  indexForces,
  moveNodes,
  newUnit,
  slug,
  uniqueId,
  within,
  type DropTarget,
  type EditResult,
  type ForceEntry,
  type ForceIndex,
  type FormationEntry,
  type UnitEntry,
} from './forces.js';
import { describePaste, looksLikeRows, rowsToUnits, type PasteResult } from './paste.js';
import { armsLine, totalsOf } from './totals.js';
import { cellSelector, UnitTable, type TableGroup } from './UnitTable.js';

export interface EditCommand {
  type: 'edit';
  label: string;
  changes: Change[];
  mergeKey?: string;
}

export interface ForcesViewProps {
  doc: AdcDocument;
  problems: Problem[];
  /** The editor's selection (a JSON Pointer), shared with the outline, inspector and map. */
  selected: string | null;
  onSelect: (pointer: string | null) => void;
  onCommand: (command: EditCommand) => void;
  /** Set by the app when a problem is picked: the cell (or tree node) it points at gets the focus. */
  focusRequest: { pointer: string; seq: number } | null;
  onPickProblem: (problem: Problem) => void;
  onMessage: (text: string, severity?: 'success' | 'info' | 'error') => void;
  host: LibraryHost & ReportHost;
  /** The open document's session (the editor's key): the last conversion's report belongs to it. */
  session?: string;
  /** Saves another document than the open one under a name the user picks (the app's save-as flow). */
  onSaveCopy: (doc: AdcDocument, suggestedName: string) => Promise<boolean>;
}

const nameOf = (e: ForceEntry | undefined) => (e ? String(e.node.name ?? e.id) : '');

function pathLabel(index: ForceIndex, e: ForceEntry): string {
  const names: string[] = [];
  for (let x: ForceEntry | undefined = e; x; x = x.parentPointer ? index.byPointer.get(x.parentPointer) : undefined) names.unshift(nameOf(x));
  const side = index.roots[e.root];
  if (side?.side !== undefined) names.unshift(side.label);
  return names.join(' › ');
}

export function ForcesView(props: ForcesViewProps) {
  const { doc, problems, onCommand, onSelect, onMessage } = props;
  const index = useMemo(() => forceIndexOf(doc), [doc]);
  const system = doc.ruleSystem;
  const columns = useMemo(() => columnsFor(system), [system]);
  const latest = useRef(doc);
  useLatest(latest, doc);

  const [scopeId, setScopeId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [rawMarks, setMarks] = useState<Set<string>>(() => new Set());
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'convert' | 'report' | 'copy' | 'paste' | null>(null);
  const [report, setReport] = useState<{ text: string; severity: 'success' | 'info' | 'warning' } | null>(null);
  const [bulk, setBulk] = useState<{ column: string; value: string }>({ column: 'vp', value: '' });
  const [, setTick] = useState(0);
  const anchor = useRef<string | null>(null);
  const dragIds = useRef<string[]>([]);
  const tableRef = useRef<HTMLDivElement>(null);
  const treeBox = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<(() => boolean) | null>(null);
  /** Ids of formations and leaders just added, still named by their placeholder. */
  const fresh = useRef(new Set<string>());

  const active = props.selected ? index.byPointer.get(entityOf(props.selected).pointer) : undefined;
  const scope = useMemo(() => (scopeId ? index.byId.get(scopeId) : undefined), [index, scopeId]);
  const marks = useMemo(() => new Set([...rawMarks].filter((id) => index.byId.has(id))), [rawMarks, index]);
  const selection = (): string[] => (marks.size ? [...marks] : active ? [active.id] : []);

  // Focus that must wait for the next render (a new row, a widened scope) is retried after each one.
  useLayoutEffect(() => {
    if (pendingFocus.current?.()) pendingFocus.current = null;
  });
  const focusLater = (fn: () => boolean) => {
    pendingFocus.current = fn;
    setTick((t) => t + 1);
  };
  // The table draws only the rows in view; a row about to be focused is drawn wherever it is, then scrolled to.
  const [reveal, setReveal] = useState<string | null>(null);
  const focusUnitLater = (pointer: string, unitPointer: string) => {
    setReveal(unitPointer);
    focusLater(() => focusCell(pointer, unitPointer));
  };

  const expandTo = (e: ForceEntry) => {
    setCollapsed((c) => {
      const open = [...c].filter((id) => {
        const f = index.byId.get(id);
        return f && within(e.pointer, f.pointer) && f.pointer !== e.pointer;
      });
      if (!open.length) return c;
      const next = new Set(c);
      for (const id of open) next.delete(id);
      return next;
    });
  };

  // The table follows the selection: a formation shows its units, a unit outside the shown ones its formation's.
  // Only a new selection moves the table; edits to the document must not. Undefined until the first render has
  // followed the selection it started with.
  const [followed, setFollowed] = useState<string | null | undefined>(undefined);
  if (followed !== props.selected) {
    setFollowed(props.selected);
    if (active) {
      if (active.kind === 'formation') setScopeId(active.id);
      else if (scope && !within(active.pointer, scope.pointer)) setScopeId(active.parentId ?? null);
      expandTo(active);
    }
  }

  const focusTree = () => {
    treeBox.current?.querySelector<HTMLElement>('[data-testid="forces-tree"]')?.focus();
    return true;
  };
  const focusCell = (pointer: string, unitPointer: string): boolean => {
    const t = tableRef.current;
    if (!t) return false;
    // The row's cells in the row's order: the pinned name first.
    const cells = [...t.querySelectorAll<HTMLInputElement>(`input[data-pointer^="${unitPointer}/"]`)];
    const el = t.querySelector<HTMLInputElement>(cellSelector(pointer)) ?? cells.find((c) => c.dataset.pointer!.startsWith(`${pointer}/`)) ?? cells[0];
    if (!el) return false;
    el.focus();
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return true;
  };
  const focusNewUnit = () => {
    const el = tableRef.current?.querySelector<HTMLInputElement>('[data-testid="new-unit-name"]');
    if (!el || el.disabled) return false;
    el.focus();
    el.scrollIntoView({ block: 'nearest' });
    return true;
  };

  // A problem picked in the problems panel: select and focus the exact cell it is about.
  // A request made before this view was shown is not for it.
  const handledSeq = useRef(props.focusRequest?.seq ?? 0);
  useEffect(() => {
    const req = props.focusRequest;
    if (!req || req.seq <= handledSeq.current) return;
    handledSeq.current = req.seq;
    const e = index.byPointer.get(entityOf(req.pointer).pointer);
    if (!e) return;
    // A request from the problems panel, carried by a prop: the cell it names is opened up here, then focused once
    // a render shows it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the request is handled once, by its sequence number
    expandTo(e);
    if (e.kind === 'unit') {
      if (scope && !within(e.pointer, scope.pointer)) setScopeId(e.parentId ?? null);
      focusUnitLater(req.pointer, e.pointer);
    } else focusLater(focusTree);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.focusRequest?.seq]);

  // ---- Commands -------------------------------------------------------------

  const commit = (label: string, next: AdcDocument, selectId?: string): boolean => {
    const changes = diffChanges(latest.current, next);
    if (changes.length === 0) return false;
    onCommand({ type: 'edit', label, changes });
    if (selectId !== undefined) {
      const e = indexForces(next).byId.get(selectId);
      if (e) onSelect(e.pointer);
    }
    return true;
  };
  const run = (label: string, r: EditResult, select: 'first' | 'none' = 'first'): string[] | null => {
    if (!r.ok) {
      onMessage(r.message, 'info');
      return null;
    }
    commit(label, r.doc, select === 'first' ? r.ids[0] : undefined);
    return r.ids;
  };

  /** The formation an action applies to: the selected one, or the one holding the selected unit or leader. */
  const targetFormation = (): ForceEntry | undefined => {
    if (active?.kind === 'formation') return active;
    if (active?.parentPointer) return index.byPointer.get(active.parentPointer);
    if (scope) return scope;
    return index.entries.find((e) => !e.parentId);
  };
  const newUnitTarget = scope ?? (active ? targetFormation() : undefined) ?? index.entries.find((e) => !e.parentId);

  const addFormationCmd = () => {
    const parent = targetFormation();
    if (!parent) return;
    const ids = run('Add formation', addFormation(latest.current, parent.id));
    if (ids?.[0]) {
      setCollapsed((c) => (c.has(parent.id) ? new Set([...c].filter((x) => x !== parent.id)) : c));
      fresh.current.add(ids[0]);
      setRenaming(ids[0]);
    }
  };
  const addLeaderCmd = () => {
    const f = targetFormation();
    if (!f) return;
    const ids = run('Add leader', addLeader(latest.current, f.id));
    if (ids?.[0]) {
      fresh.current.add(ids[0]);
      setRenaming(ids[0]);
    }
  };
  const addUnitCmd = () => {
    const f = targetFormation();
    if (!f) return;
    setScopeId(f.id);
    if (active?.pointer !== f.pointer) onSelect(f.pointer);
    focusLater(focusNewUnit);
  };
  const duplicateCmd = () => {
    const ids = run('Duplicate', duplicateNodes(latest.current, selection()));
    if (ids) setMarks(new Set(ids));
  };
  const deleteCmd = (ids = selection()) => {
    if (!ids.length) return;
    const first = index.byId.get(ids[0]!);
    const r = deleteNodes(latest.current, ids);
    if (!r.ok) {
      onMessage(r.message, 'info');
      return;
    }
    commit(`Delete ${ids.length === 1 ? nameOf(first) : `${ids.length} items`}`, r.doc, first?.parentId);
    setMarks(new Set());
  };
  const moveCmd = (target: DropTarget) => {
    const ids = dragIds.current;
    dragIds.current = [];
    if (!ids.length) return;
    const r = moveNodes(latest.current, ids, target);
    if (!r.ok) {
      onMessage(r.message, 'info');
      return;
    }
    commit(ids.length === 1 ? `Move ${nameOf(index.byId.get(ids[0]!))}` : `Move ${ids.length} items`, r.doc, ids.length === 1 ? ids[0] : undefined);
  };
  const renameCmd = (id: string | null, name?: string) => {
    const e = id ? index.byId.get(id) : renaming ? index.byId.get(renaming) : undefined;
    setRenaming(id);
    if (id !== null || name === undefined || !e) return;
    const changes = setValueChanges(latest.current, pointerToPath(`${e.pointer}/name`), name);
    // A node just added got its id from a placeholder name ("new-brigade"); its first real name makes a better one.
    if (fresh.current.has(e.id) && changes.length) {
      fresh.current.delete(e.id);
      const taken = collectIds(latest.current);
      taken.delete(e.id);
      const better = uniqueId(slug(name, e.kind), taken);
      changes.push(...setValueChanges(latest.current, pointerToPath(`${e.pointer}/id`), better));
      onSelect(e.pointer);
    }
    if (changes.length) onCommand({ type: 'edit', label: `Rename ${nameOf(e)}`, changes });
  };

  const activate = (e: ForceEntry, how: 'plain' | 'toggle' | 'range' | 'keep') => {
    if (how === 'toggle') {
      setMarks((m) => {
        const next = new Set(m.size ? m : active ? [active.id] : []);
        if (next.has(e.id)) next.delete(e.id);
        else next.add(e.id);
        return next;
      });
    } else if (how === 'range' && anchor.current) {
      const from = index.entries.findIndex((x) => x.id === anchor.current);
      const to = index.entries.findIndex((x) => x.id === e.id);
      if (from >= 0 && to >= 0) {
        const [a, b] = from < to ? [from, to] : [to, from];
        setMarks(new Set(index.entries.slice(a, b + 1).filter((x) => x.parentId && x.root === e.root).map((x) => x.id)));
      }
    } else if (how === 'plain') {
      anchor.current = e.id;
      setMarks(e.parentId ? new Set([e.id]) : new Set());
    }
    onSelect(e.pointer);
  };

  const commitCell = (entry: ForceEntry, column: Column, raw: string) => {
    const current = forceIndexOf(latest.current).byPointer.get(entry.pointer);
    if (!current || current.kind !== 'unit') return;
    const changes = unitCellChanges(latest.current, entry.pointer, current.node, column, raw);
    if (changes.length) onCommand({ type: 'edit', label: `Edit ${column.label.toLowerCase()} of ${nameOf(current)}`, changes });
  };

  const lastUnitOf = (f: FormationEntry): Unit | undefined => {
    const units = f.node.units;
    return Array.isArray(units) && units.length ? units[units.length - 1] : undefined;
  };

  const addUnitNamed = (name: string, then: 'next-cell' | 'new-row') => {
    const f = newUnitTarget;
    if (!f || f.kind !== 'formation') return;
    const r = addUnits(latest.current, f.id, [newUnit('', name, system, lastUnitOf(f))]);
    if (!r.ok) return;
    commit(`Add ${name}`, r.doc);
    const e = indexForces(r.doc).byId.get(r.ids[0]!);
    if (e && then === 'next-cell') focusUnitLater(`${e.pointer}/arm`, e.pointer);
  };

  const insertBelow = (entry: UnitEntry) => {
    if (!entry.parentId) return;
    const r = addUnits(latest.current, entry.parentId, [newUnit('', 'New unit', system, entry.node)], entry.id);
    if (!r.ok) return;
    commit('Insert unit', r.doc);
    const e = indexForces(r.doc).byId.get(r.ids[0]!);
    if (e) focusUnitLater(`${e.pointer}/name`, e.pointer);
  };

  const applyPaste = (result: PasteResult) => {
    const f = newUnitTarget;
    if (!f) return;
    if (result.units.length === 0) {
      setReport({ text: result.notes.join(' ') || 'Nothing to paste.', severity: 'warning' });
      return;
    }
    const r = addUnits(latest.current, f.id, result.units);
    if (!r.ok) {
      onMessage(r.message, 'info');
      return;
    }
    commit(`Paste ${result.units.length} units`, r.doc);
    setMarks(new Set(r.ids));
    setDialog(null);
    const notes = result.notes.filter((n) => !/^There is no Arm column/.test(n) || result.units.some((u) => u.arm !== 'infantry'));
    setReport({ text: [describePaste(result, nameOf(f)), ...notes].join(' '), severity: result.unmapped.length ? 'warning' : 'success' });
  };

  const pasteText = (text: string) => applyPaste(rowsToUnits(text, system, collectIds(latest.current)));

  // ---- What the table shows ---------------------------------------------------

  const groups: TableGroup[] = useMemo(() => {
    const out: TableGroup[] = [];
    const inScope = (e: ForceEntry) => !scope || within(e.pointer, scope.pointer);
    // One pass: filtering every entry for each formation costs formations × units on a large list.
    const unitsOf = new Map<string, UnitEntry[]>();
    for (const u of index.entries) {
      if (u.kind !== 'unit') continue;
      const list = unitsOf.get(u.parentPointer);
      if (list) list.push(u);
      else unitsOf.set(u.parentPointer, [u]);
    }
    for (const f of index.entries) {
      if (f.kind !== 'formation' || !inScope(f)) continue;
      const units = unitsOf.get(f.pointer) ?? [];
      if (units.length || f === scope) out.push({ formation: f, path: pathLabel(index, f), units });
    }
    return out;
  }, [index, scope]);

  const markedUnits = index.entries.filter((e): e is UnitEntry => e.kind === 'unit' && marks.has(e.id));
  const flagged = useMemo(() => {
    const m = new Map<string, 'error' | 'warning'>();
    for (const p of problems) {
      const e = index.byPointer.get(entityOf(p.path).pointer);
      if (e && m.get(e.id) !== 'error') m.set(e.id, p.severity);
    }
    return m;
  }, [problems, index]);

  const scenario = isScenario(doc) ? doc : null;
  const ratio = doc.scale?.figureRatio;
  // Conversion changes Napoleon's Eagles figures and models; other systems have nothing it could change.
  const canConvert = system === 'napoleons-eagles' || (!system && ratio !== undefined);
  const lastConversion = keptConversion(props.session);
  const bulkColumn = columns.find((c) => c.key === bulk.column) ?? columns[columns.length - 1]!;
  const toolbarCommands = useRef<ForcesToolbarCommands>(null!);
  useLatest(toolbarCommands, {
    addFormation: addFormationCmd,
    addUnit: addUnitCmd,
    addLeader: addLeaderCmd,
    duplicate: duplicateCmd,
    delete: () => deleteCmd(),
    dialog: setDialog,
    saveSide: (i) => {
      const current = latest.current;
      if (isScenario(current)) void props.onSaveCopy(armyListFromSide(current, i), armyFileName(current, i));
    },
  });

  return (
    <Box
      ref={treeBox}
      data-testid="forces"
      sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default', minHeight: 0 }}
      onPaste={(e) => {
        if (dialog || e.target instanceof HTMLTextAreaElement) return;
        const text = e.clipboardData.getData('text/plain');
        if (!looksLikeRows(text)) return;
        e.preventDefault();
        pasteText(text);
      }}
    >
      <ForcesToolbar
        commands={toolbarCommands}
        hasSelection={selection().length > 0}
        marked={marks.size}
        canConvert={canConvert}
        ratio={ratio}
        hasConversionReport={!!lastConversion}
        sides={scenario ? scenario.sides.map((s) => s.name || s.id) : null}
      />

      <SideCards doc={doc} index={index} problems={problems} onPickProblem={props.onPickProblem} />

      {report && (
        <Alert severity={report.severity} onClose={() => setReport(null)} sx={{ mx: 1, mt: 0.5, py: 0 }} data-testid="forces-report">
          {report.text}
        </Alert>
      )}

      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', borderTop: 1, borderColor: 'divider', mt: 0.5 }}>
        <Box sx={{ width: 220, flex: 'none', borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 0 }}>
          <ForceTree
            index={index}
            system={system}
            active={active}
            marks={marks}
            collapsed={collapsed}
            renaming={renaming}
            flagged={flagged}
            onActivate={activate}
            onToggleCollapse={(id, c) =>
              setCollapsed((s) => {
                const next = new Set(s);
                if (c ?? !s.has(id)) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onRename={renameCmd}
            onKeyCommand={(c) => {
              if (c === 'add-formation') addFormationCmd();
              else if (c === 'add-unit') addUnitCmd();
              else if (c === 'add-leader') addLeaderCmd();
              else if (c === 'duplicate') duplicateCmd();
              else if (c === 'delete') deleteCmd();
              else if (c === 'clear-marks') setMarks(new Set());
              else if (c === 'to-table') {
                // The selected unit's name, else the first row's; the table may not have drawn either yet.
                const first = groups.find((g) => g.units.length)?.units[0];
                const unit = active?.kind === 'unit' && groups.some((g) => g.units.some((u) => u.pointer === active.pointer)) ? active : first;
                if (unit) focusUnitLater(`${unit.pointer}/name`, unit.pointer);
                else focusNewUnit();
              }
            }}
            dragIds={dragIds}
            onDrop={moveCmd}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, minHeight: 30, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
            {markedUnits.length > 0 ? (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="bulk-count">{markedUnits.length} selected</Typography>
                <Typography variant="body2">Set</Typography>
                <TextField
                  select
                  value={bulkColumn.key}
                  onChange={(e) => setBulk((b) => ({ ...b, column: e.target.value }))}
                  slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'bulk-column', 'aria-label': 'Column' } }}
                  sx={{ '& select': { py: 0.25, fontSize: 12 } }}
                >
                  {columns.map((c) => (
                    <option key={c.key} value={c.key}>{c.label}</option>
                  ))}
                </TextField>
                <Typography variant="body2">to</Typography>
                <TextField
                  value={bulk.value}
                  onChange={(e) => setBulk((b) => ({ ...b, value: e.target.value }))}
                  placeholder="empty clears"
                  slotProps={{ htmlInput: { 'data-testid': 'bulk-value', 'aria-label': 'Value' } }}
                  sx={{ width: 110, '& input': { py: 0.25, fontSize: 12 } }}
                  onKeyDown={(e) => e.key === 'Enter' && applyBulk()}
                />
                <Button variant="contained" onClick={applyBulk} data-testid="bulk-apply">Apply</Button>
                <Button onClick={() => deleteCmd(markedUnits.map((u) => u.id))}>Delete rows</Button>
                <Button onClick={() => setMarks(new Set())}>Clear</Button>
              </>
            ) : (
              <>
                <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }} data-testid="table-scope">
                  {scope ? <>Units of <b>{pathLabel(index, scope)}</b>{groups.length > 1 ? ' and its formations' : ''}</> : 'All units'}
                </Typography>
                {scope && (
                  <Button onClick={() => setScopeId(null)} data-testid="show-all-units" sx={{ flex: 'none', whiteSpace: 'nowrap' }}>Show all</Button>
                )}
                {!system && <Typography variant="caption" color="warning.main">Pick a rule system in the inspector to edit ratings.</Typography>}
              </>
            )}
          </Box>
          <UnitTable
            system={system}
            groups={groups}
            columns={columns}
            problems={problems}
            marks={marks}
            activePointer={active?.kind === 'unit' ? active.pointer : null}
            newUnitTarget={newUnitTarget}
            onMark={(ids, on) =>
              setMarks((m) => {
                const next = new Set(m);
                for (const id of ids) if (on) next.add(id); else next.delete(id);
                return next;
              })
            }
            onCommit={commitCell}
            onFocusUnit={(p) => {
              if (props.selected !== p) onSelect(p);
            }}
            onAddUnit={addUnitNamed}
            onInsertBelow={insertBelow}
            onToTree={focusTree}
            dragIds={dragIds}
            onDrop={moveCmd}
            tableRef={tableRef}
            reveal={reveal}
          />
          <Typography variant="caption" color="text.secondary" noWrap sx={{ px: 1, py: 0.25, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
            Tab/Shift+Tab along a row · Enter or ↓ down · Esc cancels, again to the tree · Ctrl+Enter inserts below · paste rows from a spreadsheet here
          </Typography>
        </Box>
      </Box>

      {dialog === 'convert' && (
        <ConvertDialog
          doc={doc}
          onClose={() => setDialog(null)}
          onApply={(changes, label, summary) => {
            onCommand({ type: 'edit', label, changes });
            const title = (isScenario(doc) ? doc.title : doc.name) || 'Untitled';
            keepConversion(props.session, { summary, title, appliedAt: new Date().toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) });
            setDialog(null);
            onMessage(`${label}: done. Undo reverts the whole conversion; "Last conversion report" keeps what it changed.`, 'success');
          }}
        />
      )}
      {dialog === 'report' && lastConversion && (
        <ConversionReportDialog record={lastConversion} host={props.host} onMessage={onMessage} onClose={() => setDialog(null)} />
      )}
      {dialog === 'copy' && scenario && (
        <CopyListDialog
          doc={scenario}
          host={props.host}
          initialSide={active ? (index.roots[active.root]?.side ?? 0) : 0}
          onClose={() => setDialog(null)}
          onCopy={(result, list, side) => {
            setDialog(null);
            const sideName = scenario.sides[side]?.name ?? `side ${side + 1}`;
            commit(`Copy ${list.name} into ${sideName}`, result.doc);
            const root = indexForces(result.doc).entries.find((e) => e.kind === 'formation' && e.pointer.startsWith(`/sides/${side}/`) && e.id === (result.renamed.find(([from]) => from === list.army.id)?.[1] ?? list.army.id));
            if (root) onSelect(root.pointer);
            const renamed = result.renamed.length
              ? ` ${result.renamed.length} id${result.renamed.length === 1 ? ' was' : 's were'} already used and renamed (${result.renamed.slice(0, 3).map(([a, b]) => `${a} → ${b}`).join(', ')}${result.renamed.length > 3 ? ', …' : ''}).`
              : '';
            setReport({ text: `Copied ${list.name} into ${sideName}.${renamed} ${result.notes.join(' ')}`.trim(), severity: result.notes.length ? 'info' : 'success' });
          }}
        />
      )}
      {dialog === 'paste' && (
        <PasteDialog
          system={system}
          target={newUnitTarget ? nameOf(newUnitTarget) : 'the army'}
          taken={collectIds(doc)}
          onClose={() => setDialog(null)}
          onAdd={applyPaste}
        />
      )}
    </Box>
  );

  function applyBulk() {
    const units = markedUnits.map((e) => ({ pointer: e.pointer, unit: e.node }));
    const changes = bulkChanges(latest.current, units, bulkColumn, bulk.value);
    if (changes.length) onCommand({ type: 'edit', label: `Set ${bulkColumn.label.toLowerCase()} of ${units.length} units`, changes });
  }
}

/** Per side (or for the list): units by arm, figures, guns, men and VP, with the validator's warnings beside. */
function SideCards(props: { doc: AdcDocument; index: ForceIndex; problems: Problem[]; onPickProblem(p: Problem): void }) {
  const { doc, index } = props;
  const vp = isScenario(doc) ? sideTotals(doc) : null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, index.roots.length)}, 1fr)`, gap: 1, px: 1, pt: 0.75 }} data-testid="side-totals">
      {index.roots.map((root, r) => {
        const army = index.entries.find((e): e is FormationEntry => e.root === r && e.kind === 'formation' && !e.parentId);
        if (!army) return null;
        const t = totalsOf(army.node, doc.ruleSystem);
        const own = root.side === undefined ? props.problems : props.problems.filter((p) => within(p.path, `/sides/${root.side}`));
        const errors = own.filter((p) => p.severity === 'error').length;
        // What concerns the side as a whole comes first; each unit's own problems are marked in the table.
        const shown = [...own].sort((a, b) => Number(entityOf(a.path).kind === 'unit') - Number(entityOf(b.path).kind === 'unit')).slice(0, 2);
        const v = root.side !== undefined ? vp?.[root.side] : undefined;
        return (
          <Box key={root.pointer} data-testid={`side-card-${r}`} sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderLeft: `4px solid ${root.color ?? '#1f3a5f'}`, borderRadius: 1, px: 1, py: 0.5, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>{root.side !== undefined ? root.label : nameOf(army)}</Typography>
              <Typography variant="subtitle2" data-testid={`side-vp-${r}`} title={v ? `${v.unitVp} VP of units${v.objectiveVp ? ` + ${v.objectiveVp} VP of objectives held` : ''}` : undefined}>
                {t.vp.toLocaleString('en-GB')} VP{v?.objectiveVp ? ` + ${v.objectiveVp} obj.` : ''}
              </Typography>
            </Box>
            <Typography variant="caption" component="div" color="text.secondary" noWrap data-testid={`side-totals-${r}`}>
              {t.units} units ({armsLine(t)}){t.figures ? ` · ${t.figures} figs` : ''}{t.guns || t.howitzers ? ` · ${t.guns + t.howitzers} guns` : ''}{t.men ? ` · ${t.men.toLocaleString('en-GB')} men` : ''}
              {t.leaders ? ` · ${t.leaders} leader${t.leaders === 1 ? '' : 's'}` : ''}
              {t.vpFromTable ? ` · ${t.vpFromTable} unit VP from the default table` : ''}
            </Typography>
            {own.length > 0 && (
              <Box sx={{ mt: 0.25 }}>
                {shown.map((p, i) => (
                  <Typography
                    key={i}
                    variant="caption"
                    component="button"
                    onClick={() => props.onPickProblem(p)}
                    data-side-problem={p.path}
                    sx={{ display: 'block', width: '100%', textAlign: 'left', border: 0, bgcolor: 'transparent', p: 0, cursor: 'pointer', color: p.severity === 'error' ? 'error.main' : 'warning.dark', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', '&:hover': { textDecoration: 'underline' } }}
                  >
                    {p.severity === 'error' ? '✖' : '▲'} {p.message}
                  </Typography>
                ))}
                {own.length > shown.length && (
                  <Typography variant="caption" color="text.secondary">
                    {own.length - shown.length} more ({errors} error{errors === 1 ? '' : 's'} in all) in the problems panel
                  </Typography>
                )}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
