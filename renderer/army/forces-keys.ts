// The keys of the Forces view, for the shortcut sheet: the tree (ForceTree.tsx) and the unit table (UnitTable.tsx)
// answer them. Written in the notation of domain/app-commands.ts.
import type { KeyEntry } from '../map/map-keys.js';

export const TREE_KEYS: readonly KeyEntry[] = [
  { label: 'Next or previous entry', keys: ['ArrowDown', 'ArrowUp'], detail: 'With Shift the marks extend' },
  { label: 'First or last entry', keys: ['Home', 'End'] },
  { label: 'Fold or open a formation', keys: ['ArrowLeft', 'ArrowRight'] },
  { label: 'Mark the entry', keys: ['Space'] },
  { label: 'Rename', keys: ['F2', 'Enter'] },
  { label: 'Add a formation', keys: ['+', 'Insert'] },
  { label: 'Add a unit', keys: ['U'] },
  { label: 'Add a leader', keys: ['L'] },
  { label: 'Duplicate', keys: ['Mod+D'] },
  { label: 'Delete', keys: ['Delete', 'Backspace'] },
  { label: 'Go to the unit table', keys: ['F6'] },
  { label: 'Clear the marks', keys: ['Escape'] },
];

export const TABLE_KEYS: readonly KeyEntry[] = [
  { label: 'Next or previous cell', keys: ['Tab', 'Shift+Tab'], detail: "Cells that do not apply to the unit's arm are skipped" },
  { label: 'Cell below or above', keys: ['Enter', 'Shift+Enter', 'ArrowDown', 'ArrowUp'] },
  { label: 'Insert a unit below', keys: ['Mod+Enter'] },
  { label: 'Cancel the typing; again, back to the tree', keys: ['Escape'] },
  { label: 'Back to the tree', keys: ['F6'] },
];
