// The frame's dialogs as one union: which are open, oldest first, each with what it needs. A question asked while
// another dialog is open (Save first? Replace the file?) opens above it and leaves it open beneath, so the list can
// hold more than one, but never two of a kind: showing a kind already open replaces it where it stands.
import { useCallback, useRef, useState } from 'react';
import type { RuleSystem } from '../../domain/model.js';
import type { Choice } from './dialogs.js';
import { useLatest } from './use-latest.js';

export type Modal =
  | { kind: 'library'; mode: 'open' | 'new' }
  /** What changing the open document's rule system will do, asked before it is done. */
  | { kind: 'rule-system'; to: RuleSystem }
  | { kind: 'confirm'; title: string; text: string; choices: Choice[]; resolve(value: string | null): void }
  /** The web shell's own name dialog; the desktop uses the native one. */
  | { kind: 'save-as'; suggested: string; resolve(name: string | null): void }
  | { kind: 'print' }
  | { kind: 'settings' }
  | { kind: 'about' }
  | { kind: 'shortcuts' }
  | { kind: 'play' };

export type ModalKind = Modal['kind'];
export type ModalOf<K extends ModalKind> = Extract<Modal, { kind: K }>;

export interface Modals {
  /** Every dialog open, oldest first. */
  readonly open: readonly Modal[];
  show: (modal: Modal) => void;
  close: (kind: ModalKind) => void;
  /** The open dialog of a kind as last rendered, for callbacks that outlive a render; a render reads `open`. */
  find: <K extends ModalKind>(kind: K) => ModalOf<K> | undefined;
}

/** Pure: the open dialog of a kind. */
export function modalOf<K extends ModalKind>(open: readonly Modal[], kind: K): ModalOf<K> | undefined {
  return open.find((m): m is ModalOf<K> => m.kind === kind);
}

/** Pure: the list after showing a dialog. */
export function withModal(open: readonly Modal[], modal: Modal): readonly Modal[] {
  const at = open.findIndex((m) => m.kind === modal.kind);
  return at < 0 ? [...open, modal] : open.map((m, i) => (i === at ? modal : m));
}

export function useModals(): Modals {
  const [open, setOpen] = useState<readonly Modal[]>([]);
  // The latest list for callbacks that outlive a render (a shortcut asking whether test play is open).
  const latest = useRef(open);
  useLatest(latest, open);
  const show = useCallback((modal: Modal) => setOpen((list) => withModal(list, modal)), []);
  const close = useCallback((kind: ModalKind) => setOpen((list) => (list.some((m) => m.kind === kind) ? list.filter((m) => m.kind !== kind) : list)), []);
  const find = useCallback(<K extends ModalKind>(kind: K) => modalOf(latest.current, kind), []);
  return { open, show, close, find };
}
