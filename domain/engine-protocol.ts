// The engine protocol's messages (docs/engine-protocol.md) as types, so the engine that writes them and the renderer
// that reads them agree at compile time instead of each restating them. Types only: nothing here runs, so the
// renderer may import it without reaching the engine layer.
//
// What one rule system alone has (a unit's fields, its actions) is a union keyed by `system`. Where the wire carries no `system` (an action, sent back as legal-actions listed it), the union is by
// system on the type side only, through SystemAction.

export type SideKey = 'red' | 'blue';
export type PlayerKind = 'ai' | 'random';
export type Seat = 'human' | PlayerKind;
/** A rule system's id, as scenarios name it: one per engine the program bundles. */
export type RuleSystemId = 'square-eagles' | 'hex-skirmish' | 'napoleons-eagles';

// ---- Results ------------------------------------------------------------------------------------------------------

export type VictoryKind = 'hold' | 'exit' | 'destroy' | 'points';

/**
 * What decided a game, in fields rather than words: the victory condition's kind and the side it made the winner,
 * or `turns` (the turn limit came with none met) and `none` (the game ended early with none met) for a draw.
 */
export type DecidedBy =
  | { kind: 'hold'; side: SideKey; objectives: string[] }
  | { kind: 'exit'; side: SideKey; edge: string }
  | { kind: 'destroy' | 'points'; side: SideKey }
  | { kind: 'turns' | 'none'; side: null };

export interface GameResult {
  winner: SideKey | 'draw';
  /** The deciding condition in words, for people. */
  reason: string;
  turns: number;
  vp: { red: number; blue: number };
  /** Index of the victory condition that decided, −1 for none. */
  condition: number;
  decidedBy: DecidedBy;
}

/** What a host needs after every move. */
export interface GameSummary {
  turn: number;
  turns: number;
  phase: string;
  /** The decision the engine waits for, `over` at the end. */
  pending: string;
  toAct: SideKey | null;
  seat: Seat | null;
  initiative: SideKey;
  vp: { red: number; blue: number };
  ply: number;
  over: boolean;
  result: GameResult | null;
}

/** Something that happened while an action was applied, with every die it rolled. */
export interface GameEvent {
  type: string;
  [field: string]: unknown;
}

// ---- Square Eagles pieces -----------------------------------------------------------------------------------------

export type SeFacing = 0 | 90 | 180 | 270;
export type SeFormation = 'line' | 'column' | 'square';

export type SquareEaglesAction =
  | { type: 'attach'; general: string; unit: string }
  | { type: 'order'; general: string; unit: string }
  | { type: 'end-orders' }
  | { type: 'bombard'; unit: string }
  | { type: 'rally'; unit: string }
  | { type: 'move'; unit: string; to: string; facing: SeFacing }
  | { type: 'march'; unit: string; to: string; facing: SeFacing }
  | { type: 'maneuver'; unit: string; to: string; facing: SeFacing; formation?: SeFormation }
  | { type: 'assault'; unit: string; target: string; from: string }
  | { type: 'exit'; unit: string }
  | { type: 'end-actions' }
  | { type: 'fire'; unit: string; target: string }
  | { type: 'defend-fire'; unit: string; target: string }
  | { type: 'pass' }
  | { type: 'assault-defence'; choice: 'fire' | 'dice' | 'none' }
  | { type: 'after-assault'; choice: 'stay' | 'advance' | 'turn'; facing?: SeFacing };

export interface SquareEaglesUnit {
  id: string;
  name: string;
  side: SideKey;
  type: string;
  status: 'table' | 'reserve' | 'eliminated' | 'exited';
  box: string | null;
  col: number | null;
  row: number | null;
  facing: number;
  formation: SeFormation | null;
  sp: number;
  hits: number;
  vp: number;
  orders: number;
  ordersUsed: number;
  did: string[];
  traits: string[];
  outOfSupply?: true;
}

export interface SquareEaglesGeneral {
  id: string;
  name: string;
  side: SideKey;
  status: string;
  with: string | null;
  box: string | null;
  commands: string[];
  roll: number;
  pips: number;
  banked: number;
  placed: boolean;
}

export interface SquareEaglesObjective {
  id: string;
  name: string;
  vp: number;
  boxes: string[];
  holder: SideKey | null;
}

export interface SquareEaglesDecision {
  kind: string;
  side: SideKey | null;
  attacker?: string;
  defender?: string;
  unit?: string;
  loser?: string;
}

/** The Square Eagles part of a `state` reply: a board of named boxes and what stands on it. */
export interface SquareEaglesView {
  system: 'square-eagles';
  board: { cols: number; rows: number; boxInches: number };
  decision: SquareEaglesDecision;
  objectives: SquareEaglesObjective[];
  units: SquareEaglesUnit[];
  generals: SquareEaglesGeneral[];
}

// ---- Hex Skirmish pieces ------------------------------------------------------------------------------------------

export type HexEdge = 'north' | 'south' | 'east' | 'west';

export type HexSkirmishAction =
  | { type: 'fire'; unit: string; target: string }
  | { type: 'move'; unit: string; to: string }
  | { type: 'exit'; unit: string; edge: HexEdge }
  | { type: 'split'; unit: string; men: number }
  | { type: 'join'; unit: string; into: string }
  | { type: 'detach'; unit: string }
  /** `unit` leads the attack; `with` are the other formations that join it against the same target. */
  | { type: 'melee'; unit: string; target: string; with?: string[] }
  | { type: 'end-phase' };

export type HexPieceKind = 'infantry' | 'cavalry' | 'artillery' | 'baggage' | 'officer';

/**
 * One formation on the hex map. `state` is what the men can do: `armed` fight, `unarmed` (rallied routers, escaped
 * prisoners) may move but not fight, `routing` and `prisoner` are moved for them, `abandoned` is a cannon or baggage
 * left with no men.
 */
export interface HexSkirmishUnit {
  id: string;
  name: string;
  side: SideKey;
  kind: HexPieceKind;
  /** The scenario's unit type (`line`, `light`, `baggage`…), or `officer`. */
  type: string;
  /** The scenario units this formation's men came from (several after a join). */
  origins: string[];
  status: 'table' | 'reserve' | 'exited' | 'lost' | 'destroyed' | 'captured' | 'merged';
  /** The hex it stands in, by name, when on the table. */
  box: string | null;
  men: number;
  officer: { id: string; name: string } | null;
  gun: boolean;
  wagon: boolean;
  state: 'armed' | 'unarmed' | 'routing' | 'prisoner' | 'abandoned';
  /** Who holds prisoners. */
  captor: SideKey | null;
  /** A cannon's turns of ammunition left away from baggage. */
  ammo: number | null;
  fired: boolean;
  moved: boolean;
  attacked: boolean;
}

export interface HexSkirmishObjective {
  id: string;
  name: string;
  vp: number;
  boxes: string[];
  holder: SideKey | null;
}

/** The Hex Skirmish part of a `state` reply: a hex board, its four terrain types, and the formations on it. */
export interface HexSkirmishView {
  system: 'hex-skirmish';
  board: { cols: number; rows: number; hexInches: number; orientation: 'flat' | 'pointy'; terrain: Record<string, 'covered' | 'fortified' | 'impassable'> };
  decision: { kind: string; side: SideKey | null };
  objectives: HexSkirmishObjective[];
  units: HexSkirmishUnit[];
  /** Officers ride with formations (HexSkirmishUnit.officer) or stand alone as formations of kind `officer`. */
  generals: [];
}

// ---- Napoleon's Eagles pieces -------------------------------------------------------------------------------------

/** A unit's formation on the open table (file-format.md's tactical formations). */
export type NeFormation = 'line' | 'supported-line' | 'column' | 'road-column' | 'square' | 'skirmish' | 'echelon' | 'limbered' | 'unlimbered';

/**
 * Napoleon's Eagles is played on an open table measured in inches, so a place is a point [x, y] (x east, y south,
 * from the table's north-west corner) and a facing is degrees clockwise from north.
 */
export type NapoleonsEaglesAction =
  /** Each side in turn, secretly: the other side's bid stays hidden in the view until both are in. */
  | { type: 'bid'; points: number }
  /** The bid winner takes side A (moves `sideRatio.a` units a step) or side D. */
  | { type: 'choose'; role: 'A' | 'D' }
  | { type: 'move'; unit: string; to: [number, number]; facing: number }
  /** The extra movement action a force march gives (fatigue +2). */
  | { type: 'force-march'; unit: string; to: [number, number]; facing: number }
  | { type: 'formation'; unit: string; formation: NeFormation }
  /** A unit in line turns a quarter of its figures back 90° on one flank (one action; 'Refusing a Flank'). */
  | { type: 'refuse'; unit: string; flank: 'left' | 'right' }
  | { type: 'fire'; unit: string; target: string; actions: 1 | 2; rapid?: true }
  /** `halt`: if it will not close, it halts 2" short instead of retreating ('Resolving Close Actions' 5). */
  | { type: 'charge'; unit: string; target: string; halt?: true }
  /** Keeps one remaining action as a stand marker (a defence action later); ends the activation. */
  | { type: 'stand'; unit: string }
  /** One action of rest: one fatigue level recovered (or one action of a retreat's recovery). */
  | { type: 'rest'; unit: string }
  /** A volunteer retreat; ends the activation. */
  | { type: 'retreat'; unit: string }
  /** Ends the unit's activation. */
  | { type: 'done'; unit: string }
  /** Side A stops moving units this period (allowed once it has moved at least half of its units). */
  | { type: 'finish' }
  | { type: 'leader'; leader: string; to: [number, number]; attach: string | null }
  | { type: 'end-leaders' }
  /** A charged unit spends its held action: fire at the charger (`rapid`: a battery at normal fatigue, +2 fatigue), face it, form square, refuse the flank struck, or nothing. */
  | { type: 'defend'; unit: string; choice: 'fire' | 'face' | 'square' | 'refuse' | 'none'; rapid?: true }
  /** Before the game turn's threshold rolls: the influence (0–6) `leader` lends to the roll he leads, at a d10 risk. */
  | { type: 'influence'; leader: string; bonus: number }
  /**
   * Command option #2, in the bid decision before the side bids: a written order for the division `leader` commands.
   * `at` is the objective (attack, maneuver) or the centre of the area held (defend); absent, the leader's place.
   */
  | { type: 'order'; leader: string; order: NeOrder; at?: [number, number] }
  /** `caissons` option: a caisson that has not acted this period spends it reloading a battery it touches. */
  | { type: 'resupply'; unit: string; battery: string }
  /** `buildingFires` option: infantry in a block spends its period starting a fire there or fighting one. */
  | { type: 'building-fire'; unit: string; task: 'start' | 'extinguish'; block: string };

/** Command option #2's six orders ('Command and Control Option #2'). */
export type NeOrder = 'attack' | 'defend' | 'withdraw' | 'pursuit' | 'maneuver' | 'reserve';

export type NeFatigue = 'normal' | 'fatigued' | 'tired' | 'exhausted';

export interface NapoleonsEaglesUnit {
  id: string;
  name: string;
  side: SideKey;
  arm: string;
  type: string;
  /** `reserve` not yet arrived; `routed`, `surrendered` and `eliminated` are gone for good. */
  status: 'table' | 'reserve' | 'routed' | 'surrendered' | 'eliminated';
  /** The centre of its footprint. */
  at: [number, number] | null;
  facing: number;
  formation: NeFormation;
  /** The footprint's frontage and depth in inches, for its formation and figures now. */
  width: number;
  depth: number;
  figures: number;
  /** Figures (or, for a battery, crew hits it can still take) at the start. */
  startFigures: number;
  fatigue: NeFatigue;
  disordered: boolean;
  /** Actions still needed to recover from retreat status; 0 when not retreating. */
  retreat: number;
  /** Actions used this period, and the most it may use (2, 3 with a force march). */
  actionsUsed: number;
  activated: boolean;
  markers: ('stand' | 'moved' | 'morale' | 'out-of-command' | 'threshold' | 'locked')[];
  /** Batteries: how many sixes of the ammunition rolls so far (3 is out). */
  ammo?: number;
}

/** What the special rules add to a unit (rules notes §14, §15); each field only while it applies. */
export interface NapoleonsEaglesUnitRules {
  /** A line holding one flank refused, and the figures turned back. */
  refused?: { flank: 'left' | 'right'; figures: number };
  /** Cavalry out of control: it charges the nearest enemy it sees at the start of next period. */
  outOfControl?: true;
  /** With table flanks: the flank (0 = left) the unit belongs to this period. */
  flank?: number;
}

/** A period of the game as players count it. */
export interface NeWhen {
  turn: number;
  period: number;
}

/** The special rules' part of the view (rules notes §14, §15); each field only while its rule has something to show. */
export interface NapoleonsEaglesRulesView {
  /** Command option #2: each division's order in force (`unwritten`: none given, it holds where its leader stands), and one on its way. */
  orders?: {
    leader: string;
    side: SideKey;
    order: NeOrder;
    at: [number, number];
    committed: boolean;
    unwritten?: true;
    /** A misread withdraw: the last period it lasts. */
    until?: NeWhen;
    next?: { order: NeOrder; at: [number, number]; sent: NeWhen; arrives: NeWhen };
  }[];
  /** Banks of smoke: centre, facing and width of the firer's front, 1" deep; they stand to the end of `until`. */
  smoke?: { by: string; at: [number, number]; facing: number; width: number; depth: number; until: NeWhen }[];
  /** Fires burning, by building block id. */
  fires?: Record<string, number>;
  /** Troops starting or fighting a fire this period. */
  fireWork?: { unit: string; task: 'start' | 'extinguish'; block: string }[];
  /** Caissons reloading batteries this period. */
  resupply?: { caisson: string; battery: string }[];
  /** Fights tied on equal base values, fought again at the next close-action step. */
  carried?: { charger: string; target: string }[];
  /** Table flanks: how many, the flank bidding or moving now (0 = left) and those still to move after it. */
  flanks?: { count: number; now: number; stage: 'bidding' | 'moving'; queue: number[] };
}

export interface NapoleonsEaglesLeader {
  id: string;
  name: string;
  side: SideKey;
  echelon: string;
  at: [number, number];
  attached: string | null;
  radius: number;
  lost: boolean;
}

export interface NapoleonsEaglesObjective {
  id: string;
  name: string;
  vp: number;
  at: [number, number];
  radius: number;
  holder: SideKey | null;
}

/** The decision the engine waits for; `unit` is the unit mid-activation or charged, `closeAction` the one resolving. */
export interface NapoleonsEaglesDecision {
  kind: 'bid' | 'choose' | 'activate' | 'counter' | 'leaders' | 'defend' | 'influence' | 'over';
  side: SideKey | null;
  unit?: string;
  charger?: string;
  /** `counter`: the cavalry that may counter-charge `unit`, the unit that just moved or charged to their front. */
  cavalry?: string[];
  /** `influence`: the leader whose influence on the threshold roll is asked for. */
  leader?: string;
  /** `influence`: the rolls `leader` leads this game turn (were every army to hold), and the leaders still to be asked after him. */
  influence?: { rolls: NapoleonsEaglesInfluenceRoll[]; pending: string[] };
}

/** A threshold roll the asked leader leads: the engine's own need before influence, and its modifiers. */
export interface NapoleonsEaglesInfluenceRoll {
  level: 'army' | 'division';
  /** The side key for an army roll, the division's formation id for a division roll. */
  formation: string;
  lost: number;
  total: number;
  /** The d20 roll at or under which it passes before influence: 8 + the modifiers. */
  need: number;
  modifiers: { id: string; value: number; reason: string }[];
}

/** The Napoleon's Eagles part of a `state` reply: an open table in inches and what stands on it. */
export interface NapoleonsEaglesView extends NapoleonsEaglesRulesView {
  system: 'napoleons-eagles';
  table: { width: number; height: number };
  decision: NapoleonsEaglesDecision;
  /** Period 1–6 of the game turn. */
  period: number;
  /** Turn points left this game turn; a bid is `hidden` until both sides have bid. */
  turnPoints: Record<SideKey, number>;
  bids: Record<SideKey, number | 'hidden' | null>;
  /** Side A this period (null before the choice), the A:D ratio, units the side to act may still start this step, units each side activated. */
  roles: { a: SideKey | null; ratio: { a: number; d: number }; stepLeft: number; moved: Record<SideKey, number> };
  /** Close actions declared this period, in order, for step 9. */
  closeActions: { charger: string; target: string }[];
  units: (NapoleonsEaglesUnit & NapoleonsEaglesUnitRules)[];
  leaders: NapoleonsEaglesLeader[];
  objectives: NapoleonsEaglesObjective[];
}

/** One member per rule system. */
export type SystemView = SquareEaglesView | HexSkirmishView | NapoleonsEaglesView;
export type SystemAction<S extends RuleSystemId = RuleSystemId> = { 'square-eagles': SquareEaglesAction; 'hex-skirmish': HexSkirmishAction; 'napoleons-eagles': NapoleonsEaglesAction }[S];
/** Any rule system's action, as legal-actions lists it and act takes it back. */
export type EngineAction = SystemAction;

// ---- Explanations -------------------------------------------------------------------------------------------------

export interface Modifier {
  reason: string;
  dice: number;
}

export interface Pool {
  dice: number;
  hitOn: number;
  modifiers: Modifier[];
}

/** A modifier added to one d6 roll (Hex Skirmish cannon casualties), where Modifier adds or takes away dice. */
export interface RollModifier {
  reason: string;
  value: number;
}

export interface MeleeSideTerms {
  units: string[];
  men: number;
  officer: boolean;
  strength: number;
}

/** Hex Skirmish: a cannon's casualties for each d6, with every modifier (docs/cli.md "explain"). */
export interface CannonExplanation {
  allowed: true;
  kind: 'cannon';
  range: number;
  indirect: boolean;
  modifiers: RollModifier[];
  total: number;
  casualtiesByRoll: number[];
  expected: number;
  chance: number;
  overFriends: string | null;
}

/** Hex Skirmish: the melee's ratio row, its six results and the odds of each outcome. */
export interface MeleeExplanation {
  allowed: true;
  kind: 'melee';
  attacker: MeleeSideTerms;
  defender: MeleeSideTerms & { terrain: 'clear' | 'covered' | 'fortified'; multiplier: number };
  ratio: string;
  larger: 'attacker' | 'defender' | 'even';
  results: string[];
  odds: { attacker: number; defender: number; stalemate: number };
  killed: number;
}

/** Napoleon's Eagles: a named change to a die, a value or a need (docs/cli.md "explain"). */
export interface NeModifierTerm {
  id: string;
  reason: string;
  value: number;
}

/** Napoleon's Eagles: one unit the solid shot's bounce passes through. */
export interface NeVictimTerms {
  unit: string;
  hitOn: number;
  damagePerHit: number;
  dense: boolean;
  damageModifiers: NeModifierTerm[];
  expected: number;
}

/** Napoleon's Eagles fire: small arms and canister read the musket table; solid shot rolls per unit it bounces through. */
export interface NeFireExplanation {
  allowed: true;
  kind: 'musket' | 'rifle' | 'carbine' | 'canister' | 'solid-shot';
  range: number;
  band: 'close' | 'medium' | 'long' | 'extreme';
  actions: 1 | 2;
  figures?: number;
  rows?: number[];
  modifiers: NeModifierTerm[];
  total: number;
  casualtiesByRoll?: number[];
  expected: number;
  hitOn?: number;
  dice?: number;
  bounce?: number;
  victims?: NeVictimTerms[];
}

export interface NeMoraleTerms {
  rating: number;
  modifiers: NeModifierTerm[];
  need: number;
  pass: number;
}

export interface NeMeleeSideTerms {
  unit: string;
  base: number;
  modifiers: NeModifierTerm[];
  value: number;
  enfilade: number;
  morale: NeMoraleTerms;
}

/** Napoleon's Eagles assault: a close action's melee roll, or a cavalry charge's ride-down. */
export interface NeAssaultExplanation {
  allowed: true;
  kind: 'close-action' | 'cavalry-charge';
  aspect: 'front' | 'flank' | 'rear';
  contact: 'full';
  attacker: NeMeleeSideTerms;
  defender: NeMeleeSideTerms;
  odds: { attacker: number; defender: number; again: number };
  contactFigures: number;
  casualties:
    | { attackerInflicts: { ifWins: number[]; ifLoses: number[] }; defenderInflicts: { ifWins: number[]; ifLoses: number[] } }
    | { rideDown: number; cavalryLoses: number };
  rideDown: boolean | null;
}

/** The answer of `adc explain --json`: one fire's or one assault's dice, or why it cannot happen. */
export type Explanation =
  | { allowed: false; reason: string }
  | { allowed: true; kind: 'fire' | 'skirmish'; range: number; dice: number; hitOn: number; modifiers: Modifier[] }
  | { allowed: true; arc: string; attacker: Pool; defender: Pool }
  | CannonExplanation
  | MeleeExplanation;

/**
 * Napoleon's Eagles' answers, kept apart from Explanation for now: the play panels narrow Explanation by `kind` and
 * `attacker`, and these shapes would need their own branches there first.
 */
/** Fire out of building blocks ('Figures Inside Buildings Firing Out'): a d6 per firing block per action, a 6 kills
 *  two. `range` is the nearest firing block's; there are no range bands. */
export interface NeBlockFireExplanation {
  allowed: true;
  kind: 'block';
  range: number;
  actions: 1 | 2;
  blocks: { block: string; figures: number; range: number }[];
  modifiers: NeModifierTerm[];
  total: number;
  dice: number;
  hitOn: number;
  casualtiesPerHit: number;
  expected: number;
}

export type NeExplanation = { allowed: false; reason: string } | NeFireExplanation | NeBlockFireExplanation | NeAssaultExplanation;

/** What the engine's `explain` adds to `adc explain --json`: `reroll` for a fire, `gunsRemoved` for an assault. */
export interface ExplanationExtra {
  reroll?: boolean;
  gunsRemoved?: boolean;
}

// ---- Simulations --------------------------------------------------------------------------------------------------

export interface UnitLoss {
  units: number;
  sp: number;
}

export interface SimulationSummary {
  games: number;
  wins: { red: number; blue: number; draw: number };
  winRate: { red: number; blue: number };
  ci95: { red: [number, number]; blue: [number, number] };
  meanTurns: number;
  meanVp: { red: number; blue: number };
  seconds: number;
  /** In how many games each side ended with exactly `vp` victory points, by VP ascending. */
  vpHistogram: { vp: number; red: number; blue: number }[];
  /** The turn games ended on, by result, by turn ascending; turns no game ended on are left out. */
  endTurns: { turn: number; red: number; blue: number; draw: number }[];
  /** Per side, per unit type of its army. */
  meanLosses: Record<SideKey, Record<string, UnitLoss>>;
}

/**
 * One row of the decided-by table: `condition` is the label in words ("#1 red hold obj-a+obj-b", "none (draw)"),
 * the other fields the same in parts: the condition's index (−1 for draws), its kind, the side it names (`any` or
 * null when it names none), and its objectives or edge.
 */
export interface DecidedByRow {
  condition: string;
  games: number;
  index: number;
  kind: VictoryKind | 'draw';
  side: SideKey | 'any' | null;
  objectives?: string[];
  edge?: string;
}

// ---- Replies ------------------------------------------------------------------------------------------------------

interface ReplyBase {
  re: string;
}

export interface ProblemItem {
  severity: string;
  path: string;
  message: string;
}

export interface ErrorReply {
  type: 'error';
  code: string;
  message: string;
  re?: string;
  problems?: ProblemItem[];
}

export interface ReadyReply extends ReplyBase {
  type: 'ready';
  protocol: number;
  engine: string;
  version: string;
  /** The rule systems this engine plays. */
  rules: string[];
  note?: string;
}

export interface SideInfo {
  id: string;
  key: SideKey;
  name: string;
}

export interface LoadedReply extends ReplyBase {
  type: 'loaded';
  scenario: string;
  title: string;
  ruleSystem: string;
  turns: number;
  sides: (SideInfo & { units: { id: string; name: string; type: string }[] })[];
  notes: string[];
  warnings: { path: string; message: string }[];
}

export interface PlyRecord {
  ply: number;
  turn: number;
  phase: string;
  side: string;
  action: EngineAction;
  events: GameEvent[];
}

export interface GameReply extends ReplyBase {
  type: 'game';
  game: string;
  scenario: string;
  seed: number;
  players: { red: Seat; blue: Seat };
  events: GameEvent[];
  summary: GameSummary;
  /** open-log only: the set-up's events and every ply. */
  setup?: GameEvent[];
  plies?: PlyRecord[];
}

/** Everything needed to draw a game: the summary's fields, and the system's own view. */
export type GameView = {
  scenario: string;
  title: string;
  seed: number;
  players: { red: Seat; blue: Seat };
  sides: SideInfo[];
} & GameSummary &
  SystemView;

export interface StateReply extends ReplyBase {
  type: 'state';
  game: string;
  state: GameView;
}

export interface LegalActionsReply extends ReplyBase {
  type: 'legal-actions';
  game: string;
  system: RuleSystemId;
  side: SideKey | null;
  /** With `unit` only: box → movement spent to reach it. */
  unit?: string;
  costs?: Record<string, number>;
  /** With `unit`, on an open table only: the polygons (inches) the unit can reach with its next movement action. */
  area?: [number, number][][];
  actions: EngineAction[];
}

/** `check`: whether the rules would take the action now; the game is left as it was. */
export type CheckedReply = ReplyBase & { type: 'checked'; game: string } & (
    | {
        ok: true;
        /** What the action would spend, as its event would report it: actions for a Napoleon's Eagles move or formation change, pips for a Square Eagles order. */
        cost?: number;
      }
    | { ok: false; reason: string }
  );

export interface ActedReply extends ReplyBase {
  type: 'acted';
  game: string;
  side: SideKey;
  by: Seat;
  action: EngineAction;
  events: GameEvent[];
  rolls: number[];
  summary: GameSummary;
}

export type ExplanationReply = ReplyBase & {
  type: 'explanation';
  scenario?: string;
  game?: string;
  action: 'fire' | 'assault';
  unit: string;
  target: string;
} & Explanation &
  ExplanationExtra;

export interface LogReply extends ReplyBase {
  type: 'log';
  game: string;
  text: string;
}

export interface UndoneReply extends ReplyBase {
  type: 'undone';
  game: string;
  removed: number;
  summary: GameSummary;
}

export interface PositionReply extends ReplyBase {
  type: 'position';
  game: string;
  ply: number;
  plies: number;
  summary: GameSummary;
}

export interface ClosedReply extends ReplyBase {
  type: 'closed';
  game: string;
}

export interface ProgressEvent {
  type: 'progress';
  request: string;
  done: number;
  total: number;
}

export type SimulationReply = ReplyBase & {
  type: 'simulation';
  scenario: string;
  seed: number;
  red: PlayerKind;
  blue: PlayerKind;
  decidedBy: DecidedByRow[];
} & SimulationSummary;

export interface CancelledReply extends ReplyBase {
  type: 'cancelled';
  request: string;
  done: number;
  total: number;
}

export interface PongReply extends ReplyBase {
  type: 'pong';
}
