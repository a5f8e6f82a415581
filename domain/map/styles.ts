// Every colour and stroke width the map uses, in one table per medium: the screen map (renderer/map) and the
// printed sheet (domain/sheet) draw the same scene with different tables.
//
// Two kinds of width appear: `…Px` widths are screen pixels and stay the same at every zoom (hairlines, labels,
// selection outlines); `…In` widths are table inches and scale with the map like the terrain they describe.

export interface AreaStyle {
  fill: string;
  stroke: string;
}

/** Font sizes of the map's labels by what they name, in style pixels. */
export interface LabelSizes {
  area: number;
  line: number;
  /** Crossings, objective names, building names placed outside their building. */
  small: number;
  unit: number;
  /** An order-of-battle number standing in for a unit's name. */
  key: number;
  vp: number;
  zone: number;
  entry: number;
  /** Building names written inside the building, the largest tried. */
  block: number;
}

export interface MapStyle {
  /** Behind the table, outside the cloth. */
  backdrop: string;
  cloth: { fill: string; stroke: string; strokePx: number; shadow: string; shadowPx: number };
  ruler: { bandPx: number; fill: string; stroke: string; tick: string; text: string; fontPx: number };
  grid: { stroke: string; strokePx: number; label: string; labelPx: number; minCellPxForLabels: number };
  label: { fill: string; halo: string; haloPx: number; fontPx: number; sizesPx: LabelSizes; fontFamily: string };
  areaOutlinePx: number;
  woods: {
    light: AreaStyle & { tree: string; treeStroke: string; spacingIn: number; radiusIn: number };
    dense: AreaStyle & { tree: string; treeStroke: string; spacingIn: number; radiusIn: number };
  };
  hill: {
    /** Fill by level 1–3, each a step darker, so nested contours read as height. */
    levels: [string, string, string];
    stroke: string;
    /** Contour width by slope: steeper slopes get heavier lines, as on a hachured map. */
    slopePx: { gentle: number; steep: number; extreme: number };
    crest: string;
    crestPx: number;
    crestDashPx: [number, number];
  };
  /** `houseIn`: the side of a house of built-up ground without building blocks, in table inches. */
  town: AreaStyle & { house: string; houseStroke: string; houseIn: number };
  block: { wood: string; brick: string; stone: string; stroke: string; strokePx: number; roof: string };
  lake: AreaStyle;
  marsh: AreaStyle & { mark: string; markPx: number };
  fields: AreaStyle & { furrow: string; furrowPx: number; spacingIn: number };
  fortification: AreaStyle & { outlinePx: number; teeth: string };
  /** Mud or sand: a stipple of dots marks it apart from fields. */
  softGround: AreaStyle & { dot: string; dotPx: number };
  river: { fill: string; fordable: string; edge: string; edgePx: number };
  road: { fill: string; edge: string; edgePx: number };
  track: { stroke: string; widthIn: number; dashIn: [number, number] };
  wall: { stroke: string; coursing: string; widthIn: number };
  hedge: { stroke: string; widthIn: number; gapIn: number };
  bridge: { fill: string; stroke: string; plank: string; strokePx: number };
  /**
   * A gravel bar across the water: sand-coloured so it stands out on the blue, dark-edged so it shows on the cloth too,
   * with a line of stepping stones; never under `minPx` across, however far out the map is.
   */
  ford: { fill: string; stroke: string; strokePx: number; dashPx: [number, number]; stone: string; stonePx: number; minPx: number };
  zone: { hatchPx: number; hatchSpacingIn: number; outlinePx: number; outlineDashPx: [number, number]; opacity: number };
  entry: { barIn: number; arrowIn: number; arrowPx: number };
  objective: { fill: string; stroke: string; strokePx: number; markerPx: number; radiusStroke: string; radiusDashPx: [number, number] };
  unit: {
    /** Used when a side has no `color`, by side index. */
    sideColors: [string, string];
    stroke: string;
    strokePx: number;
    frontPx: number;
    symbolPx: number;
  };
  leader: { starFill: string };
  selection: {
    stroke: string;
    strokePx: number;
    halo: string;
    haloPx: number;
    /** Units inside a selected formation: outlined, but quieter than the selection itself. */
    related: string;
    relatedPx: number;
    relatedDashPx: [number, number];
  };
}

export const SCREEN_STYLE: MapStyle = {
  backdrop: '#ecebe6',
  cloth: { fill: '#e4e6c9', stroke: '#8e8c70', strokePx: 1, shadow: 'rgba(40, 36, 20, 0.35)', shadowPx: 10 },
  ruler: { bandPx: 20, fill: '#f8f6ee', stroke: '#a9a58f', tick: '#5b584b', text: '#3e3c33', fontPx: 10 },
  grid: { stroke: 'rgba(70, 66, 50, 0.45)', strokePx: 0.8, label: 'rgba(60, 56, 44, 0.7)', labelPx: 9, minCellPxForLabels: 26 },
  label: {
    fill: '#2a271f',
    halo: 'rgba(250, 248, 238, 0.85)',
    haloPx: 3,
    fontPx: 11,
    sizesPx: { area: 11, line: 9, small: 9, unit: 10, key: 9, vp: 10, zone: 10, entry: 9, block: 9 },
    fontFamily: 'Georgia, "Times New Roman", serif',
  },
  areaOutlinePx: 1.2,
  woods: {
    light: { fill: '#b5d19b', stroke: '#5f8c48', tree: '#86b068', treeStroke: '#4f7a3a', spacingIn: 1.7, radiusIn: 0.34 },
    dense: { fill: '#8fb874', stroke: '#3d6a2c', tree: '#5b8a45', treeStroke: '#2f5522', spacingIn: 1.15, radiusIn: 0.38 },
  },
  hill: {
    levels: ['#e0c998', '#cfae78', '#bb955c'],
    stroke: '#9b7b4b',
    slopePx: { gentle: 1, steep: 1.8, extreme: 2.8 },
    crest: '#6a4c26',
    crestPx: 1.6,
    crestDashPx: [7, 4],
  },
  town: { fill: '#cfc3ad', stroke: '#76674f', house: '#a89880', houseStroke: '#5b4e3b', houseIn: 0.8 },
  block: { wood: '#d6b47a', brick: '#a5563b', stone: '#a6a6a2', stroke: '#3a3227', strokePx: 1.2, roof: 'rgba(40, 30, 20, 0.45)' },
  lake: { fill: '#9fcbe9', stroke: '#4a83b5' },
  marsh: { fill: '#bcd8cb', stroke: '#6b9b8a', mark: '#3f7f6e', markPx: 1 },
  fields: { fill: '#f2e7ae', stroke: '#bba95f', furrow: '#cdb96d', furrowPx: 0.8, spacingIn: 0.55 },
  fortification: { fill: '#dbd0b4', stroke: '#2d2a25', outlinePx: 2.4, teeth: '#2d2a25' },
  softGround: { fill: '#d8c7a3', stroke: '#8c7650', dot: '#6f5a37', dotPx: 1.2 },
  river: { fill: '#5e9fd8', fordable: '#8cc0e8', edge: '#2d6496', edgePx: 1.2 },
  road: { fill: '#d0ab70', edge: '#86653a', edgePx: 1 },
  track: { stroke: '#98703f', widthIn: 0.3, dashIn: [0.6, 0.35] },
  wall: { stroke: '#4f4c48', coursing: '#a6a6a6', widthIn: 0.22 },
  hedge: { stroke: '#3b7a33', widthIn: 0.38, gapIn: 0.48 },
  bridge: { fill: '#a0703d', stroke: '#4b3116', plank: '#6e4824', strokePx: 1.2 },
  ford: { fill: 'rgba(228, 210, 160, 0.72)', stroke: '#4f3d1f', strokePx: 1.6, dashPx: [5, 3], stone: '#5e4b2c', stonePx: 1.6, minPx: 22 },
  zone: { hatchPx: 1.1, hatchSpacingIn: 0.9, outlinePx: 1.6, outlineDashPx: [8, 4], opacity: 0.55 },
  entry: { barIn: 0.6, arrowIn: 3, arrowPx: 3 },
  objective: { fill: '#f3c433', stroke: '#4d3a00', strokePx: 1.2, markerPx: 10, radiusStroke: '#8a6a00', radiusDashPx: [6, 4] },
  unit: {
    sideColors: ['#b03a2e', '#2e5fa8'],
    stroke: '#1b1b1b',
    strokePx: 1,
    frontPx: 2.6,
    symbolPx: 1.3,
  },
  leader: { starFill: '#f3c433' },
  selection: {
    stroke: '#ff2d95',
    strokePx: 3,
    halo: 'rgba(255, 255, 255, 0.9)',
    haloPx: 7,
    related: '#ff2d95',
    relatedPx: 1.8,
    relatedDashPx: [5, 3],
  },
};

/**
 * The printed sheet: pale fills that leave ink for the marks, dark outlines, no shadows. On paper a `…Px` width is a
 * CSS pixel (1/96 inch), so the numbers keep their meaning.
 */
export const PRINT_STYLE: MapStyle = {
  backdrop: '#ffffff',
  cloth: { fill: '#fdfcf8', stroke: '#2b2924', strokePx: 1.4, shadow: 'transparent', shadowPx: 0 },
  ruler: { bandPx: 18, fill: '#ffffff', stroke: '#8d897b', tick: '#4a473e', text: '#3e3c33', fontPx: 7 },
  grid: { stroke: '#a9a597', strokePx: 0.6, label: '#7d796b', labelPx: 6.2, minCellPxForLabels: 38 },
  label: {
    fill: '#1f1d18',
    halo: 'rgba(255, 255, 255, 0.82)',
    haloPx: 2,
    fontPx: 9.5,
    // 2.75 mm for terrain, 2.05 mm for counters: about 8 and 6 pt, as on a printed map.
    sizesPx: { area: 10.4, line: 8.9, small: 8.1, unit: 7.75, key: 7.2, vp: 8.1, zone: 8.1, entry: 8.3, block: 7.2 },
    fontFamily: 'Georgia, "Liberation Serif", "DejaVu Serif", "Times New Roman", serif',
  },
  areaOutlinePx: 1.1,
  woods: {
    light: { fill: '#e9f3de', stroke: '#4f7a3a', tree: '#d3e6c0', treeStroke: '#5f8c48', spacingIn: 1.7, radiusIn: 0.34 },
    dense: { fill: '#d9ebc9', stroke: '#355f26', tree: '#bcd9a2', treeStroke: '#3d6a2c', spacingIn: 1.15, radiusIn: 0.38 },
  },
  hill: {
    levels: ['#f4ecd9', '#eadcbc', '#dec99d'],
    stroke: '#9b7b4b',
    slopePx: { gentle: 0.9, steep: 1.6, extreme: 2.4 },
    crest: '#6a4c26',
    crestPx: 1.5,
    crestDashPx: [5, 3],
  },
  town: { fill: '#eee9df', stroke: '#6b5b45', house: '#cdbfa6', houseStroke: '#5b4e3b', houseIn: 0.8 },
  block: { wood: '#eedfc2', brick: '#e8c8b9', stone: '#e2e0da', stroke: '#3a3227', strokePx: 0.9, roof: 'rgba(40, 30, 20, 0.5)' },
  lake: { fill: '#e0eef8', stroke: '#4a83b5' },
  marsh: { fill: '#eaf3ef', stroke: '#6b9b8a', mark: '#3f7f6e', markPx: 0.7 },
  fields: { fill: '#faf5df', stroke: '#b4a255', furrow: '#d8c77f', furrowPx: 0.6, spacingIn: 0.55 },
  fortification: { fill: '#efeadc', stroke: '#2d2a25', outlinePx: 2, teeth: '#2d2a25' },
  softGround: { fill: '#f4eee2', stroke: '#8c7650', dot: '#8c7650', dotPx: 0.8 },
  river: { fill: '#c3def3', fordable: '#dcecf8', edge: '#2d6496', edgePx: 0.9 },
  road: { fill: '#f5e7c9', edge: '#86653a', edgePx: 0.8 },
  track: { stroke: '#8a6436', widthIn: 0.3, dashIn: [0.6, 0.35] },
  wall: { stroke: '#4f4c48', coursing: '#c4c4c4', widthIn: 0.22 },
  hedge: { stroke: '#3b7a33', widthIn: 0.38, gapIn: 0.48 },
  bridge: { fill: '#e6d0ab', stroke: '#4b3116', plank: '#9a7a55', strokePx: 0.9 },
  ford: { fill: 'rgba(205, 180, 122, 0.9)', stroke: '#4f3d1f', strokePx: 1.1, dashPx: [3, 2], stone: '#5e4b2c', stonePx: 1.2, minPx: 12 },
  zone: { hatchPx: 0.9, hatchSpacingIn: 0.9, outlinePx: 1.4, outlineDashPx: [6, 3], opacity: 0.6 },
  entry: { barIn: 0.6, arrowIn: 3, arrowPx: 2 },
  objective: { fill: '#f3c433', stroke: '#4d3a00', strokePx: 0.9, markerPx: 8.5, radiusStroke: '#8a6a00', radiusDashPx: [4, 3] },
  unit: {
    sideColors: ['#b03a2e', '#2e5fa8'],
    stroke: '#1b1b1b',
    strokePx: 0.7,
    frontPx: 2,
    symbolPx: 0.9,
  },
  leader: { starFill: '#f3c433' },
  selection: SCREEN_STYLE.selection,
};

export const MAP_STYLES = { screen: SCREEN_STYLE, print: PRINT_STYLE } as const;
