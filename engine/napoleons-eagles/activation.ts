// A unit's actions within one period ('Important Terms' Actions; 'Force Marching'; 'Stand Markers'; 'Cavalry
// Charge Distance' note; 'Close Actions' on units charged before they moved; rules notes §13): two actions, spent in
// half-action steps, one more for movement only with a force march, one of them keepable as a stand marker. This is
// the bookkeeping the seed does with coloured counters, kept apart from the unit's model record (types.ts).

/** What a unit has done this period; reset at step 11. */
export interface UnitFlow {
  /** Actions spent this period (halves allowed), the force march's extra action not counted. */
  used: number;
  /** The force march's extra movement action was taken (once a period). */
  forceMarched: boolean;
  /** Its activation has begun (it counts as moved for side A's half). */
  started: boolean;
  /** Its activation is over: it may do nothing more this period but a defence action. */
  ended: boolean;
  /** Holds one action for a defence action. */
  stand: boolean;
  /** Its last action was a charge move (no two charge actions in a row). */
  charged: boolean;
  /** Actions spent before its charge made contact (2 gives the defender +2 to face or form square). */
  usedBeforeCharge: number;
  /** Charged before it moved: held in the close action, with a stand marker, and may not start an activation. */
  locked: boolean;
  /** Marked for a morale check at step 10 (once only). */
  morale: boolean;
  outOfCommand: boolean;
  /** Fought a close action this period: its step-10 check is skipped. */
  closeAction: boolean;
  /** Checked to counter-charge this period (cavalry): one try a period. */
  counterTried: boolean;
  /** Movers this cavalry declined to counter-charge this period: not offered again. */
  declined: string[];
  /** It changed facing or formation this period: a cavalry charge's reaction distance counts 10" more. */
  reshaped?: true;
}

export const ACTIONS_PER_PERIOD = 2;

export const freshFlow = (): UnitFlow => ({
  used: 0,
  forceMarched: false,
  started: false,
  ended: false,
  stand: false,
  charged: false,
  usedBeforeCharge: 0,
  locked: false,
  morale: false,
  outOfCommand: false,
  closeAction: false,
  counterTried: false,
  declined: [],
});

/** Actions the unit may still spend this period (not counting a force march). */
export const actionsLeft = (f: UnitFlow): number => Math.max(0, ACTIONS_PER_PERIOD - f.used);

/** Why `cost` actions cannot be spent now, or null. */
export function spendProblem(f: UnitFlow, cost: number): string | null {
  if (f.ended) return 'its activation is over for this period';
  if (f.locked) return 'it was charged before it moved and is held in the close action';
  if (cost > actionsLeft(f) + 1e-9) {
    return f.used >= ACTIONS_PER_PERIOD
      ? 'it has used both its actions this period; a unit never takes a third (only a force march adds a movement action)'
      : `that takes ${cost} action${cost === 1 ? '' : 's'} and it has ${actionsLeft(f)} left this period`;
  }
  return null;
}

export function spend(f: UnitFlow, cost: number): UnitFlow {
  return { ...f, used: f.used + cost, started: true, charged: false };
}

/** Why the unit cannot force march now, or null ('Force Marching': once a period, not when tired or exhausted). */
export function forceMarchProblem(f: UnitFlow, fatigue: number, cost: number): string | null {
  if (f.ended) return 'its activation is over for this period';
  if (f.locked) return 'it was charged before it moved and is held in the close action';
  if (f.forceMarched) return 'it has already force marched this period';
  if (fatigue >= 2) return 'a tired or exhausted unit may not force march';
  if (cost > 1 + 1e-9) return `the force march gives one extra action of movement and that move takes ${cost}`;
  return null;
}

/** Why the unit cannot charge now, or null: one action, never two charge actions in a row. */
export function chargeProblem(f: UnitFlow): string | null {
  if (f.charged) return 'a charge move is one action and never two in a row';
  return spendProblem(f, 1);
}

/** Keeping an action as a stand marker takes one unspent action; the activation ends. */
export function standProblem(f: UnitFlow): string | null {
  if (f.ended) return 'its activation is over for this period';
  if (actionsLeft(f) < 1) return 'a stand marker needs one whole unspent action, and it has used both';
  return null;
}

/** A unit charged before it moved is held in the fight with a stand marker for its defence action. */
export function chargedBeforeMoving(f: UnitFlow): UnitFlow {
  return f.started ? f : { ...f, locked: true, stand: true, ended: true };
}

/**
 * Whether the unit has an action for a defence action: a stand marker, or a whole action it never spent, whether or
 * not its activation is over ('Resolving Close Actions' 3: one unused or held action; 'Stand Markers': a unit that
 * used only one action shows the stand side of its counter).
 */
export const hasDefenceAction = (f: UnitFlow): boolean => f.stand || actionsLeft(f) >= 1;
