// A unit of the open table's view for the play view's tests: a fresh line battalion in column, changed as a test needs.
import type { NapoleonsEaglesUnit } from '../../domain/engine-protocol.js';

export const viewUnit = (over: Partial<NapoleonsEaglesUnit> = {}): NapoleonsEaglesUnit => ({
  id: 'u1',
  name: 'I./15. IR',
  side: 'red',
  arm: 'infantry',
  type: 'line',
  status: 'table',
  at: [10, 10],
  facing: 270,
  formation: 'column',
  width: 3,
  depth: 1.5,
  figures: 24,
  startFigures: 24,
  fatigue: 'normal',
  disordered: false,
  retreat: 0,
  actionsUsed: 0,
  activated: false,
  markers: [],
  ...over,
});
