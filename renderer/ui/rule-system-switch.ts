// Changing the rule system of an open document: what it will change, said before it happens, and the one labelled
// step that does it. The new system's defaults go only where the old values make no sense under it (a free table
// for a square-grid system gets the grid, a figure ratio the rules need is added, more turns than the rules make
// sense of come down to its default); everything else is kept, and so are the other systems' ratings and settings,
// as the format promises, so switching back loses nothing.
import { gridSize, isCellGrid } from '../../domain/grid.js';
import { walkForces } from '../../domain/forces.js';
import { isScenario, type AdcDocument, type Formation, type Grid, type RuleSystem, type Table } from '../../domain/model.js';
import { profileFor, PROFILES } from '../../domain/rule-systems/registry.js';
import type { EditorAction } from '../state/editor.js';
import { ABSENT, type Change, type PathKey } from '../state/history.js';

export type SwitchTopic = 'grid' | 'table' | 'figure ratio' | 'turns' | 'ratings' | 'kept';

export interface SwitchLine {
  topic: SwitchTopic;
  /** One sentence for the user. */
  text: string;
  /** Whether the switch changes this in the file (ratings are never changed, only found missing). */
  changed: boolean;
  /** Something the user will have to do afterwards. */
  attention?: boolean;
}

export interface RuleSystemSwitch {
  from: RuleSystem | undefined;
  to: RuleSystem;
  lines: SwitchLine[];
  /** One history step, labelled, that makes every change at once. */
  action: Extract<EditorAction, { type: 'edit' }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const inches = (n: number): string => `${+n.toFixed(2)}″`;
const tableWords = (t: Table): string => `${inches(t.width)} × ${inches(t.height)}`;

/** A grid as a wargamer says it: "6″ square boxes, 8 × 8" or "no grid (free table)". */
export function gridWords(grid: Grid | undefined, table: Table | undefined): string {
  if (!grid || !isCellGrid(grid)) return 'no grid (measured in inches)';
  const kind = grid.kind === 'square' ? 'square boxes' : `${grid.orientation === 'pointy' ? 'pointy' : 'flat'}-top hexes`;
  const size = table ? gridSize(grid, table) : undefined;
  const count = size && size.cols > 0 && size.rows > 0 ? `, ${size.cols} × ${size.rows}` : '';
  return `${inches(grid.cell)} ${kind}${count}`;
}

function validTable(t: unknown): t is Table {
  return isRecord(t) && typeof t.width === 'number' && typeof t.height === 'number' && t.width > 0 && t.height > 0;
}

/** Every unit of the document's orders of battle, whatever state the draft is in. */
function unitsIn(doc: AdcDocument): { name: string; arm: unknown; ratings: unknown }[] {
  const armies: unknown[] = isScenario(doc) ? (Array.isArray(doc.sides) ? doc.sides.map((s: unknown) => (isRecord(s) ? s.army : undefined)) : []) : [doc.army];
  const out: { name: string; arm: unknown; ratings: unknown }[] = [];
  for (const army of armies) {
    if (!isRecord(army)) continue;
    for (const n of walkForces(army as unknown as Formation, '')) {
      if (n.kind === 'unit') out.push({ name: typeof n.node.name === 'string' ? n.node.name : n.node.id, arm: n.node.arm, ratings: n.node.ratings });
    }
  }
  return out;
}

/** "A, B, C and 4 more". */
function someNames(names: string[], shown = 3): string {
  if (names.length <= shown + 1) return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : (names[0] ?? '');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** What switching `doc` to `to` changes, and the step that does it. */
export function ruleSystemSwitch(doc: AdcDocument, to: RuleSystem): RuleSystemSwitch {
  const profile = PROFILES[to];
  const d = profile.defaults;
  const fromProfile = profileFor(doc.ruleSystem);
  const from = fromProfile?.id;
  const changes: Change[] = [];
  const lines: SwitchLine[] = [];
  const set = (path: PathKey[], before: unknown, after: unknown) => changes.push({ path, before, after });
  set(['ruleSystem'], doc.ruleSystem ?? ABSENT, to);

  if (isScenario(doc)) {
    const table = validTable(doc.table) ? doc.table : undefined;
    const grid: Grid | undefined = isRecord(doc.grid) ? doc.grid : undefined;
    const kind = grid && isCellGrid(grid) ? grid.kind : 'none';

    // Grid: a gridded system needs its own kind of cells; a free system measures in inches and keeps any grid drawn,
    // since terrain and set-ups given as cells depend on it.
    let newGrid: Grid | undefined = grid;
    if (profile.map !== 'free' && kind !== profile.map) {
      newGrid = { ...d.grid };
      set(['grid'], grid ?? ABSENT, newGrid);
    }
    // Table: kept, unless the new cells cannot be laid on it at all.
    let newTable = table;
    if (newGrid && isCellGrid(newGrid) && table) {
      const size = gridSize(newGrid, table);
      if (size.cols === 0 || size.rows === 0) {
        newTable = { ...d.table };
        set(['table'], doc.table, newTable);
      }
    } else if (!table) {
      newTable = { ...d.table };
      set(['table'], doc.table ?? ABSENT, newTable);
    }
    if (newGrid !== grid) {
      lines.push({ topic: 'grid', changed: true, text: `Grid: ${gridWords(grid, table)} → ${gridWords(newGrid, newTable)}, as ${profile.title} is played on ${profile.map === 'square' ? 'square boxes' : 'hexes'}.` });
    } else if (kind !== 'none' && profile.map === 'free') {
      lines.push({ topic: 'grid', changed: false, text: `Grid: ${gridWords(grid, table)}, kept as a drawing aid; ${profile.title} measures in inches.` });
    } else {
      lines.push({ topic: 'grid', changed: false, text: `Grid: ${gridWords(grid, table)}, kept.` });
    }
    lines.push(
      newTable !== table
        ? { topic: 'table', changed: true, text: `Table: ${table ? tableWords(table) : 'none'} → ${tableWords(newTable!)}${table ? ', as the new cells do not fit on the old one' : ''}.` }
        : { topic: 'table', changed: false, text: `Table: ${tableWords(table!)}, kept.` },
    );
  }

  // Figure ratio: a missing one takes the system's; one the system does not use stays for the others.
  const ratio = isRecord(doc.scale) && typeof doc.scale.figureRatio === 'number' ? doc.scale.figureRatio : undefined;
  if (ratio === undefined && d.figureRatio !== undefined) {
    set(isRecord(doc.scale) ? ['scale', 'figureRatio'] : ['scale'], isRecord(doc.scale) ? ABSENT : (doc.scale ?? ABSENT), isRecord(doc.scale) ? d.figureRatio : { figureRatio: d.figureRatio });
    lines.push({ topic: 'figure ratio', changed: true, text: `Figure ratio: none → 1:${d.figureRatio}.` });
  } else if (ratio !== undefined) {
    lines.push({ topic: 'figure ratio', changed: false, text: `Figure ratio: 1:${ratio}, kept${d.figureRatio === undefined ? `; ${profile.title} does not use it` : ''}.` });
  }

  if (isScenario(doc)) {
    const turns = isRecord(doc.turns) ? doc.turns : undefined;
    const limit = typeof turns?.limit === 'number' ? turns.limit : undefined;
    if (limit === undefined) {
      if (turns) set(['turns', 'limit'], turns.limit ?? ABSENT, d.turnLimit);
      else set(['turns'], doc.turns ?? ABSENT, { limit: d.turnLimit });
      lines.push({ topic: 'turns', changed: true, text: `Turns: none → ${d.turnLimit}.` });
    } else if (d.maxTurns !== undefined && limit > d.maxTurns) {
      set(['turns', 'limit'], limit, d.turnLimit);
      lines.push({ topic: 'turns', changed: true, text: `Turns: ${limit} → ${d.turnLimit}, as ${profile.title} makes sense of ${d.maxTurns} at most.` });
    } else {
      lines.push({ topic: 'turns', changed: false, text: `Turns: ${limit}, kept.` });
    }
  }

  // Ratings are never made up: the units that lack the new system's block are named, to be rated by hand.
  const units = unitsIn(doc).filter((u) => !(profile.trainsNeedNoRatings && u.arm === 'train'));
  const unrated = units.filter((u) => !isRecord(u.ratings) || !isRecord(u.ratings[to])).map((u) => u.name);
  if (units.length === 0) lines.push({ topic: 'ratings', changed: false, text: 'Ratings: no units yet.' });
  else if (unrated.length === 0) lines.push({ topic: 'ratings', changed: false, text: `Ratings: every unit has ${profile.title} ratings.` });
  else {
    lines.push({
      topic: 'ratings',
      changed: false,
      attention: true,
      text: `Ratings: ${unrated.length === units.length ? 'no unit has' : `${unrated.length} of ${units.length} units have no`} ${profile.title} ratings yet (${someNames(unrated)}).`,
    });
  }
  if (fromProfile && fromProfile.id !== to) {
    lines.push({ topic: 'kept', changed: false, text: `${fromProfile.title} ratings and settings stay in the file, for switching back.` });
  }

  return { from, to, lines, action: { type: 'edit', label: `Change rule system to ${profile.title}`, changes } };
}
