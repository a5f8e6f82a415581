// The document as a tree: the scenario, its sides and orders of battle, its terrain and objectives.
import { Box, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { memo, useCallback, useMemo, useRef, type DragEvent } from 'react';
import { walkForces } from '../../domain/forces.js';
import type { AdcDocument, Formation } from '../../domain/model.js';
import { isScenario } from '../../domain/model.js';
import { UNIT_DRAG_TYPE, isPlaceablePointer } from '../map/dnd.js';
import { profileFor } from '../../domain/rule-systems/registry.js';
import { useLatest } from './use-latest.js';

interface Row {
  pointer: string;
  label: string;
  detail?: string;
  depth: number;
}

function forceRows(army: Formation | undefined, base: string, depth: number): Row[] {
  if (!army || typeof army !== 'object') return [];
  const rows: Row[] = [];
  for (const n of walkForces(army, base)) {
    const level = depth + (n.path.slice(base.length).match(/\/formations\//g)?.length ?? 0);
    if (n.kind === 'formation') rows.push({ pointer: n.path, label: n.node.name ?? n.node.id, detail: n.node.echelon, depth: level });
    else if (n.kind === 'leader') rows.push({ pointer: n.path, label: `★ ${n.node.name ?? n.node.id}`, depth: level + 1 });
    else rows.push({ pointer: n.path, label: n.node.name ?? n.node.id, detail: `${n.node.arm} ${n.node.type}`, depth: level + 1 });
  }
  return rows;
}

/**
 * One row, re-rendered only when its own text, depth or selection changes: a big document has thousands of rows, and
 * re-rendering them all (MUI buttons and their styles) on every selection or edit was a 100–300 ms block, the
 * longest frame of selecting or dragging a feature on the map.
 */
const OutlineRow = memo(function OutlineRow(props: Row & { selected: boolean; draggable: boolean; onSelect: (pointer: string) => void }) {
  const { pointer, label, detail, depth, selected, draggable, onSelect } = props;
  return (
    <ListItemButton
      selected={selected}
      // Units and leaders can be dragged from here onto the map to place them.
      {...(draggable
        ? {
            draggable: true,
            onDragStart: (e: DragEvent) => {
              e.dataTransfer.setData(UNIT_DRAG_TYPE, pointer);
              e.dataTransfer.setData('text/plain', label);
              e.dataTransfer.effectAllowed = 'move';
            },
          }
        : {})}
      onClick={() => onSelect(pointer)}
      sx={{ pl: 1.5 + depth * 1.5, py: 0 }}
      // A narrow outline ends long names in an ellipsis; the pointer shows them whole.
      title={detail ? `${label} · ${detail}` : label}
      data-pointer={pointer}
    >
      <ListItemText primary={label} secondary={detail} slotProps={{ primary: { variant: 'body2', noWrap: true }, secondary: { variant: 'caption', noWrap: true } }} />
    </ListItemButton>
  );
});

export function Outline(props: { doc: AdcDocument; selected: string | null; selection?: string[]; onSelect: (pointer: string) => void }) {
  const { doc } = props;
  // The parent passes a new function on each render; the rows keep one that calls the latest.
  const onSelectRef = useRef(props.onSelect);
  useLatest(onSelectRef, props.onSelect);
  const onSelect = useCallback((pointer: string) => onSelectRef.current(pointer), []);
  const selection = useMemo(() => new Set(props.selection ?? []), [props.selection]);
  const scenario = isScenario(doc);
  // Each part's rows are kept while that part of the document is the same object: moving a feature changes the
  // terrain, not the sides' orders of battle (hundreds of units walked for nothing on every edit).
  const scenarioDoc = isScenario(doc) ? doc : null;
  const sides = scenarioDoc?.sides;
  const sideGroups = useMemo(
    () =>
      (Array.isArray(sides) ? sides : []).flatMap((side, i) =>
        !side || typeof side !== 'object'
          ? []
          : [{ title: `Side: ${side.name ?? side.id}`, rows: [{ pointer: `/sides/${i}`, label: side.name ?? side.id, detail: side.nation, depth: 0 }, ...forceRows(side.army, `/sides/${i}/army`, 1)] }],
      ),
    [sides],
  );
  const terrain = scenarioDoc?.terrain;
  const terrainRows = useMemo(
    () => (Array.isArray(terrain) ? terrain : []).map((f, i) => ({ pointer: `/terrain/${i}`, label: f?.name ?? f?.id ?? '?', detail: f?.kind, depth: 0 })),
    [terrain],
  );
  const groups: { title: string; rows: Row[] }[] = [];
  if (isScenario(doc)) {
    groups.push({ title: 'Scenario', rows: [{ pointer: '', label: doc.title || 'Untitled', detail: profileFor(doc.ruleSystem)?.title ?? doc.ruleSystem, depth: 0 }] });
    groups.push(...sideGroups);
    groups.push({ title: 'Terrain', rows: terrainRows });
    groups.push({
      title: 'Objectives',
      rows: (Array.isArray(doc.objectives) ? doc.objectives : []).map((o, i) => ({ pointer: `/objectives/${i}`, label: o?.name ?? o?.id ?? '?', detail: o?.vp !== undefined ? `${o.vp} VP` : undefined, depth: 0 })),
    });
  } else {
    groups.push({ title: 'Army list', rows: [{ pointer: '', label: doc.name || 'Untitled', detail: doc.nation, depth: 0 }, ...forceRows(doc.army, '/army', 1)] });
  }
  return (
    <Box data-testid="outline" sx={{ overflow: 'auto', height: '100%' }}>
      {groups.map((g) => (
        <List key={g.title} dense disablePadding subheader={<ListSubheader sx={{ lineHeight: '28px', bgcolor: 'background.default' }}>{g.title}</ListSubheader>}>
          {g.rows.length === 0 && <ListItemText sx={{ pl: 2, color: 'text.secondary' }} secondary="None yet" />}
          {g.rows.map((r) => (
            <OutlineRow
              key={r.pointer || 'doc'}
              pointer={r.pointer}
              label={r.label}
              detail={r.detail}
              depth={r.depth}
              selected={props.selected === r.pointer || selection.has(r.pointer) || (r.pointer === '' && props.selected === null)}
              draggable={scenario && isPlaceablePointer(r.pointer)}
              onSelect={onSelect}
            />
          ))}
        </List>
      ))}
    </Box>
  );
}
