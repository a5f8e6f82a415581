// The map editor's tools and commands, in one registry (architecture.md, "a registry holds each command's label and
// shortcut"): the palette, its tooltips, the keyboard handler and the status strip's hints all read from here.
import type { AreaKind, FeatureKind, LineKind } from '../../domain/model.js';

export type AreaShapeMode = 'polygon' | 'rect' | 'ellipse' | 'cells' | 'erase';
export type ZoneMode = 'edge' | 'polygon' | 'rect' | 'cells' | 'erase';

export type Tool =
  | { type: 'select' }
  | { type: 'area'; kind: AreaKind; mode: AreaShapeMode }
  | { type: 'line'; kind: LineKind }
  | { type: 'crossing'; kind: 'bridge' | 'ford' }
  | { type: 'block' }
  | { type: 'crest' }
  | { type: 'zone'; mode: ZoneMode }
  | { type: 'entry'; mode: 'edge' | 'point' }
  | { type: 'objective' };

/** Stable names for tools, used by data attributes, shortcuts and tests: `woods-polygon`, `river`, `zone-edge`. */
export function toolId(tool: Tool): string {
  switch (tool.type) {
    case 'select':
    case 'block':
    case 'crest':
    case 'objective':
      return tool.type;
    case 'area':
      return `${tool.kind}-${tool.mode}`;
    case 'line':
    case 'crossing':
      return tool.kind;
    case 'zone':
      return `zone-${tool.mode}`;
    case 'entry':
      return `entry-${tool.mode}`;
  }
}

export interface Shortcut {
  key: string;
  shift?: boolean;
}

export const formatShortcut = (s: Shortcut | undefined): string => (s ? `${s.shift ? 'Shift+' : ''}${s.key.toUpperCase()}` : '');

export interface KindSpec<K> {
  kind: K;
  label: string;
  shortcut: Shortcut;
}

export const AREA_TOOLS: KindSpec<AreaKind>[] = [
  { kind: 'woods', label: 'Woods', shortcut: { key: 'w' } },
  { kind: 'hill', label: 'Hill (drawn inside another hill, it is the next level up)', shortcut: { key: 'h' } },
  { kind: 'town', label: 'Town', shortcut: { key: 't' } },
  { kind: 'lake', label: 'Lake', shortcut: { key: 'l' } },
  { kind: 'marsh', label: 'Marsh', shortcut: { key: 'm' } },
  { kind: 'fields', label: 'Fields', shortcut: { key: 'f' } },
  { kind: 'fortification', label: 'Fortification', shortcut: { key: 'k' } },
  { kind: 'soft-ground', label: 'Soft ground: mud or sand, half movement', shortcut: { key: 'm', shift: true } },
];

export const SHAPE_MODES: { mode: AreaShapeMode; label: string; shortcut: Shortcut; gridOnly?: boolean }[] = [
  { mode: 'polygon', label: 'Polygon: click the corners, double-click or Enter to close', shortcut: { key: 'p' } },
  { mode: 'rect', label: 'Rectangle: drag corner to corner (Shift for a square)', shortcut: { key: 'u' } },
  { mode: 'ellipse', label: 'Ellipse: drag across it (Shift for a circle)', shortcut: { key: 'e' } },
  { mode: 'cells', label: 'Paint cells: click or drag over grid cells', shortcut: { key: 'c' }, gridOnly: true },
  { mode: 'erase', label: 'Erase cells: click or drag to take cells out', shortcut: { key: 'x' }, gridOnly: true },
];

export const LINE_TOOLS: KindSpec<LineKind>[] = [
  { kind: 'river', label: 'River', shortcut: { key: 'r', shift: true } },
  { kind: 'road', label: 'Road', shortcut: { key: 'd', shift: true } },
  { kind: 'track', label: 'Track', shortcut: { key: 't', shift: true } },
  { kind: 'wall', label: 'Wall', shortcut: { key: 'w', shift: true } },
  { kind: 'hedge', label: 'Hedge', shortcut: { key: 'h', shift: true } },
];

export interface PointToolSpec {
  tool: Tool;
  label: string;
  shortcut: Shortcut;
  kind?: FeatureKind;
}

export const POINT_TOOLS: PointToolSpec[] = [
  { tool: { type: 'crossing', kind: 'bridge' }, label: 'Bridge: snaps onto the nearest river', shortcut: { key: 'b' }, kind: 'bridge' },
  { tool: { type: 'crossing', kind: 'ford' }, label: 'Ford: snaps onto the nearest river', shortcut: { key: 'f', shift: true }, kind: 'ford' },
  { tool: { type: 'block' }, label: 'Building block: 4" squares on a 4" lattice; inside a town they join it', shortcut: { key: 'b', shift: true }, kind: 'building-block' },
  { tool: { type: 'crest' }, label: 'Crest line of a hill: click the hill, then the points', shortcut: { key: 'c', shift: true } },
];

export const ZONE_MODES: { mode: ZoneMode; label: string; gridOnly?: boolean }[] = [
  { mode: 'edge', label: 'From a table edge: drag inwards to the depth' },
  { mode: 'polygon', label: 'Polygon: click the corners' },
  { mode: 'rect', label: 'Rectangle: drag corner to corner' },
  { mode: 'cells', label: 'Paint cells', gridOnly: true },
  { mode: 'erase', label: 'Erase cells', gridOnly: true },
];

export const SCENARIO_TOOLS: PointToolSpec[] = [
  { tool: { type: 'zone', mode: 'edge' }, label: 'Deployment zone of the chosen side', shortcut: { key: 'z' } },
  { tool: { type: 'entry', mode: 'edge' }, label: 'Reinforcements along a whole edge', shortcut: { key: 'n' } },
  { tool: { type: 'entry', mode: 'point' }, label: 'Reinforcements at a point of an edge', shortcut: { key: 'n', shift: true } },
  { tool: { type: 'objective' }, label: 'Objective: click a feature, or a point (3" radius)', shortcut: { key: 'o' } },
];

/** The objective and zone tools place one thing and give way to Select; Shift keeps them, as in most editors. */
export const ONE_OFF_HINT = 'hold Shift to place more';

/** What the status strip says while a tool is active. */
export function toolHint(tool: Tool, drafting: boolean): string {
  switch (tool.type) {
    case 'select':
      return 'Click or box to select (Shift adds) · drag to move · double-click a shape to edit its corners · R turns units · Space-drag pans';
    case 'area':
      if (tool.mode === 'polygon') return drafting ? 'Click to add corners · double-click, Enter or click the first corner to close · Backspace undoes a corner · Esc cancels' : 'Click the first corner';
      if (tool.mode === 'rect' || tool.mode === 'ellipse') return 'Drag to draw · Shift keeps it square · Esc cancels';
      return tool.mode === 'cells' ? 'Click or drag over cells to paint them (into the selected area of this kind, or a new one)' : 'Click or drag over cells to erase them';
    case 'line':
      return drafting ? 'Click to add points · double-click or Enter to finish · Backspace undoes a point · Esc cancels' : 'Click the first point (start on the table edge for a river or road that runs off it)';
    case 'crossing':
      return 'Click near a river: the crossing snaps onto it';
    case 'block':
      return 'Click or drag to lay 4" blocks on the 4" lattice; blocks inside a town join it';
    case 'crest':
      return drafting ? 'Click along the hill top · double-click or Enter to finish' : 'Click a hill, then click its crest points';
    case 'zone': {
      const how =
        tool.mode === 'edge'
          ? 'Press near a table edge and drag inwards to set the zone depth'
          : tool.mode === 'polygon'
            ? drafting
              ? 'Click to add corners · double-click or Enter to close'
              : 'Click the first corner of the zone'
            : tool.mode === 'rect'
              ? 'Drag to draw the zone'
              : tool.mode === 'cells'
                ? 'Click or drag over cells to add them to the zone'
                : 'Click or drag over cells to take them out of the zone';
      return `${how} · ${ONE_OFF_HINT}`;
    }
    case 'entry':
      return tool.mode === 'edge' ? 'Click near an edge: reinforcements arrive along it' : 'Click near an edge: reinforcements arrive at that point';
    case 'objective':
      return `Click a feature, or an open spot for a 3" objective · ${ONE_OFF_HINT}`;
  }
}

/** Map commands with their keys, for the shortcut handler and the help tooltip. */
export const MAP_COMMANDS = {
  delete: { label: 'Delete', keys: 'Delete' },
  copy: { label: 'Copy', keys: 'Ctrl+C' },
  cut: { label: 'Cut', keys: 'Ctrl+X' },
  paste: { label: 'Paste', keys: 'Ctrl+V' },
  duplicate: { label: 'Duplicate', keys: 'Ctrl+D' },
  forward: { label: 'Bring forward', keys: ']' },
  backward: { label: 'Send backward', keys: '[' },
  rotate: { label: 'Turn unit', keys: 'R (Shift+R back)' },
  zoomIn: { label: 'Zoom in', keys: '+' },
  zoomOut: { label: 'Zoom out', keys: '−' },
  fit: { label: 'Fit the table', keys: '0' },
  actual: { label: 'Actual size (100 %)', keys: '1' },
  snap: { label: 'Snap', keys: 'S' },
} as const;
export type MapCommand = keyof typeof MAP_COMMANDS;

/** Which tool a key press picks, or null. */
export function toolForKey(key: string, shift: boolean, areaMode: AreaShapeMode, areaKind: AreaKind, gridded: boolean): Tool | null {
  const k = key.toLowerCase();
  const match = (s: Shortcut) => s.key === k && !!s.shift === shift;
  if (k === 'v' && !shift) return { type: 'select' };
  for (const a of AREA_TOOLS) if (match(a.shortcut)) return { type: 'area', kind: a.kind, mode: areaMode === 'cells' || areaMode === 'erase' ? (gridded ? areaMode : 'polygon') : areaMode };
  for (const s of SHAPE_MODES) if (match(s.shortcut) && (!s.gridOnly || gridded)) return { type: 'area', kind: areaKind, mode: s.mode };
  for (const l of LINE_TOOLS) if (match(l.shortcut)) return { type: 'line', kind: l.kind };
  for (const p of [...POINT_TOOLS, ...SCENARIO_TOOLS]) if (match(p.shortcut)) return p.tool;
  return null;
}
