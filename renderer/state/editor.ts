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
  selected: string | null;
  notes: string[];
}

export type EditorAction =
  | { type: 'load'; key: string; text: string; ref: DocumentRef | null; version: string | null; dirty?: boolean }
  | { type: 'edit'; label: string; changes: Change[]; mergeKey?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; ref: DocumentRef; version: string }
  | { type: 'select'; pointer: string | null };

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
  notes: [],
});

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
  const path = pointerToPath(pointer);
  const before = getAt(doc, path);
  const after = value === undefined ? ABSENT : value;
  return { type: 'edit', label, changes: before === after ? [] : [{ path, before, after }], mergeKey: `field:${pointer}` };
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
      return { ...state, doc, history: record(state.history, action.label, action.changes, action.mergeKey) };
    }
    case 'undo': {
      if (!state.doc) return state;
      const r = undo(state.doc, state.history);
      return r ? { ...state, doc: r.root, history: r.history } : state;
    }
    case 'redo': {
      if (!state.doc) return state;
      const r = redo(state.doc, state.history);
      return r ? { ...state, doc: r.root, history: r.history } : state;
    }
    case 'saved': {
      // Typing on after a save must start a new step, or the unsaved marker could not tell the two apart.
      const last = state.history.past[state.history.past.length - 1];
      const past = last?.mergeKey === undefined ? state.history.past : [...state.history.past.slice(0, -1), { ...last, mergeKey: undefined }];
      return { ...state, ref: action.ref, version: action.version, savedAt: position(state.history), history: { ...state.history, past } };
    }
    case 'select':
      return { ...state, selected: action.pointer };
  }
}
