// The map's keys that no tool or command registry holds (tools.ts holds those): choosing the select tool, moving the
// selection and the camera, and a drawing's own keys. The shortcut sheet reads them; MapEditor, the gestures
// (gestures.ts) and the camera (use-camera.ts) answer them. Written in the notation of domain/app-commands.ts.

export interface KeyEntry {
  label: string;
  /** Keys that do the same thing; several arrows on one line read as "any of these". */
  keys: readonly string[];
  detail?: string;
}

export const MAP_KEYS: readonly KeyEntry[] = [
  { label: 'Select tool', keys: ['V'] },
  {
    label: 'Move the selection by the snap step',
    keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
    detail: 'A tenth of an inch with snap off; locked layers stay put. With nothing selected the arrows pan the view.',
  },
  { label: 'Move the selection by a cell', keys: ['Shift+ArrowLeft', 'Shift+ArrowRight', 'Shift+ArrowUp', 'Shift+ArrowDown'], detail: 'Ten snap steps on a map without a grid' },
  { label: 'Pan the view', keys: ['Space'], detail: 'Hold it and drag; the middle button drags too' },
  { label: 'Finish the drawing, or edit the corners of the selected shape', keys: ['Enter'], detail: 'Double-click a shape for its corners too; Alt-click a corner deletes it' },
  { label: 'Take back the last point drawn', keys: ['Backspace'] },
  { label: 'Cancel: the drag, the drawing, the corners, the tool, then the selection', keys: ['Escape'] },
  { label: 'Grid lines', keys: ['G'] },
];
