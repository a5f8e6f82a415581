// The open document and everything the editor knows about it, changed only through `editorReducer`.
import { parseDocument } from '../../domain/document.js';
import type { DocumentRef } from '../../domain/host-api.js';
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { ABSENT, emptyHistory, getAt, position, record, redo, setAt, undo, type Change, type History, type PathKey } from './history.js';

export interface EditorState {
  /** Identifies this editing session for backups; a new one per opened or created document. */
  key: string;
  doc: AdcDocument | null;
  /** When the file could not be loaded: why, and its text, kept so nothing is lost. */
  loadProblems: Problem[];
  text: string | null;
  ref: DocumentRef | null;
  version: string | null;
  history: History;
  /** History position at the last save (or load); the document is unsaved when it differs. */
  savedAt: number;
  /** The primary selection: what the inspector shows. */
  selected: string | null;
  /** Everything selected (the map's multi-selection), the primary among it; empty when nothing is. */
  selection: string[];
  notes: string[];
}

export type EditorAction =
  | { type: 'load'; key: string; text: string; ref: DocumentRef | null; version: string | null; dirty?: boolean }
  /** `select`, when given, replaces the selection in the same step (the last pointer becomes the primary). */
  | { type: 'edit'; label: string; changes: Change[]; mergeKey?: string; select?: string[] }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; ref: DocumentRef; version: string }
  | { type: 'select'; pointer: string | null; pointers?: string[] };

export const initialEditor = (key: string): EditorState => ({
  key,
  doc: null,
  loadProblems: [],
  text: null,
  ref: null,
  version: null,
  history: emptyHistory(),
  savedAt: 0,
  selected: null,
  selection: [],
  notes: [],
});

/** The selection to show: the multi-selection, or the primary alone. */
export const selectedPointers = (s: Pick<EditorState, 'selected' | 'selection'>): string[] =>
  s.selection.length ? s.selection : s.selected !== null ? [s.selected] : [];

function selecting(pointers: string[]): Pick<EditorState, 'selected' | 'selection'> {
  return { selected: pointers.length ? pointers[pointers.length - 1]! : null, selection: pointers };
}

/** After undo or redo, a selection that points at nothing any more is dropped. */
function pruned(state: EditorState, doc: AdcDocument): Pick<EditorState, 'selected' | 'selection'> {
  const exists = (p: string) => getAt(doc, pointerToPath(p)) !== ABSENT;
  const selection = state.selection.filter(exists);
  const selected = state.selected !== null && exists(state.selected) ? state.selected : (selection[selection.length - 1] ?? null);
  return { selected, selection: selected !== null && selection.length === 0 ? [selected] : selection };
}

export const isDirty = (s: EditorState): boolean => position(s.history) !== s.savedAt;

/** JSON Pointer → path segments (numbers for array indices). */
export function pointerToPath(pointer: string): PathKey[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** A command that sets one value; `undefined` removes the field. */
export function setField(doc: AdcDocument, pointer: string, value: unknown, label: string): EditorAction {
  const full = pointerToPath(pointer);
  const after = value === undefined ? ABSENT : value;
  // A value under objects that do not exist yet creates them; the change is recorded at the first missing one,
  // so undo removes what the edit created instead of leaving an empty object behind.
  let depth = full.length;
  for (let i = 1; i < full.length; i++) {
    if (getAt(doc, full.slice(0, i)) === ABSENT) {
      depth = i;
      break;
    }
  }
  const path = full.slice(0, depth);
  const before = getAt(doc, path);
  const created = depth < full.length ? (after === ABSENT ? ABSENT : setAt({}, full.slice(depth), after)) : after;
  return { type: 'edit', label, changes: before === created ? [] : [{ path, before, after: created }], mergeKey: `field:${pointer}` };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load': {
      const r = parseDocument(action.text);
      const base = { ...initialEditor(action.key), ref: action.ref, version: action.version, text: action.text };
      // A recovered backup opens as unsaved, so the user is reminded to save it.
      const savedAt = action.dirty ? -1 : 0;
      if (!r.ok) return { ...base, loadProblems: r.problems, savedAt };
      return { ...base, doc: r.document, notes: r.notes, savedAt };
    }
    case 'edit': {
      if (!state.doc || action.changes.length === 0) return state;
      let doc = state.doc;
      for (const c of action.changes) doc = setAt(doc, c.path, c.after);
      const history = record(state.history, action.label, action.changes, action.mergeKey);
      return { ...state, doc, history, ...(action.select ? selecting(action.select) : {}) };
    }
    case 'undo': {
      if (!state.doc) return state;
      const r = undo(state.doc, state.history);
      return r ? { ...state, doc: r.root, history: r.history, ...pruned(state, r.root) } : state;
    }
    case 'redo': {
      if (!state.doc) return state;
      const r = redo(state.doc, state.history);
      return r ? { ...state, doc: r.root, history: r.history, ...pruned(state, r.root) } : state;
    }
    case 'saved': {
      // Typing on after a save must start a new step, or the unsaved marker could not tell the two apart.
      const last = state.history.past[state.history.past.length - 1];
      const past = last?.mergeKey === undefined ? state.history.past : [...state.history.past.slice(0, -1), { ...last, mergeKey: undefined }];
      return { ...state, ref: action.ref, version: action.version, savedAt: position(state.history), history: { ...state.history, past } };
    }
    case 'select':
      return { ...state, ...(action.pointers ? { selected: action.pointer, selection: action.pointers } : { selected: action.pointer, selection: action.pointer === null ? [] : [action.pointer] }) };
  }
}
