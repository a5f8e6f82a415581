// Small SVG pictures for the map palette, drawn in the map's own colours so each button looks like what it draws.
import type { ReactNode } from 'react';
import { SCREEN_STYLE as S } from '../../domain/map/styles.js';
import type { AreaKind, LineKind } from '../../domain/model.js';
import type { AreaShapeMode, ZoneMode } from './tools.js';

const BLOB = 'M4 6 Q9 1 15 4 Q20 8 17 14 Q13 19 7 17 Q1 13 4 6 Z';

function Svg(props: { children: ReactNode }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" style={{ display: 'block' }}>
      {props.children}
    </svg>
  );
}

export function AreaIcon({ kind }: { kind: AreaKind }) {
  const look = {
    woods: { fill: S.woods.light.fill, stroke: S.woods.light.stroke },
    hill: { fill: S.hill.levels[0], stroke: S.hill.stroke },
    town: S.town,
    lake: S.lake,
    marsh: S.marsh,
    fields: S.fields,
    fortification: { fill: S.fortification.fill, stroke: S.fortification.stroke },
    'soft-ground': S.softGround,
  }[kind];
  return (
    <Svg>
      <path d={BLOB} fill={look.fill} stroke={look.stroke} strokeWidth={1.2} />
      {kind === 'woods' && (
        <g fill={S.woods.light.tree} stroke={S.woods.light.treeStroke} strokeWidth={0.8}>
          <circle cx={8} cy={8} r={2.2} />
          <circle cx={13} cy={9} r={2.2} />
          <circle cx={10} cy={13} r={2.2} />
        </g>
      )}
      {kind === 'hill' && <path d="M7 9 Q10 6 13 9 Q14 12 10 13 Q6 12 7 9 Z" fill={S.hill.levels[1]} stroke={S.hill.stroke} strokeWidth={0.9} />}
      {kind === 'town' && (
        <g fill={S.block.brick} stroke={S.block.stroke} strokeWidth={0.7}>
          <rect x={6} y={6} width={4} height={4} />
          <rect x={10.5} y={8} width={4} height={4} />
          <rect x={7} y={11} width={4} height={4} />
        </g>
      )}
      {kind === 'marsh' && <path d="M7 12 h4 M9 12 v-3 M8 12 l-1.5 -2 M10 12 l1.5 -2" stroke={S.marsh.mark} strokeWidth={1} fill="none" />}
      {kind === 'fields' && <path d="M5 8 L16 6 M5 11 L17 9 M6 14 L16 12" stroke={S.fields.furrow} strokeWidth={1} fill="none" />}
      {kind === 'fortification' && <path d="M5 6 l2 -2 l2 2 M10 4 l2 -2 l2 2" stroke={S.fortification.stroke} strokeWidth={1.2} fill="none" />}
    </Svg>
  );
}

export function ShapeIcon({ mode }: { mode: AreaShapeMode | ZoneMode }) {
  const ink = '#37352e';
  return (
    <Svg>
      {mode === 'polygon' && (
        <>
          <path d="M3 14 L6 4 L15 3 L17 12 L9 17 Z" fill="none" stroke={ink} strokeWidth={1.4} />
          {[[3, 14], [6, 4], [15, 3], [17, 12], [9, 17]].map(([x, y]) => <rect key={`${x},${y}`} x={x! - 1.5} y={y! - 1.5} width={3} height={3} fill="#fff" stroke={ink} strokeWidth={0.8} />)}
        </>
      )}
      {mode === 'rect' && <rect x={3} y={5} width={14} height={10} fill="none" stroke={ink} strokeWidth={1.5} />}
      {mode === 'ellipse' && <ellipse cx={10} cy={10} rx={7.5} ry={5.5} fill="none" stroke={ink} strokeWidth={1.5} />}
      {(mode === 'cells' || mode === 'erase') && (
        <>
          <path d="M3 3 H17 V17 H3 Z M10 3 V17 M3 10 H17" fill="none" stroke={ink} strokeWidth={1} />
          {mode === 'cells' ? <rect x={3} y={3} width={7} height={7} fill="#7aa35f" /> : <path d="M4 4 L9 9 M9 4 L4 9" stroke="#b03a2e" strokeWidth={1.6} />}
        </>
      )}
      {mode === 'edge' && (
        <>
          <rect x={2} y={12} width={16} height={6} fill="none" stroke={ink} strokeWidth={1} strokeDasharray="2 1.5" />
          <path d="M2 18 H18" stroke={ink} strokeWidth={2} />
          <path d="M10 12 V5 M8 7 L10 4.5 L12 7" stroke={ink} strokeWidth={1.3} fill="none" />
        </>
      )}
    </Svg>
  );
}

export function LineIcon({ kind }: { kind: LineKind }) {
  const d = 'M2 14 Q6 4 10 10 T18 5';
  switch (kind) {
    case 'river':
      return (
        <Svg>
          <path d={d} fill="none" stroke={S.river.edge} strokeWidth={4.4} />
          <path d={d} fill="none" stroke={S.river.fill} strokeWidth={2.6} />
        </Svg>
      );
    case 'road':
      return (
        <Svg>
          <path d={d} fill="none" stroke={S.road.edge} strokeWidth={4.4} />
          <path d={d} fill="none" stroke={S.road.fill} strokeWidth={2.6} />
        </Svg>
      );
    case 'track':
      return (
        <Svg>
          <path d={d} fill="none" stroke={S.track.stroke} strokeWidth={1.8} strokeDasharray="3 2" />
        </Svg>
      );
    case 'wall':
      return (
        <Svg>
          <path d={d} fill="none" stroke={S.wall.stroke} strokeWidth={3} />
          <path d={d} fill="none" stroke={S.wall.coursing} strokeWidth={1} strokeDasharray="2 1.5" />
        </Svg>
      );
    case 'hedge':
      return (
        <Svg>
          <path d={d} fill="none" stroke={S.hedge.stroke} strokeWidth={3} strokeDasharray="0.1 3.2" strokeLinecap="round" />
        </Svg>
      );
  }
}

export function GlyphIcon({ glyph }: { glyph: 'select' | 'bridge' | 'ford' | 'block' | 'crest' | 'zone' | 'entry-edge' | 'entry-point' | 'objective' }) {
  switch (glyph) {
    case 'select':
      return (
        <Svg>
          <path d="M5 2 L5 16 L8.5 12.5 L11 18 L13 17 L10.5 11.5 L15 11.5 Z" fill="#fff" stroke="#222" strokeWidth={1.2} strokeLinejoin="round" />
        </Svg>
      );
    case 'bridge':
      return (
        <Svg>
          <path d="M10 0 V20" stroke={S.river.fill} strokeWidth={6} />
          <rect x={3} y={7.5} width={14} height={5} fill={S.bridge.fill} stroke={S.bridge.stroke} strokeWidth={1} />
        </Svg>
      );
    case 'ford':
      return (
        <Svg>
          <path d="M10 0 V20" stroke={S.river.fill} strokeWidth={6} />
          <ellipse cx={10} cy={10} rx={7} ry={3.6} fill={S.ford.fill} stroke={S.ford.stroke} strokeWidth={1.2} strokeDasharray="2 1.5" />
          {[6, 10, 14].map((cx) => <circle key={cx} cx={cx} cy={10} r={1.1} fill={S.ford.stone} />)}
        </Svg>
      );
    case 'block':
      return (
        <Svg>
          <rect x={3} y={3} width={14} height={14} fill={S.block.brick} stroke={S.block.stroke} strokeWidth={1.2} />
          <path d="M3 3 L7 7 H13 L17 3 M3 17 L7 13 H13 L17 17 M7 7 V13 M13 7 V13" stroke="rgba(40,30,20,0.6)" strokeWidth={0.9} fill="none" />
        </Svg>
      );
    case 'crest':
      return (
        <Svg>
          <path d={BLOB} fill={S.hill.levels[0]} stroke={S.hill.stroke} strokeWidth={1} />
          <path d="M5 11 Q9 7 15 9" stroke={S.hill.crest} strokeWidth={1.8} strokeDasharray="3 2" fill="none" />
        </Svg>
      );
    case 'zone':
      return (
        <Svg>
          <rect x={2} y={11} width={16} height={7} fill="none" stroke="#7d2a20" strokeWidth={1.2} strokeDasharray="3 2" />
          <path d="M3 18 L9 11 M8 18 L14 11 M13 18 L18 12" stroke="#7d2a20" strokeWidth={0.9} />
        </Svg>
      );
    case 'entry-edge':
      return (
        <Svg>
          <rect x={1} y={1} width={18} height={3} fill="#b03a2e" />
          <path d="M10 4 V16 M6.5 12.5 L10 16.5 L13.5 12.5" stroke="#7d2a20" strokeWidth={1.8} fill="none" />
        </Svg>
      );
    case 'entry-point':
      return (
        <Svg>
          <path d="M1 2 H19" stroke="#999" strokeWidth={1} />
          <circle cx={10} cy={3} r={2.4} fill="#7d2a20" />
          <path d="M10 4 V16 M6.5 12.5 L10 16.5 L13.5 12.5" stroke="#7d2a20" strokeWidth={1.8} fill="none" />
        </Svg>
      );
    case 'objective':
      return (
        <Svg>
          <path d="M10 2 L12.2 7.6 L18 7.8 L13.4 11.4 L15 17 L10 13.7 L5 17 L6.6 11.4 L2 7.8 L7.8 7.6 Z" fill={S.objective.fill} stroke={S.objective.stroke} strokeWidth={1} strokeLinejoin="round" />
        </Svg>
      );
  }
}

export function ArrangeIcon({ glyph }: { glyph: 'forward' | 'backward' | 'duplicate' | 'delete' }) {
  const ink = '#37352e';
  return (
    <Svg>
      {glyph === 'forward' && (
        <>
          <rect x={3} y={8} width={9} height={9} fill="#d8d4c8" stroke={ink} strokeWidth={1} />
          <rect x={8} y={3} width={9} height={9} fill="#fff" stroke={ink} strokeWidth={1.3} />
        </>
      )}
      {glyph === 'backward' && (
        <>
          <rect x={8} y={3} width={9} height={9} fill="#d8d4c8" stroke={ink} strokeWidth={1} />
          <rect x={3} y={8} width={9} height={9} fill="#fff" stroke={ink} strokeWidth={1.3} strokeDasharray="2 1.2" />
        </>
      )}
      {glyph === 'duplicate' && (
        <>
          <rect x={3} y={3} width={10} height={10} fill="#fff" stroke={ink} strokeWidth={1.2} />
          <rect x={7} y={7} width={10} height={10} fill="#fff" stroke={ink} strokeWidth={1.2} />
          <path d="M12 10 V14 M10 12 H14" stroke={ink} strokeWidth={1.2} />
        </>
      )}
      {glyph === 'delete' && <path d="M5 6 H15 M8 6 V4 H12 V6 M6 6 L7 17 H13 L14 6 M9 9 V14 M11 9 V14" fill="none" stroke={ink} strokeWidth={1.3} strokeLinejoin="round" />}
    </Svg>
  );
}

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M1 10 Q10 2 19 10 Q10 18 1 10 Z" fill="none" stroke="#444" strokeWidth={1.6} />
      {open ? <circle cx={10} cy={10} r={3} fill="#444" /> : <path d="M3 17 L17 3" stroke="#444" strokeWidth={1.6} />}
    </svg>
  );
}

export function LockIcon({ closed }: { closed: boolean }) {
  return (
    <svg width="13" height="13" viewBox="0 0 20 20" aria-hidden="true">
      <rect x={4} y={9} width={12} height={9} rx={1.5} fill={closed ? '#444' : 'none'} stroke="#444" strokeWidth={1.6} />
      <path d={closed ? 'M7 9 V6 Q10 1 13 6 V9' : 'M7 9 V6 Q10 1 13 6 V7'} fill="none" stroke="#444" strokeWidth={1.6} transform={closed ? undefined : 'translate(4 -1)'} />
    </svg>
  );
}
