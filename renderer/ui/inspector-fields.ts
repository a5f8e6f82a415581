// What the inspector shows for each kind of entity: its fields, how typed text becomes a stored value, and the edit
// a change makes. Napoleon's Eagles leaders and markers and the terrain facts have fields of their own, each with
// the rules' default as its placeholder and the rule it comes from as its help.
import type { AdcDocument, Arm, Echelon, RuleSystem } from '../../domain/model.js';
import { ARMS, FORMATIONS_ON_TABLE, GROUNDS, isScenario, RULE_SYSTEMS, WEATHERS } from '../../domain/model.js';
import { LEADER_DEFAULTS } from '../../domain/rule-systems/napoleons-eagles-leaders.js';
import { parseDate, weatherRules } from '../../domain/rule-systems/napoleons-eagles-nations.js';
import { PROFILES } from '../../domain/rule-systems/registry.js';
import { optionWords } from '../../domain/sheet/words.js';
import { deepEqual } from '../army/diff.js';
import { pointerToPath, setField, type EditorAction } from '../state/editor.js';
import { ABSENT, getAt } from '../state/history.js';
import { sideChoices, unitChoices } from './choices.js';

export interface FieldSpec {
  /** Relative to the entity. */
  at: string;
  label: string;
  /** `multi` picks several of `options` (a list of ids, shown by their labels); `color` is a colour and its hex. */
  kind: 'text' | 'number' | 'select' | 'multiline' | 'lines' | 'switch' | 'edges' | 'multi' | 'color';
  options?: readonly string[];
  /** What a select shows for each stored value, where the value alone would not read well. */
  optionLabels?: Readonly<Record<string, string>>;
  /** For selects whose values are numbers. */
  numeric?: boolean;
  /** Shown while the field is empty: the rules' default, or the forms accepted. */
  placeholder?: string;
  /** What the field does at the table and the rule it comes from, as the field's tooltip. */
  help?: string;
  /** Shown under the field while it has no problem: what the value changes. */
  note?: string;
  min?: number;
  max?: number;
  /** The label is shown beside the field rather than on it (a text under a heading); it still names the input. */
  hideLabel?: boolean;
  /** A message for a value the field can judge at once, before the validator has run. */
  check?(value: unknown): string | null;
  /** The arms the field belongs to; a unit of another arm shows it only while it holds a value, to clear it. */
  arms?: readonly Arm[];
  /**
   * Under a block that should not be left empty (a leader's or unit's `ratings`): the edit records the entity's
   * whole top-level field, so a field cleared again leaves no `{}` behind and keystrokes still fold into one step.
   */
  whole?: boolean;
}

const FOOT_AND_HORSE: readonly Arm[] = ['infantry', 'cavalry'];
const GUNS: readonly Arm[] = ['artillery'];
const NE: FieldSpec[] = [
  { at: '/ratings/napoleons-eagles/rating', label: 'Rating (e.g. B16C30)', kind: 'text' },
  { at: '/ratings/napoleons-eagles/figures', label: 'Figures', kind: 'number', arms: FOOT_AND_HORSE },
  { at: '/ratings/napoleons-eagles/ranks', label: 'Ranks', kind: 'select', options: ['', '2', '3'], numeric: true, arms: ['infantry'] },
  { at: '/ratings/napoleons-eagles/guns', label: 'Guns', kind: 'number', arms: GUNS },
  { at: '/ratings/napoleons-eagles/howitzers', label: 'Howitzers', kind: 'number', arms: GUNS },
  { at: '/ratings/napoleons-eagles/calibre', label: 'Calibre', kind: 'select', options: ['', '2-3lb', '4lb', '6lb', '8-9lb', '12lb'], arms: GUNS },
  { at: '/ratings/napoleons-eagles/models', label: 'Models', kind: 'number', arms: GUNS },
];
const RATING_FIELDS: Record<RuleSystem, FieldSpec[]> = {
  'napoleons-eagles': NE,
  'square-eagles': [
    { at: '/ratings/square-eagles/sp', label: 'Strength Points', kind: 'number' },
    { at: '/ratings/square-eagles/traits', label: 'Traits (one per line)', kind: 'lines' },
  ],
  'eagles-to-glory': [
    { at: '/ratings/eagles-to-glory/class', label: 'Class', kind: 'select', options: ['', 'A', 'B', 'C', 'D', 'E'] },
    { at: '/ratings/eagles-to-glory/stands', label: 'Stands', kind: 'number' },
  ],
  'hex-skirmish': [{ at: '/ratings/hex-skirmish/men', label: 'Men', kind: 'number' }],
};

const neMarker = (key: string, spec: Omit<FieldSpec, 'at' | 'whole'>): FieldSpec => ({ at: `/ratings/napoleons-eagles/${key}`, whole: true, ...spec });

/** Napoleon's Eagles unit markers, each for the arms it belongs to. */
const MARKERS: FieldSpec[] = [
  neMarker('guard', {
    arms: FOOT_AND_HORSE,
    label: 'Guard',
    kind: 'select',
    options: ['', 'old', 'middle', 'young'],
    optionLabels: { '': 'Not Guard', old: 'Old Guard', middle: 'Middle Guard', young: 'Young Guard' },
    help: "Which Guard: it moves the usual rating bands, and the division's threshold check weighs it (Threshold Checks).",
  }),
  neMarker('skirmishers', {
    arms: ['infantry'],
    label: 'Organic skirmishers (figures)',
    kind: 'number',
    placeholder: '0 (none)',
    min: 0,
    help: 'Figures of light companies in the battalion; with Company skirmishers on, fire at them from its front is at −1 (Company Skirmishers).',
  }),
  neMarker('guardBattery', { arms: GUNS, label: 'Guard battery', kind: 'switch', help: 'French and Prussian Guard batteries take one more hit before they are silenced (Artillery Crew Casualties).' }),
  neMarker('regimental', { arms: GUNS, label: 'Regimental guns', kind: 'switch', help: 'A pair of regimental guns runs out of ammunition at the second 6 rather than the third (Game Scale).' }),
];

/**
 * The fields among `specs` for a unit of this arm: those of its arm, and any other that holds a value (an artillery
 * unit marked Guard by mistake shows the mark, so the problem's field is there to clear).
 */
export function forArm(specs: readonly FieldSpec[], arm: unknown, unit: Record<string, unknown> = {}): FieldSpec[] {
  return specs.filter((f) => !f.arms || (f.arms as readonly unknown[]).includes(arm) || getAt(unit, pointerToPath(f.at)) !== ABSENT);
}

export const markerFields = (arm: unknown, unit: Record<string, unknown> = {}): FieldSpec[] => forArm(MARKERS, arm, unit);

const FORMATION_LABELS: Record<string, string> = Object.fromEntries(['', ...FORMATIONS_ON_TABLE].map((f) => [f, f === '' ? '—' : optionWords(f)]));

/**
 * Napoleon's Eagles leader ratings, each with the rules' default for the echelon he commands as its placeholder.
 * Unlike a rule setting, a rating typed equal to the default is kept: the default follows the formation's echelon,
 * which may change, and a rating the designer wrote down should not change with it.
 */
export function leaderFields(echelon: Echelon | undefined): FieldSpec[] {
  const d = echelon ? LEADER_DEFAULTS[echelon] : undefined;
  const dflt = (v: number | undefined, unit = ''): string | undefined =>
    d ? (v === undefined ? `none (${echelon} leader)` : `${v}${unit} (${echelon} default)`) : undefined;
  const field = (key: string, label: string, placeholder: string | undefined, help: string, min: number, max: number): FieldSpec => ({
    at: `/ratings/napoleons-eagles/${key}`,
    label,
    kind: 'number',
    whole: true,
    min,
    max,
    help,
    ...(placeholder ? { placeholder } : {}),
  });
  return [
    field('moraleBonus', 'Morale bonus', dflt(d?.moraleBonus), "Added to the morale checks of a unit he is with; one more for a good leader, one less for a mediocre one (Leader Bonus).", 0, 10),
    field('meleeBonus', 'Melee bonus', dflt(d?.meleeBonus), 'Added to the melee value of a unit he leads in: 0 for a timid leader, 10 for one who leads charges (Leader Bonus).', 0, 20),
    field('commandRadius', 'Command radius (inches)', dflt(d?.commandRadius, '″'), `How far his units may be from him and stay in command${d ? `; ${d.radiusBand[0]}–${d.radiusBand[1]}″ for a ${echelon} leader` : ''} (Command and Control Option #1).`, 0, 100),
    field('initiative', 'Initiative', dflt(d?.initiative), "With Leader initiative numbers on: out of his superior's radius he keeps command for the period on a d20 of this or less (Leader Initiative Numbers).", 1, 20),
    {
      ...field('misreadPenalty', 'Misread penalty', d ? '0 (default)' : undefined, 'With Misinterpreting of orders on: added to the d20 for new orders, +1 for a poor officer, +2 for an exceptionally bad one.', 0, 2),
      kind: 'select',
      options: ['', '0', '1', '2'],
      numeric: true,
      optionLabels: { '': '0 (default)', '0': '0', '1': '+1 (poor officer)', '2': '+2 (exceptionally bad)' },
    },
  ];
}

const TRI_STATE = ['', 'true', 'false'] as const;

/** Fields of how a river or ford is crossed; the rules leave both to the players, the rules notes' defaults shown. */
function crossingFields(node: Record<string, unknown>): FieldSpec[] {
  // The rules notes' reading: fords and fordable rivers take 2 actions and disorder; other rivers are crossed only
  // at their bridges and fords, which say for themselves.
  const crossable = node.kind === 'ford' || node.fordable === true;
  return [
    {
      at: '/crossingActions',
      label: 'Actions to cross',
      kind: 'number',
      min: 1,
      max: 4,
      placeholder: crossable ? '2 (default)' : '1–4',
      help: 'Actions a unit in column spends crossing, 1 to 4: the rules leave it to the players (Terrain Effects on Movement).',
    },
    {
      at: '/disorders',
      label: 'Crossing disorders',
      kind: 'select',
      options: TRI_STATE,
      optionLabels: { '': crossable ? 'Not set (yes, by default)' : 'Not set', true: 'Yes', false: 'No' },
      help: 'Whether a unit that crosses here is disordered: the rules leave it to the players (Terrain Effects on Movement).',
    },
  ];
}

function featureFields(node: Record<string, unknown>): FieldSpec[] {
  switch (node.kind) {
    case 'woods':
      return [{ at: '/density', label: 'Density', kind: 'select', options: ['', 'light', 'dense'] }];
    case 'hill':
      return [
        { at: '/level', label: 'Level', kind: 'select', options: ['', '1', '2', '3'], numeric: true },
        { at: '/slope', label: 'Slope', kind: 'select', options: ['', 'gentle', 'steep', 'extreme'] },
      ];
    case 'river':
      return [
        { at: '/width', label: 'Width (inches)', kind: 'number' },
        { at: '/fordable', label: 'Fordable', kind: 'select', options: TRI_STATE },
        ...crossingFields(node),
      ];
    case 'ford':
      return crossingFields(node);
    case 'bridge':
      return [
        {
          at: '/capacity',
          label: 'Figures per action',
          kind: 'number',
          min: 1,
          max: 48,
          placeholder: '4–12, by its size',
          help: 'Figures that may cross the bridge in one action: 4 to 12 by its size (Terrain Effects on Movement).',
        },
      ];
    case 'fortification':
      return [
        {
          at: '/works',
          label: 'Works',
          kind: 'select',
          options: ['', 'redoubt', 'prepared'],
          optionLabels: { '': 'Redoubt (default)', redoubt: 'Redoubt or field works', prepared: 'Prepared defences' },
          help: 'Redoubts and field works give the heavier fire and melee modifiers, prepared defences the lighter ones.',
        },
      ];
    case 'soft-ground':
      return [
        {
          at: '/surface',
          label: 'Surface',
          kind: 'select',
          options: ['', 'mud', 'sand', 'soft'],
          optionLabels: { '': '—', mud: 'Mud', sand: 'Sand', soft: 'Soft ground' },
          help: 'Mud, sand or soft ground: half movement for every arm, and solid shot bounces half as far.',
        },
      ];
    case 'building-block':
      return [
        { at: '/size', label: 'Size (inches)', kind: 'number' },
        { at: '/material', label: 'Material', kind: 'select', options: ['', 'wood', 'brick', 'stone'] },
        { at: '/fortifiedSides', label: 'Fortified sides', kind: 'edges', help: 'Sides behind a wall or prepared defence: its defenders fight from them with a bonus (Close Actions in Buildings).' },
      ];
    default:
      return [];
  }
}

const labelled = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, v === '' ? '—' : optionWords(v)]));

/** The scenario's date, weather and ground; under Napoleon's Eagles the weather says what it changes. */
function whenFields(doc: AdcDocument): FieldSpec[] {
  const effects =
    isScenario(doc) && doc.ruleSystem === 'napoleons-eagles'
      ? weatherRules(doc.weather, doc.ground)
          .map((r) => r.effect)
          .join('; ')
      : '';
  return [
    {
      at: '/date',
      label: 'Date',
      kind: 'text',
      placeholder: '1815, 1815-06 or 1815-06-18',
      help: 'When the battle is fought: a year, a month or a day. Some rules change with the year.',
      check: (v) => {
        if (typeof v !== 'string') return null;
        const parsed = parseDate(v);
        return parsed.ok ? null : parsed.message;
      },
    },
    { at: '/weather', label: 'Weather', kind: 'select', options: ['', ...WEATHERS], optionLabels: labelled(['', ...WEATHERS]), help: 'The weather at the start (Weather Effects, Visibility).' },
    {
      at: '/ground',
      label: 'Ground',
      kind: 'select',
      options: ['', ...GROUNDS],
      optionLabels: labelled(['', ...GROUNDS]),
      help: 'The state of the open ground at the start: rain before the battle leaves mud (Weather Effects).',
      ...(effects ? { note: effects } : {}),
    },
  ];
}

/** The echelon of the formation a leader commands, from the leader's pointer. */
function echelonOf(doc: AdcDocument, leaderPointer: string): Echelon | undefined {
  const holder = getAt(doc, pointerToPath(leaderPointer.replace(/\/leader$/, '')));
  const echelon = holder && typeof holder === 'object' ? (holder as { echelon?: unknown }).echelon : undefined;
  return typeof echelon === 'string' && Object.hasOwn(LEADER_DEFAULTS, echelon) ? (echelon as Echelon) : undefined;
}

const SYSTEM_TITLES: Record<string, string> = Object.fromEntries(RULE_SYSTEMS.map((id) => [id, PROFILES[id].title]));

/** A select of the scenario's sides by name, with `none` naming the empty choice. */
function sidePicker(doc: AdcDocument, none: string): Pick<FieldSpec, 'options' | 'optionLabels'> {
  const sides = isScenario(doc) ? sideChoices(doc) : { options: [], labels: {} };
  return { options: ['', ...sides.options], optionLabels: { '': none, ...sides.labels } };
}

/** The units of the side a deployment or reinforcement belongs to, by name. */
function unitPicker(doc: AdcDocument, pointer: string): Pick<FieldSpec, 'options' | 'optionLabels'> {
  const side = /^\/sides\/(\d+)\//.exec(pointer);
  const units = isScenario(doc) && side ? unitChoices(doc, Number(side[1])) : { options: [], labels: {} };
  return { options: units.options, optionLabels: units.labels };
}

export function fieldsFor(doc: AdcDocument, kind: string, node: Record<string, unknown>, pointer = ''): FieldSpec[] {
  const ne = doc.ruleSystem === 'napoleons-eagles';
  switch (kind) {
    case 'document':
      return isScenario(doc)
        ? [
            { at: '/title', label: 'Title', kind: 'text' },
            { at: '/author', label: 'Author', kind: 'text' },
            { at: '/description', label: 'Description', kind: 'multiline' },
            { at: '/ruleSystem', label: 'Rule system', kind: 'select', options: RULE_SYSTEMS, optionLabels: SYSTEM_TITLES },
            { at: '/table/width', label: 'Table width (inches)', kind: 'number' },
            { at: '/table/height', label: 'Table height (inches)', kind: 'number' },
            { at: '/grid/kind', label: 'Grid', kind: 'select', options: ['none', 'square', 'hex'] },
            { at: '/grid/cell', label: 'Cell size (inches)', kind: 'number' },
            { at: '/scale/figureRatio', label: 'Figure ratio (1:N)', kind: 'number' },
            { at: '/turns/limit', label: 'Turn limit', kind: 'number' },
            { at: '/turns/first', label: 'First to move', kind: 'select', ...sidePicker(doc, '—') },
            ...whenFields(doc),
            { at: '/specialRules', label: 'Special rules (one per line)', kind: 'lines' },
          ]
        : [
            { at: '/name', label: 'Name', kind: 'text' },
            { at: '/nation', label: 'Nation', kind: 'text' },
            { at: '/year', label: 'Year', kind: 'number' },
            { at: '/ruleSystem', label: 'Rule system', kind: 'select', options: ['', ...RULE_SYSTEMS], optionLabels: { '': '—', ...SYSTEM_TITLES } },
            { at: '/scale/figureRatio', label: 'Figure ratio (1:N)', kind: 'number' },
            { at: '/source', label: 'Source', kind: 'text' },
            { at: '/notes', label: 'Notes', kind: 'multiline' },
          ];
    case 'unit': {
      const arm = typeof node.arm === 'string' && node.arm in ARMS ? (node.arm as keyof typeof ARMS) : undefined;
      const system = doc.ruleSystem;
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/id', label: 'Id', kind: 'text' },
        { at: '/arm', label: 'Arm', kind: 'select', options: Object.keys(ARMS) },
        { at: '/type', label: 'Type', kind: 'select', options: arm ? ARMS[arm] : [] },
        { at: '/men', label: 'Men', kind: 'number' },
        { at: '/vp', label: 'Victory points', kind: 'number' },
        ...forArm(system ? RATING_FIELDS[system] : [], node.arm, node),
        ...(ne ? markerFields(node.arm, node) : []),
        { at: '/setup/cell', label: 'Set-up cell', kind: 'text' },
        { at: '/setup/facing', label: 'Facing (degrees)', kind: 'number' },
        { at: '/setup/formation', label: 'Formation at set-up', kind: 'select', options: ['', ...FORMATIONS_ON_TABLE], optionLabels: FORMATION_LABELS },
      ];
    }
    case 'leader':
      return [{ at: '/name', label: 'Name', kind: 'text' }, { at: '/id', label: 'Id', kind: 'text' }, ...(ne ? leaderFields(echelonOf(doc, pointer)) : [])];
    case 'formation':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/echelon', label: 'Echelon', kind: 'select', options: ['army', 'wing', 'corps', 'division', 'brigade'] },
        { at: '/id', label: 'Id', kind: 'text' },
      ];
    case 'side':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/nation', label: 'Nation', kind: 'text' },
        { at: '/color', label: 'Colour', kind: 'color', help: "The side's colour on the map and the printed sheet, as #RRGGBB." },
        { at: '/id', label: 'Id', kind: 'text' },
      ];
    case 'deployment':
      return [
        { at: '/zone/edge', label: 'Edge', kind: 'select', options: ['', 'north', 'south', 'east', 'west'] },
        { at: '/zone/depth', label: 'Depth (inches)', kind: 'number' },
        { at: '/units', label: 'Units', kind: 'multi', placeholder: 'Every unit not placed otherwise', ...unitPicker(doc, pointer) },
      ];
    case 'reinforcement':
      return [
        { at: '/turn', label: 'Arrives on turn', kind: 'number' },
        { at: '/roll/from', label: 'Or roll from turn', kind: 'number' },
        { at: '/roll/need', label: 'Needing on a d6', kind: 'number' },
        { at: '/entry/edge', label: 'Entry edge', kind: 'select', options: ['', 'north', 'south', 'east', 'west'] },
        { at: '/units', label: 'Units', kind: 'multi', placeholder: 'None chosen yet', ...unitPicker(doc, pointer) },
      ];
    case 'objective':
      return [
        { at: '/name', label: 'Name', kind: 'text' },
        { at: '/vp', label: 'Victory points', kind: 'number' },
        { at: '/radius', label: 'Radius (inches)', kind: 'number' },
        { at: '/heldBy', label: 'Held at the start by', kind: 'select', ...sidePicker(doc, 'Nobody') },
      ];
    case 'feature':
      return [{ at: '/name', label: 'Name', kind: 'text' }, { at: '/id', label: 'Id', kind: 'text' }, ...featureFields(node)];
    default:
      return [];
  }
}

/** Turns what the user typed into the stored value; text that is not a number stays text so validation says so. */
export function parseInput(spec: FieldSpec, raw: string): unknown {
  if (raw === '') return undefined;
  if (spec.kind === 'number' || spec.numeric) {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
  }
  if (spec.kind === 'lines') return raw.split('\n').filter((l, i, all) => l.trim() !== '' || i < all.length - 1);
  if (spec.options?.includes('true') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

export const EDGES = ['north', 'east', 'south', 'west'] as const;

/** The sides ticked, in compass order; none at all is no field. */
export function edgesValue(current: unknown, edge: (typeof EDGES)[number], on: boolean): string[] | undefined {
  const had = Array.isArray(current) ? current.filter((e): e is string => typeof e === 'string') : [];
  const next = EDGES.filter((e) => (e === edge ? on : had.includes(e)));
  return next.length ? next : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `value` at `path` inside `root`, and every object on the way that this leaves empty removed. */
function setPruned(root: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const out = { ...root };
  const next = rest.length === 0 ? value : setPruned(isRecord(root[head]) ? root[head] : {}, rest, value);
  if (next === undefined || (isRecord(next) && Object.keys(next).length === 0)) delete out[head];
  else out[head] = next;
  return out;
}

/** The edit a field makes: one value set (undefined removes it), labelled with the field's name. */
export function fieldEdit(doc: AdcDocument, entityPointer: string, spec: FieldSpec, value: unknown): EditorAction {
  const pointer = `${entityPointer}${spec.at}`;
  const label = `Edit ${spec.label.replace(/ \(.*\)$/, '').toLowerCase()}`;
  const side = /^\/sides\/(\d+)\/name$/.exec(pointer);
  if (side) return withArmyFollowingSide(doc, Number(side[1]), value, setField(doc, pointer, value, label));
  if (!spec.whole) return setField(doc, pointer, value, label);
  const [top, ...rest] = pointerToPath(spec.at).map(String) as [string, ...string[]];
  const path = [...pointerToPath(entityPointer), top];
  const before = getAt(doc, path);
  const inner = setPruned({ [top]: isRecord(before) ? before : {} }, [top, ...rest], value)[top];
  const after = inner === undefined ? ABSENT : inner;
  const changes = deepEqual(before, after) ? [] : [{ path, before, after }];
  return { type: 'edit', label, changes, mergeKey: `field:${pointer}` };
}

/**
 * A new scenario names each army after its side ("Red army"); renaming the side renames an army still so named, in
 * the same step, so the outline and the sheet do not go on calling the French "Red army".
 */
function withArmyFollowingSide(doc: AdcDocument, index: number, name: unknown, edit: EditorAction): EditorAction {
  if (edit.type !== 'edit' || typeof name !== 'string' || !name.trim()) return edit;
  const side = getAt(doc, ['sides', index]);
  if (!isRecord(side) || !isRecord(side.army) || typeof side.name !== 'string') return edit;
  const before = side.army.name;
  if (before !== `${side.name} army`) return edit;
  const path = ['sides', index, 'army', 'name'];
  const after = `${name.trim()} army`;
  return after === before ? edit : { ...edit, changes: [...edit.changes, { path, before, after }] };
}
