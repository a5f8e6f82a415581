// The map editor: the tool palette, the view bar (zoom, grid, snap, the engine's view), the map, a status strip with
// the cursor's coordinates and the tool's hint, and beside the map the units to place and the layers panel.
// It turns gestures and keys into editor actions; the document itself changes only through the editor reducer.
import { Box, Button, Divider, IconButton, MenuItem, Select, Tab, Tabs, ToggleButton, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isCellGrid } from '../../domain/grid.js';
import { defaultFacing, type Snap } from '../../domain/map/edit.js';
import { inkFor } from '../../domain/map/shapes.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';
import type { AreaKind, Feature, Point, Scenario } from '../../domain/model.js';
import type { EditorAction } from '../state/editor.js';
import { formatLength, type Settings } from '../state/settings.js';
import {
  copyFeatures,
  deleteSelection,
  deleteVertex,
  joinReinforcement,
  parseVertex,
  pasteFeatures,
  placeUnit,
  reorder,
  rotateUnits,
  targetOf,
  unitRows,
  type EditResult,
  type UnitRow,
} from './commands.js';
import { ACTUAL_SCALE } from './geometry.js';
import { UNIT_DRAG_TYPE } from './dnd.js';
import { MapView, type MapViewHandle } from './MapView.js';
import { LAYER_GROUPS, type LayerKey } from './scene-view.js';
import { AreaIcon, ArrangeIcon, EyeIcon, GlyphIcon, LineIcon, LockIcon, ShapeIcon } from './ToolIcons.js';
import {
  AREA_TOOLS,
  LINE_TOOLS,
  MAP_COMMANDS,
  POINT_TOOLS,
  SCENARIO_TOOLS,
  SHAPE_MODES,
  ZONE_MODES,
  formatShortcut,
  toolForKey,
  toolHint,
  toolId,
  type AreaShapeMode,
  type Tool,
  type ZoneMode,
} from './tools.js';
import { PanelSeparator, SidePanel } from '../ui/PanelSeparator.js';
import { usePanel } from '../ui/use-panel-layout.js';
import { useLatest } from '../ui/use-latest.js';
import { SizedBox } from '../ui/SizedBox.js';

export interface MapEditorProps {
  scenario: Scenario;
  selection: string[];
  dispatch: (action: EditorAction) => void;
  settings: Settings;
  onSettings: (settings: Settings) => void;
  fitKey: unknown;
  focus: { pointer: string; seq: number } | null;
  /** False while another view covers the map: its keys are then left alone. */
  active: boolean;
  onMessage: (text: string, severity?: 'info' | 'error') => void;
}

/** The map's own clipboard: features copied in this window, pasted into any document open in it. */
let clipboard: { features: Feature[]; pastes: number } = { features: [], pastes: 0 };

type SnapChoice = 'off' | '0.5' | '1' | '2' | 'grid';

function snapOf(choice: SnapChoice): Snap {
  if (choice === 'off') return { kind: 'off' };
  if (choice === 'grid') return { kind: 'grid' };
  return { kind: 'inch', step: Number(choice) };
}

const hasTextSelection = (): boolean => (window.getSelection()?.toString() ?? '') !== '';

const isEditable = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

function PaletteButton(props: { id?: string; title: string; active: boolean; disabled?: boolean; onClick: () => void; children: ReactNode; extra?: Record<string, string> }) {
  return (
    <Tooltip title={props.title} placement="right" disableInteractive>
      <span>
        <IconButton
          size="small"
          {...(props.id ? { 'data-tool': props.id } : {})}
          {...props.extra}
          aria-label={props.title}
          aria-pressed={props.active}
          disabled={props.disabled}
          onClick={props.onClick}
          sx={{
            width: 30,
            height: 30,
            borderRadius: 1,
            border: 1,
            borderColor: props.active ? 'primary.main' : 'transparent',
            bgcolor: props.active ? 'rgba(25, 118, 210, 0.14)' : 'transparent',
            '&:hover': { bgcolor: props.active ? 'rgba(25, 118, 210, 0.2)' : 'action.hover' },
          }}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="overline" sx={{ fontSize: 9, lineHeight: '16px', color: 'text.secondary', gridColumn: '1 / -1', mt: 0.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </>
  );
}

export function MapEditor(props: MapEditorProps) {
  const { scenario, selection, dispatch, settings } = props;
  const gridded = isCellGrid(scenario.grid);
  const [tool, setToolState] = useState<Tool>({ type: 'select' });
  const [areaKind, setAreaKind] = useState<AreaKind>('woods');
  const [areaMode, setAreaMode] = useState<AreaShapeMode>('polygon');
  const [zoneMode, setZoneMode] = useState<ZoneMode>('edge');
  const [side, setSide] = useState(0);
  const [snapChoice, setSnapChoice] = useState<SnapChoice>('1');
  const [showGrid, setShowGrid] = useState(true);
  const [engineView, setEngineView] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<LayerKey>>(new Set());
  const [locked, setLocked] = useState<ReadonlySet<LayerKey>>(new Set());
  const [panel, setPanel] = useState<'units' | 'layers'>('units');
  const [drafting, setDrafting] = useState(false);
  const [cornerEditing, setCornerEditing] = useState(false);
  /** The zoom readout listens here: a wheel step re-renders the readout alone, not the editor around the map. */
  const [zoomFeed] = useState(() => new ZoomFeed());
  const unitsPanel = usePanel('units', 'Units and layers', settings.panels.units, (units) => props.onSettings({ ...settings, panels: { ...settings.panels, units } }));
  const paletteRef = useRef<HTMLDivElement>(null);
  const [paletteColumns, setPaletteColumns] = useState<3 | 4>(3);
  /** How tall the palette is in three columns, to know when the window has room for them again. */
  const threeColumnHeight = useRef(0);
  const handle = useRef<MapViewHandle>(null);
  const coords = useRef<HTMLSpanElement>(null);
  const snap = useMemo(() => snapOf(snapChoice === 'grid' && !gridded ? '1' : snapChoice), [snapChoice, gridded]);
  const primary = selection.length ? selection[selection.length - 1]! : null;

  const setTool = (t: Tool) => {
    setToolState(t);
    if (t.type === 'area') {
      setAreaKind(t.kind);
      setAreaMode(t.mode);
    }
    if (t.type === 'zone') setZoneMode(t.mode);
  };

  // Cell tools make no sense on a map without a grid: opening one, or losing the grid, leaves them. Null until the
  // first render has looked.
  const [toolsGridded, setToolsGridded] = useState<boolean | null>(null);
  if (toolsGridded !== gridded) {
    setToolsGridded(gridded);
    if (!gridded && tool.type === 'area' && (tool.mode === 'cells' || tool.mode === 'erase')) setTool({ ...tool, mode: 'polygon' });
    if (!gridded && tool.type === 'zone' && (tool.mode === 'cells' || tool.mode === 'erase')) setTool({ ...tool, mode: 'edge' });
  }

  const apply = useCallback(
    (r: EditResult | null, mergeKey?: string) => {
      if (!r || r.changes.length === 0) return;
      dispatch({ type: 'edit', label: r.label, changes: r.changes, ...(mergeKey ? { mergeKey } : {}), ...(r.select ? { select: r.select } : {}) });
    },
    [dispatch],
  );
  const select = useCallback((pointers: string[]) => dispatch({ type: 'select', pointer: pointers.length ? pointers[pointers.length - 1]! : null, pointers }), [dispatch]);

  // ---- Commands -------------------------------------------------------------------------------------------------

  const latest = useRef({ scenario, selection, primary, tool });
  useLatest(latest, { scenario, selection, primary, tool });

  const run = useCallback(
    (command: keyof typeof MAP_COMMANDS | 'rotate-back'): boolean => {
      const { scenario: s, selection: sel, primary: p } = latest.current;
      switch (command) {
        case 'delete': {
          if (p && parseVertex(p)) {
            const r = deleteVertex(s, p);
            if (!r) props.onMessage('A shape keeps at least 3 corners, a line at least 2 points.');
            apply(r);
            return true;
          }
          apply(deleteSelection(s, sel));
          return sel.length > 0;
        }
        case 'copy':
        case 'cut': {
          const features = copyFeatures(s, sel.map((q) => parseVertex(q)?.owner ?? q));
          if (features.length === 0) return false;
          clipboard = { features, pastes: 0 };
          if (command === 'cut') apply({ ...deleteSelection(s, sel)!, label: features.length === 1 ? 'Cut' : `Cut ${features.length} features` });
          return true;
        }
        case 'paste': {
          if (clipboard.features.length === 0) return false;
          clipboard.pastes += 1;
          apply(pasteFeatures(s, clipboard.features, clipboard.pastes));
          return true;
        }
        case 'duplicate': {
          const features = copyFeatures(s, sel.map((q) => parseVertex(q)?.owner ?? q));
          apply(pasteFeatures(s, features, 1, 'Duplicate'));
          return features.length > 0;
        }
        case 'forward':
        case 'backward':
          if (!p) return false;
          apply(reorder(s, parseVertex(p)?.owner ?? p, command === 'forward' ? 1 : -1));
          return true;
        case 'rotate':
        case 'rotate-back':
          apply(rotateUnits(s, sel, command === 'rotate' ? 1 : -1));
          return sel.length > 0;
        case 'zoomIn':
          handle.current?.zoomBy(1.25);
          return true;
        case 'zoomOut':
          handle.current?.zoomBy(0.8);
          return true;
        case 'fit':
          handle.current?.fit();
          return true;
        case 'actual':
          handle.current?.actualSize();
          return true;
        case 'snap':
          setSnapChoice((c) => (c === 'off' ? '1' : 'off'));
          return true;
      }
    },
    [apply, props],
  );

  // ---- Keys -------------------------------------------------------------------------------------------------------

  useEffect(() => {
    if (!props.active) return;
    const onKey = (e: KeyboardEvent) => {
      if (isEditable(e.target) || e.defaultPrevented) return;
      // Keys meant for the page's dialogs and menus stay theirs.
      if (e.target instanceof HTMLElement && e.target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      if (handle.current?.key(e)) {
        e.preventDefault();
        return;
      }
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      let done = false;
      if (mod && !e.altKey) {
        // Text the user selected on the page (a problem's message) copies as text, not as map features.
        if ((key === 'c' || key === 'x') && hasTextSelection()) return;
        if (key === 'c') done = run('copy');
        else if (key === 'x') done = run('cut');
        else if (key === 'v') done = run('paste');
        else if (key === 'd') done = run('duplicate') || true;
        else if (key === ']') done = run('forward');
        else if (key === '[') done = run('backward');
      } else if (!mod && !e.altKey) {
        if (e.key === 'Escape') {
          if (latest.current.tool.type !== 'select') setTool({ type: 'select' });
          else select([]);
          done = true;
        } else if (e.key === 'Delete' || e.key === 'Backspace') done = run('delete');
        else if (key === 'r' && !e.shiftKey && latest.current.tool.type === 'select') done = run('rotate');
        else if (key === 'r' && e.shiftKey && latest.current.tool.type === 'select' && latest.current.selection.some((p) => /\/(units\/\d+|leader)$/.test(p))) done = run('rotate-back');
        else if (e.key === ']') done = run('forward');
        else if (e.key === '[') done = run('backward');
        else if (key === 's' && !e.shiftKey) done = run('snap');
        else if (key === 'g' && !e.shiftKey) {
          setShowGrid((g) => !g);
          done = true;
        } else {
          const t = toolForKey(e.key, e.shiftKey, areaMode, areaKind, gridded);
          if (t) {
            setTool(t.type === 'zone' ? { type: 'zone', mode: zoneMode === 'cells' || zoneMode === 'erase' ? (gridded ? zoneMode : 'edge') : zoneMode } : t);
            done = true;
          }
        }
      }
      if (done) e.preventDefault();
    };
    // The Electron menu's Copy and Paste (roles) arrive as clipboard events rather than keys.
    const onClipboard = (e: ClipboardEvent) => {
      if (isEditable(e.target) || (e.target instanceof HTMLElement && e.target.closest('[role="dialog"]'))) return;
      if (e.type !== 'paste' && hasTextSelection()) return;
      if (run(e.type as 'copy' | 'cut' | 'paste')) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('copy', onClipboard);
    document.addEventListener('cut', onClipboard);
    document.addEventListener('paste', onClipboard);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('copy', onClipboard);
      document.removeEventListener('cut', onClipboard);
      document.removeEventListener('paste', onClipboard);
    };
  }, [props.active, run, select, areaMode, areaKind, zoneMode, gridded]);

  // ---- Units dropped on the map ---------------------------------------------------------------------------------

  const onDropUnit = (pointer: string, at: Point, target: string | null) => {
    const m = /^\/sides\/(\d+)\//.exec(pointer);
    if (!m) return;
    const sideIndex = Number(m[1]);
    const t = target ? targetOf(scenario, target) : null;
    if (t?.type === 'entry' && t.side === sideIndex) {
      apply(joinReinforcement(scenario, pointer, target!));
      return;
    }
    if (at[0] < 0 || at[1] < 0 || at[0] > scenario.table.width || at[1] > scenario.table.height) {
      props.onMessage('Drop units on the table.');
      return;
    }
    const node = targetOf(scenario, pointer);
    const facing = node && (node.type === 'unit' || node.type === 'leader') && typeof node.setup?.facing === 'number' ? node.setup.facing : defaultFacing(scenario, sideIndex, at);
    apply(placeUnit(scenario, pointer, at, facing));
  };

  // A short window fits the palette in four columns rather than make it scroll; three leave the map more width, so
  // they come back once the palette is tall enough for them.
  useLayoutEffect(() => {
    const el = paletteRef.current;
    if (!el) return;
    const check = () => {
      if (paletteColumns === 3) {
        threeColumnHeight.current = el.scrollHeight;
        if (el.scrollHeight > el.clientHeight + 1) setPaletteColumns(4);
      } else if (el.clientHeight >= threeColumnHeight.current) setPaletteColumns(3);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [paletteColumns, gridded]);

  // ---- Rendering ------------------------------------------------------------------------------------------------

  const currentId = toolId(tool);
  const hint = tool.type === 'select' && cornerEditing
    ? 'Drag a corner to move it · drag an edge\'s dot to add one · Alt-click or Delete removes a corner · Esc ends'
    : toolHint(tool, drafting);
  const zoneActive = tool.type === 'zone';
  const sides = Array.isArray(scenario.sides) ? scenario.sides : [];
  const sideColor = (i: number) => sides[i]?.color ?? SCREEN_STYLE.unit.sideColors[i === 0 ? 0 : 1];

  const palette = (
    <Box
      ref={paletteRef}
      data-testid="map-palette"
      data-columns={paletteColumns}
      sx={{ width: paletteColumns * 34 + 7, boxSizing: 'border-box', flex: 'none', borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowX: 'hidden', overflowY: 'auto', scrollbarWidth: 'thin', p: 0.5, display: 'grid', gridTemplateColumns: `repeat(${paletteColumns}, 32px)`, gridAutoRows: 'min-content', columnGap: '2px', rowGap: '2px', alignContent: 'start' }}
    >
      <PaletteButton id="select" title="Select and edit (V)" active={tool.type === 'select'} onClick={() => setTool({ type: 'select' })}>
        <GlyphIcon glyph="select" />
      </PaletteButton>
      <Section title="Areas">
        {AREA_TOOLS.map((a) => {
          const mode = areaMode;
          return (
            <PaletteButton key={a.kind} id={`${a.kind}-${mode}`} extra={{ 'data-kind': a.kind }} title={`${a.label} (${formatShortcut(a.shortcut)})`} active={tool.type === 'area' && tool.kind === a.kind} onClick={() => setTool({ type: 'area', kind: a.kind, mode })}>
              <AreaIcon kind={a.kind} />
            </PaletteButton>
          );
        })}
      </Section>
      <Section title={zoneActive ? 'Zone shape' : 'Area shape'}>
        {zoneActive
          ? ZONE_MODES.map((z) => (
              <PaletteButton key={z.mode} extra={{ 'data-shape': z.mode }} title={z.label} active={tool.type === 'zone' && tool.mode === z.mode} disabled={!!z.gridOnly && !gridded} onClick={() => setTool({ type: 'zone', mode: z.mode })}>
                <ShapeIcon mode={z.mode} />
              </PaletteButton>
            ))
          : SHAPE_MODES.map((m) => (
              <PaletteButton
                key={m.mode}
                extra={{ 'data-shape': m.mode }}
                title={`${m.label} (${formatShortcut(m.shortcut)})${m.gridOnly && !gridded ? ' — needs a gridded map' : ''}`}
                active={areaMode === m.mode && tool.type === 'area'}
                disabled={!!m.gridOnly && !gridded}
                onClick={() => setTool({ type: 'area', kind: areaKind, mode: m.mode })}
              >
                <ShapeIcon mode={m.mode} />
              </PaletteButton>
            ))}
      </Section>
      <Section title="Lines">
        {LINE_TOOLS.map((l) => (
          <PaletteButton key={l.kind} id={l.kind} title={`${l.label}: click the points, double-click to end (${formatShortcut(l.shortcut)})`} active={tool.type === 'line' && tool.kind === l.kind} onClick={() => setTool({ type: 'line', kind: l.kind })}>
            <LineIcon kind={l.kind} />
          </PaletteButton>
        ))}
      </Section>
      <Section title="Points">
        {POINT_TOOLS.map((p) => (
          <PaletteButton key={toolId(p.tool)} id={toolId(p.tool)} title={`${p.label} (${formatShortcut(p.shortcut)})`} active={currentId === toolId(p.tool)} onClick={() => setTool(p.tool)}>
            <GlyphIcon glyph={toolId(p.tool) as 'bridge' | 'ford' | 'block' | 'crest'} />
          </PaletteButton>
        ))}
      </Section>
      <Section title="Scenario">
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 0.5, mb: 0.25 }}>
          {sides.slice(0, 2).map((s, i) => (
            <Tooltip key={i} title={`Zones and entries for ${s?.name ?? `side ${i + 1}`}`} disableInteractive>
              <Box
                component="button"
                data-side={i}
                aria-pressed={side === i}
                onClick={() => setSide(i)}
                // A long side name ends in an ellipsis (the tooltip has it whole) instead of being cut mid-letter.
                sx={{ flex: 1, minWidth: 0, height: 20, fontSize: 10, border: 2, borderColor: side === i ? '#222' : 'transparent', borderRadius: 1, bgcolor: sideColor(i), color: inkFor(sideColor(i)), cursor: 'pointer', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', px: 0.5, py: 0 }}
              >
                {s?.name ?? `Side ${i + 1}`}
              </Box>
            </Tooltip>
          ))}
        </Box>
        {SCENARIO_TOOLS.map((p) => {
          const t: Tool = p.tool.type === 'zone' ? { type: 'zone', mode: zoneMode } : p.tool;
          const glyph = p.tool.type === 'zone' ? 'zone' : p.tool.type === 'objective' ? 'objective' : toolId(p.tool);
          return (
            <PaletteButton key={toolId(p.tool)} id={toolId(t)} title={`${p.label} (${formatShortcut(p.shortcut)})`} active={p.tool.type === 'zone' ? zoneActive : currentId === toolId(p.tool)} onClick={() => setTool(t)}>
              <GlyphIcon glyph={glyph as 'zone' | 'entry-edge' | 'entry-point' | 'objective'} />
            </PaletteButton>
          );
        })}
      </Section>
      <Section title="Arrange">
        <PaletteButton extra={{ 'data-command': 'send-backward' }} title="Send backward, behind the previous feature of its kind ([)" active={false} disabled={!primary?.startsWith('/terrain/')} onClick={() => run('backward')}>
          <ArrangeIcon glyph="backward" />
        </PaletteButton>
        <PaletteButton extra={{ 'data-command': 'bring-forward' }} title="Bring forward, over the next feature of its kind (])" active={false} disabled={!primary?.startsWith('/terrain/')} onClick={() => run('forward')}>
          <ArrangeIcon glyph="forward" />
        </PaletteButton>
        <PaletteButton extra={{ 'data-command': 'duplicate' }} title="Duplicate (Ctrl+D)" active={false} disabled={!selection.some((p) => p.startsWith('/terrain/'))} onClick={() => run('duplicate')}>
          <ArrangeIcon glyph="duplicate" />
        </PaletteButton>
        <PaletteButton extra={{ 'data-command': 'delete' }} title="Delete (Delete): units only leave the map" active={false} disabled={selection.length === 0} onClick={() => run('delete')}>
          <ArrangeIcon glyph="delete" />
        </PaletteButton>
      </Section>
    </Box>
  );

  const viewBar = (
    // A map squeezed narrow wraps its view bar onto a second line rather than cut a control off.
    <Box data-testid="map-viewbar" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, px: 1, py: '3px', minHeight: 34, boxSizing: 'border-box', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', flex: 'none', '& > *': { flex: 'none' } }}>
      <Tooltip title="Zoom out (−)" disableInteractive><IconButton size="small" onClick={() => run('zoomOut')} data-testid="zoom-out">−</IconButton></Tooltip>
      <ZoomLevel feed={zoomFeed} />
      <Tooltip title="Zoom in (+)" disableInteractive><IconButton size="small" onClick={() => run('zoomIn')} data-testid="zoom-in">+</IconButton></Tooltip>
      <Tooltip title="Fit the table (0)" disableInteractive><Button size="small" onClick={() => run('fit')} data-testid="zoom-fit" sx={{ minWidth: 0 }}>Fit</Button></Tooltip>
      <Tooltip title="Actual size (1)" disableInteractive><Button size="small" onClick={() => run('actual')} data-testid="zoom-100" sx={{ minWidth: 0, whiteSpace: 'nowrap' }}>1:1</Button></Tooltip>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tooltip title="Grid lines (G)" disableInteractive>
        <ToggleButton size="small" value="grid" selected={showGrid} onChange={() => setShowGrid((g) => !g)} sx={{ py: 0, px: 1, fontSize: 11 }} data-testid="toggle-grid">Grid</ToggleButton>
      </Tooltip>
      <Tooltip title="Cell labels (A1, B2…)" disableInteractive>
        <ToggleButton size="small" value="labels" selected={settings.showCellLabels} onChange={() => props.onSettings({ ...settings, showCellLabels: !settings.showCellLabels })} sx={{ py: 0, px: 1, fontSize: 11 }} data-testid="toggle-labels">Labels</ToggleButton>
      </Tooltip>
      {gridded && (
        <Tooltip title="What the engine sees: each cell tinted by the terrain the rules count it as" disableInteractive>
          <ToggleButton size="small" value="engine" selected={engineView} onChange={() => setEngineView((v) => !v)} sx={{ py: 0, px: 1, fontSize: 11, whiteSpace: 'nowrap' }} data-testid="toggle-engine">Engine</ToggleButton>
        </Tooltip>
      )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tooltip title="Snap points to (S toggles)" disableInteractive placement="top">
        <Select size="small" value={snapChoice === 'grid' && !gridded ? '1' : snapChoice} onChange={(e) => setSnapChoice(e.target.value)} data-testid="snap" sx={{ fontSize: 12, height: 26, '& .MuiSelect-select': { py: 0.25 } }}>
          <MenuItem value="off">No snap</MenuItem>
          <MenuItem value="0.5">Snap ½"</MenuItem>
          <MenuItem value="1">Snap 1"</MenuItem>
          <MenuItem value="2">Snap 2"</MenuItem>
          {gridded && <MenuItem value="grid">Snap to cells</MenuItem>}
        </Select>
      </Tooltip>
    </Box>
  );

  const status = (
    <Box data-testid="map-status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, height: 24, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', fontSize: 12, flex: 'none', whiteSpace: 'nowrap', overflow: 'hidden' }}>
      <Box component="span" ref={coords} data-testid="map-coords" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 150, color: 'text.secondary' }}>—</Box>
      <Box component="span" sx={{ color: 'text.secondary' }}>{selection.length > 1 ? `${selection.length} selected` : ''}</Box>
      <Box component="span" data-testid="map-hint" title={hint} sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{hint}</Box>
    </Box>
  );

  return (
    <Box data-testid="map-editor" data-active-tool={currentId} sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      {palette}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {viewBar}
        <SizedBox sx={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'hidden' }}>
          {(size) => (
            <MapView
              scenario={scenario}
              selection={selection}
              tool={tool}
              side={side}
              snap={snap}
              hidden={hidden}
              locked={locked}
              showGrid={showGrid}
              showCellLabels={settings.showCellLabels}
              engineView={engineView && gridded}
              units={settings.units}
              width={size.width}
              height={size.height}
              fitKey={props.fitKey}
              focus={props.focus}
              onSelect={select}
              onEdit={apply}
              onDropUnit={onDropUnit}
              onMessage={(text) => props.onMessage(text, 'info')}
              onPointer={(at, cell) => {
                const el = coords.current;
                if (!el) return;
                el.textContent = at ? `${formatLength(at[0], settings.units)}, ${formatLength(at[1], settings.units)}${cell ? ` · ${cell}` : ''}` : '—';
              }}
              onZoom={zoomFeed.set}
              onDrafting={setDrafting}
              onCornerEditing={setCornerEditing}
              onToolDone={() => setTool({ type: 'select' })}
              handle={handle}
            />
          )}
        </SizedBox>
        {status}
      </Box>
      <PanelSeparator control={unitsPanel} />
      <SidePanel
        control={unitsPanel}
        edge="right"
        header={
          <Tabs value={panel} onChange={(_e, v: 'units' | 'layers') => setPanel(v)} variant="fullWidth" sx={{ flex: 1, minWidth: 0, minHeight: 31, '& .MuiTab-root': { minHeight: 31, py: 0, px: 0.5, fontSize: 12, minWidth: 0 } }}>
            <Tab value="units" label="Units" data-testid="panel-units" />
            <Tab value="layers" label="Layers" data-testid="panel-layers" />
          </Tabs>
        }
      >
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
          {panel === 'units' ? (
            <UnitList scenario={scenario} selection={selection} onSelect={(p) => select([p])} sideColor={sideColor} />
          ) : (
            <LayersPanel hidden={hidden} locked={locked} onHidden={setHidden} onLocked={setLocked} />
          )}
        </Box>
      </SidePanel>
    </Box>
  );
}

/** The zoom as it changes, kept outside React state so a wheel turn re-renders the readout alone. */
class ZoomFeed {
  private scale = 1;
  private readonly listeners = new Set<() => void>();
  readonly set = (scale: number): void => {
    this.scale = scale;
    for (const l of this.listeners) l();
  };
  readonly get = (): number => this.scale;
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

function ZoomLevel({ feed }: { feed: ZoomFeed }) {
  const scale = useSyncExternalStore(feed.subscribe, feed.get);
  return <Typography variant="caption" data-testid="zoom-level" sx={{ minWidth: 36, textAlign: 'center', whiteSpace: 'nowrap' }}>{Math.round((scale / ACTUAL_SCALE) * 100)}%</Typography>;
}

function UnitList(props: { scenario: Scenario; selection: string[]; onSelect: (pointer: string) => void; sideColor: (i: number) => string }) {
  const rows = useMemo(() => unitRows(props.scenario), [props.scenario]);
  const sides = Array.isArray(props.scenario.sides) ? props.scenario.sides : [];
  const item = (r: UnitRow) => (
    <Box
      key={r.pointer}
      draggable
      data-unit-pointer={r.pointer}
      data-placed={r.placed}
      onDragStart={(e) => {
        e.dataTransfer.setData(UNIT_DRAG_TYPE, r.pointer);
        e.dataTransfer.setData('text/plain', r.name);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => props.onSelect(r.pointer)}
      title={`${r.name}: ${r.placed ? 'on the map; drag it to move it there, or drag it here again to place it anew' : 'drag onto the map to place it'}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1,
        py: 0.25,
        cursor: 'grab',
        fontSize: 12,
        opacity: r.placed ? 0.55 : 1,
        bgcolor: props.selection.includes(r.pointer) ? 'rgba(25, 118, 210, 0.12)' : 'transparent',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ width: 14, height: 9, flex: 'none', bgcolor: props.sideColor(r.side), border: '1px solid #222', borderRadius: r.leader ? '50%' : 0 }} />
      <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>{r.name}</Box>
      <Box sx={{ color: 'text.secondary', fontSize: 10, flex: 'none' }}>{r.arrives ? r.arrives : r.leader ? '★' : r.type}</Box>
    </Box>
  );
  return (
    <Box data-testid="unit-list" sx={{ overflow: 'auto', flex: 1, minHeight: 0 }}>
      {sides.map((s, i) => {
        const mine = rows.filter((r) => r.side === i);
        const unplaced = mine.filter((r) => !r.placed && !r.arrives);
        const later = mine.filter((r) => !r.placed && r.arrives);
        const placed = mine.filter((r) => r.placed);
        return (
          <Box key={i} data-side-units={i}>
            <Typography variant="caption" sx={{ display: 'block', px: 1, pt: 0.75, fontWeight: 600, color: props.sideColor(i) }}>
              {s?.name ?? `Side ${i + 1}`} · {unplaced.length} to place
            </Typography>
            {mine.length === 0 && <Typography variant="caption" sx={{ display: 'block', px: 1, color: 'text.secondary' }}>No units yet (add them in Forces).</Typography>}
            {unplaced.map(item)}
            {later.length > 0 && <Typography variant="caption" sx={{ display: 'block', px: 1, color: 'text.secondary', fontSize: 10 }}>Arriving later</Typography>}
            {later.map(item)}
            {placed.length > 0 && <Typography variant="caption" sx={{ display: 'block', px: 1, color: 'text.secondary', fontSize: 10 }}>On the map</Typography>}
            {placed.map(item)}
          </Box>
        );
      })}
    </Box>
  );
}

function LayersPanel(props: { hidden: ReadonlySet<LayerKey>; locked: ReadonlySet<LayerKey>; onHidden: (s: ReadonlySet<LayerKey>) => void; onLocked: (s: ReadonlySet<LayerKey>) => void }) {
  const toggle = (set: ReadonlySet<LayerKey>, key: LayerKey): ReadonlySet<LayerKey> => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };
  return (
    <Box data-testid="layers-panel" sx={{ overflow: 'auto', flex: 1, minHeight: 0, pb: 1 }}>
      <Typography variant="caption" sx={{ display: 'block', px: 1, pt: 0.5, color: 'text.secondary', fontSize: 10 }}>
        View only: not saved in the file.
      </Typography>
      {LAYER_GROUPS.map((g) => (
        <Box key={g.title}>
          <Typography variant="overline" sx={{ display: 'block', px: 1, fontSize: 9, lineHeight: '18px', color: 'text.secondary' }}>{g.title}</Typography>
          {g.layers.map((l) => {
            const isHidden = props.hidden.has(l.key);
            const isLocked = props.locked.has(l.key);
            return (
              <Box key={l.key} data-layer={l.key} sx={{ display: 'flex', alignItems: 'center', px: 0.5, fontSize: 12, opacity: isHidden ? 0.5 : 1 }}>
                <Tooltip title={isHidden ? 'Show' : 'Hide'} disableInteractive>
                  <IconButton size="small" onClick={() => props.onHidden(toggle(props.hidden, l.key))} data-action="hide" aria-pressed={isHidden} sx={{ width: 22, height: 22, fontSize: 12 }}>
                    <EyeIcon open={!isHidden} />
                  </IconButton>
                </Tooltip>
                <Tooltip title={isLocked ? 'Unlock' : 'Lock: shown but not selectable'} disableInteractive>
                  <IconButton size="small" onClick={() => props.onLocked(toggle(props.locked, l.key))} data-action="lock" aria-pressed={isLocked} sx={{ width: 22, height: 22, fontSize: 11 }}>
                    <LockIcon closed={isLocked} />
                  </IconButton>
                </Tooltip>
                <Box component="span" sx={{ ml: 0.5 }}>{l.label}</Box>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
