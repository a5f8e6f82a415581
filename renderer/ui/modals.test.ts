// The frame's dialogs as one list: a question opens above what is open, and a kind is never open twice.
import { describe, expect, it } from 'vitest';
import { withModal, type Modal } from './modals.js';

describe('withModal', () => {
  it('stacks a dialog of a new kind above the open ones, and replaces one of a kind already open where it stands', () => {
    const play: Modal = { kind: 'play' };
    const library: Modal = { kind: 'library', mode: 'open' };
    const confirm: Modal = { kind: 'confirm', title: 'Unsaved changes', text: '', choices: [], resolve: () => undefined };
    const open = withModal(withModal(withModal([], play), library), confirm);
    expect(open.map((m) => m.kind)).toEqual(['play', 'library', 'confirm']);
    const renewed = withModal(open, { kind: 'library', mode: 'new' });
    expect(renewed).toEqual([play, { kind: 'library', mode: 'new' }, confirm]);
  });
});
