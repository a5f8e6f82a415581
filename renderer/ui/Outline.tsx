// The document as a tree: the scenario, its sides and orders of battle, its terrain and objectives.
import { Box, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import type { DragEvent } from 'react';
import { walkForces } from '../../domain/forces.js';
import type { AdcDocument, Formation } from '../../domain/model.js';
import { isScenario } from '../../domain/model.js';
import { UNIT_DRAG_TYPE, isPlaceablePointer } from '../map/dnd.js';
import { profileFor } from '../../domain/rule-systems/registry.js';

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

export function Outline(props: { doc: AdcDocument; selected: string | null; selection?: string[]; onSelect(pointer: string): void }) {
  const { doc } = props;
  const groups: { title: string; rows: Row[] }[] = [];
  if (isScenario(doc)) {
    groups.push({ title: 'Scenario', rows: [{ pointer: '', label: doc.title || 'Untitled', detail: profileFor(doc.ruleSystem)?.title ?? doc.ruleSystem, depth: 0 }] });
    (Array.isArray(doc.sides) ? doc.sides : []).forEach((side, i) => {
      if (!side || typeof side !== 'object') return;
      groups.push({
        title: `Side: ${side.name ?? side.id}`,
        rows: [{ pointer: `/sides/${i}`, label: side.name ?? side.id, detail: side.nation, depth: 0 }, ...forceRows(side.army, `/sides/${i}/army`, 1)],
      });
    });
    groups.push({
      title: 'Terrain',
      rows: (Array.isArray(doc.terrain) ? doc.terrain : []).map((f, i) => ({ pointer: `/terrain/${i}`, label: f?.name ?? f?.id ?? '?', detail: f?.kind, depth: 0 })),
    });
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
            <ListItemButton
              key={r.pointer || 'doc'}
              selected={props.selected === r.pointer || !!props.selection?.includes(r.pointer) || (r.pointer === '' && props.selected === null)}
              // Units and leaders can be dragged from here onto the map to place them.
              {...(isScenario(doc) && isPlaceablePointer(r.pointer)
                ? {
                    draggable: true,
                    onDragStart: (e: DragEvent) => {
                      e.dataTransfer.setData(UNIT_DRAG_TYPE, r.pointer);
                      e.dataTransfer.setData('text/plain', r.label);
                      e.dataTransfer.effectAllowed = 'move';
                    },
                  }
                : {})}
              onClick={() => props.onSelect(r.pointer)}
              sx={{ pl: 1.5 + r.depth * 1.5, py: 0 }}
              // A narrow outline ends long names in an ellipsis; the pointer shows them whole.
              title={r.detail ? `${r.label} · ${r.detail}` : r.label}
              data-pointer={r.pointer}
            >
              <ListItemText primary={r.label} secondary={r.detail} slotProps={{ primary: { variant: 'body2', noWrap: true }, secondary: { variant: 'caption', noWrap: true } }} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Box>
  );
}
