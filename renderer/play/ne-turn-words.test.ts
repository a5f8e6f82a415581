// 'Sequence of Play in One Period' and 'Movement Order' (rules seed 004): a unit moves or stands before the next one,
// and side A may end its movement only once it has moved at least half of its units. Worked by hand for each case.
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesUnit, NapoleonsEaglesView, SideKey } from '../../domain/engine-protocol.js';
import { movedWords, notActingWords } from './ne-turn-words.js';
import { viewUnit } from './ne-view-kit.js';

const unit = (id: string, over: Partial<NapoleonsEaglesUnit> = {}): NapoleonsEaglesUnit => viewUnit({ id, name: id, ...over });
const names = new Map([
  ['r1', 'I./15. IR'],
  ['r2', 'Füsiliers/15. IR'],
]);
const sideName = (k: SideKey) => (k === 'red' ? 'Prussians' : 'French');
type View = Parameters<typeof movedWords>[0];
const view = (units: NapoleonsEaglesUnit[], decision: Partial<NapoleonsEaglesView['decision']> = {}, moved = { red: 0, blue: 0 }): View => ({
  units,
  decision: { kind: 'activate', side: 'red', ...decision },
  roles: { a: 'red', ratio: { a: 2, d: 1 }, stepLeft: 1, moved },
});

describe('why a unit of the side to act cannot be picked', () => {
  it('names the unit still mid-activation and the button that ends it', () => {
    const v = view([unit('r1', { activated: true, actionsUsed: 1 }), unit('r2')], { unit: 'r1' });
    expect(notActingWords(v, 'r2', new Set(['r1']), names)).toBe('I./15. IR is still acting: press “Done with this unit” first, then pick Füsiliers/15. IR.');
  });

  it('says a unit that has moved this period is done, and says nothing of a unit that may act or of an enemy', () => {
    const v = view([unit('r1', { markers: ['moved'] }), unit('r2'), unit('b1', { side: 'blue' })]);
    expect(notActingWords(v, 'r1', new Set(['r2']), names)).toBe('I./15. IR has already moved this period.');
    expect(notActingWords(v, 'r2', new Set(['r2']), names)).toBeNull();
    expect(notActingWords(v, 'b1', new Set(['r2']), names)).toBeNull();
  });

  it('says nothing outside a unit’s activation (a bid)', () => {
    const v = view([unit('r1'), unit('r2')], { kind: 'bid', unit: 'r1' });
    expect(notActingWords(v, 'r2', new Set(), names)).toBeNull();
  });
});

describe('the movement count in the status', () => {
  it('counts units moved per side and how many more side A needs: 5 on the table need 3', () => {
    const units = [1, 2, 3, 4, 5].map((i) => unit(`r${i}`)).concat([unit('b1', { side: 'blue' })]);
    expect(movedWords(view(units, {}, { red: 1, blue: 2 }), sideName)).toBe(
      'Units moved this period: Prussians 1, French 2 · side A may finish once it has moved 3 of its units (2 more)',
    );
    expect(movedWords(view(units, {}, { red: 3, blue: 2 }), sideName)).toMatch(/moved 3 of its units \(it may finish now\)$/);
  });

  it('leaves out units off the table, and says only the count before side A is chosen', () => {
    const units = [unit('r1'), unit('r2'), unit('r3', { status: 'routed' }), unit('r4', { status: 'reserve' })];
    expect(movedWords(view(units), sideName)).toMatch(/moved 1 of its units \(1 more\)$/);
    const none: View = { ...view(units), roles: { a: null, ratio: { a: 1, d: 1 }, stepLeft: 0, moved: { red: 0, blue: 0 } } };
    expect(movedWords(none, sideName)).toBe('Units moved this period: Prussians 0, French 0');
  });
});
