// Hex Skirmish counters on the play map: every formation the engine has on the table, as square chits laid out
// within its hex (hex-chits.ts says where and how each looks). Drawn in table units on the overlay layer, which
// takes no clicks: a click on a hex picks among its formations in GamePane.
import { Group, Line, Rect, Star, Text } from 'react-konva';
import type { HexSkirmishUnit } from '../../domain/engine-protocol.js';
import { cellCenter, cellPolygon, parseCell, type CellGrid } from '../../domain/grid.js';
import { chitLook, chitPlaces, formationsByHex, type ChitLook } from './hex-chits.js';
import type { HexState, SideColours } from './play-view.js';

const SELECT = '#ffb300';

export interface CountersProps {
  grid: CellGrid;
  state: HexState;
  k: number;
  selected: string | null;
  acting: ReadonlySet<string>;
  colours: SideColours;
}

export function HexCounters({ grid, state, k, selected, acting, colours }: CountersProps) {
  const stacks = formationsByHex(state.units);
  // Hexes no formation may enter, as the engine reads the map: a river drawn as a thin line closes the whole hex
  // it runs through, which the map alone does not show.
  const closed = Object.entries(state.board.terrain).flatMap(([box, t]) => {
    const c = t === 'impassable' ? parseCell(box) : null;
    return c ? [{ box, points: cellPolygon(grid, c.col, c.row).flatMap((p) => [p[0], p[1]]) }] : [];
  });
  return (
    <Group>
      {closed.map((h) => (
        <Line key={`closed-${h.box}`} points={h.points} closed fill="rgba(40, 40, 60, 0.16)" stroke="rgba(40, 40, 60, 0.35)" strokeWidth={Math.max(k, grid.cell * 0.01)} dash={[grid.cell * 0.05, grid.cell * 0.04]} />
      ))}
      {[...stacks].map(([box, list]) => {
        const c = parseCell(box);
        if (!c) return null;
        const [cx, cy] = cellCenter(grid, c.col, c.row);
        const places = chitPlaces(list.length);
        return (
          <Group key={`hex-${box}`} x={cx} y={cy}>
            {list.map((u, i) => {
              const p = places[i]!;
              return (
                <Chit
                  key={u.id}
                  unit={u}
                  look={chitLook(u, colours)}
                  x={p.dx * grid.cell}
                  y={p.dy * grid.cell}
                  size={p.size * grid.cell}
                  k={k}
                  selected={u.id === selected}
                  acting={acting.has(u.id)}
                />
              );
            })}
          </Group>
        );
      })}
    </Group>
  );
}

function Chit({ unit, look, x, y, size, k, selected, acting }: { unit: HexSkirmishUnit; look: ChitLook; x: number; y: number; size: number; k: number; selected: boolean; acting: boolean }) {
  // An officer alone is a smaller chit with his star in the middle, so he reads as a man, not a formation.
  const s = look.officerOnly ? size * 0.72 : size;
  const half = s / 2;
  const border = look.borderWide ? s * 0.13 : Math.max(k, s * 0.035);
  const corner = s * 0.08;
  return (
    <Group x={x} y={y} opacity={look.faded ? 0.78 : 1}>
      {(selected || acting) && (
        <Rect
          x={-half - s * 0.09}
          y={-half - s * 0.09}
          width={s * 1.18}
          height={s * 1.18}
          cornerRadius={corner * 1.5}
          stroke={SELECT}
          strokeWidth={selected ? Math.max(3 * k, s * 0.09) : Math.max(1.5 * k, s * 0.05)}
          dash={selected ? undefined : [6 * k, 4 * k]}
        />
      )}
      <Rect x={-half} y={-half} width={s} height={s} cornerRadius={corner} fill={look.fill} stroke={look.border} strokeWidth={border} shadowColor="#000" shadowOpacity={0.35} shadowBlur={3 * k} shadowOffset={{ x: k, y: k }} />
      {look.hatched && (
        <Group clipX={-half} clipY={-half} clipWidth={s} clipHeight={s}>
          {[-0.75, -0.375, 0, 0.375, 0.75].map((t) => (
            <Line key={t} points={[-half + t * s - half, half, half + t * s - half, -half]} stroke="rgba(255,255,255,0.55)" strokeWidth={s * 0.06} />
          ))}
        </Group>
      )}
      {look.officerOnly ? (
        <Star x={0} y={0} numPoints={5} innerRadius={s * 0.16} outerRadius={s * 0.36} fill="#ffd54f" stroke="#3e2723" strokeWidth={Math.max(k * 0.8, s * 0.03)} />
      ) : (
        <>
          <Text x={-half + s * 0.07} y={-half + s * 0.05} text={look.letter} fontSize={s * 0.3} fontStyle="bold" fill={look.text} />
          {look.officer && <Star x={half - s * 0.17} y={-half + s * 0.19} numPoints={5} innerRadius={s * 0.06} outerRadius={s * 0.14} fill="#ffd54f" stroke="#3e2723" strokeWidth={Math.max(k * 0.6, s * 0.02)} />}
          {look.men ? (
            <Text x={-half} y={-half + s * 0.36} width={s} align="center" text={look.men} fontSize={s * (look.men.length > 1 ? 0.52 : 0.58)} fontStyle="bold" fill={look.text} />
          ) : (
            <Text x={-half} y={-half + s * 0.38} width={s} align="center" text={unit.wagon ? 'wagons' : 'gun'} fontSize={s * 0.22} fill={look.text} />
          )}
        </>
      )}
      {look.mark && (
        // In the top strip between the arm's letter and the officer's star; an officer alone has it in a corner.
        <Group x={look.officerOnly ? half - s * 0.18 : 0} y={-half + s * 0.19}>
          <Rect x={-s * 0.15} y={-s * 0.15} width={s * 0.3} height={s * 0.3} cornerRadius={s * 0.04} fill="#212121" />
          <Text x={-s * 0.15} y={-s * 0.12} width={s * 0.3} align="center" text={look.mark} fontSize={s * 0.25} fontStyle="bold" fill="#ffeb3b" />
        </Group>
      )}
    </Group>
  );
}
