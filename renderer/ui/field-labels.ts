// Which inspector control edits the value a problem is about, and the problem in the words of that control's label.
// The validator speaks of the file ("scale" is missing, width is 0 but must be more than 0); the user sees labelled
// fields. The labels are not copied here: the table from JSON Pointers to labels is the inspector's own field list
// (inspector-fields.ts) and the rule system's catalogue (RuleSettings), read at the problem's pointer, so a label
// renamed there is renamed here too.
import { isScenario, type AdcDocument, type Objective } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { profileFor } from '../../domain/rule-systems/registry.js';
import { objectiveName, sideName } from '../../domain/sheet/words.js';
import { pointerToPath } from '../state/editor.js';
import { ABSENT, getAt } from '../state/history.js';
import { entityOf } from '../state/selection.js';
import { featureChoices } from './choices.js';
import { fieldsFor } from './inspector-fields.js';
import { SECTION_TITLES, sectionOf } from './inspector-sections.js';

/** A control of the inspector: the pointer its input carries (`data-pointer`) and the label it shows. */
export interface FieldTarget {
  pointer: string;
  label: string;
  /** How the control stands to the problem's value: it is that value, holds it (a line of a list), or is inside it. */
  relation: 'same' | 'holds' | 'inside';
}

/** The schema check's words for a field that is not there: `"scale" is missing` at the object that lacks it. */
const MISSING = /^"([^"]+)" is missing$/;

const escape = (name: string): string => name.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The pointer a problem is about: its path, or for a missing field, where that field would be. */
export function subjectOf(problem: Problem): string {
  const missing = MISSING.exec(problem.message);
  return missing ? `${problem.path}/${escape(missing[1]!)}` : problem.path;
}

/** The rule setting a pointer under `ruleOptions` belongs to, for the scenario's own system (the one shown). */
function settingTarget(doc: AdcDocument, subject: string): FieldTarget | null {
  const m = /^\/ruleOptions\/([^/]+)\/([^/]+)(\/.*)?$/.exec(subject);
  if (!m || !isScenario(doc) || unescape(m[1]!) !== doc.ruleSystem) return null;
  const spec = profileFor(doc.ruleSystem)?.options.find((o) => o.name === unescape(m[2]!));
  if (!spec) return null;
  // A per-side number or a ratio's part has an input of its own, at the value's pointer.
  return { pointer: subject, label: spec.label, relation: 'same' };
}

/** The inspector control for a pointer into the document, or null when the inspector has none for it. */
export function fieldAt(doc: AdcDocument, subject: string): FieldTarget | null {
  if (subject.startsWith('/ruleOptions/')) return settingTarget(doc, subject);
  const entity = entityOf(subject === '' ? null : subject);
  const node = getAt(doc, pointerToPath(entity.pointer));
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const specs = fieldsFor(doc, entity.kind, node as Record<string, unknown>, entity.pointer);
  const at = (s: { at: string }) => `${entity.pointer}${s.at}`;
  const same = specs.find((s) => at(s) === subject);
  if (same) return { pointer: subject, label: same.label, relation: 'same' };
  const holds = specs.find((s) => subject.startsWith(`${at(s)}/`));
  if (holds) return { pointer: at(holds), label: holds.label, relation: 'holds' };
  // A missing object the inspector edits through its fields (scale: its figure ratio). An object that is there, such
  // as the entity itself, is not one of its fields.
  if (getAt(doc, pointerToPath(subject)) !== ABSENT) return null;
  const inside = specs.filter((s) => at(s).startsWith(`${subject}/`));
  if (inside.length === 0) return null;
  return { pointer: at(inside[0]!), label: inside[0]!.label, relation: inside.length === 1 ? 'same' : 'inside' };
}

/** The control that edits what a problem is about. */
export const fieldTarget = (doc: AdcDocument, problem: Problem): FieldTarget | null => fieldAt(doc, subjectOf(problem));

/** How the schema check names the field at a pointer: its last name, with any list positions after it. */
function fileName(path: string): string {
  const segments = path.split('/').slice(1).map(unescape);
  let i = segments.length;
  let indexes = '';
  while (i > 0 && /^\d+$/.test(segments[i - 1]!)) indexes = `[${segments[--i]!}]${indexes}`;
  return i === 0 ? '' : `${segments[i - 1]!}${indexes}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const nameOf = (v: unknown): string => (isRecord(v) && typeof v.name === 'string' ? v.name.trim() : '');

/**
 * Where a pointer is, in the names the user knows: the nearest thing around it that has one (a unit, a formation, a
 * side, a feature, an objective), or else the inspector section that holds it. Never the pointer itself, which
 * means nothing to someone who has not read the file.
 */
export function placeOf(doc: AdcDocument | null, pointer: string): string {
  if (doc === null) return 'The file';
  const entity = entityOf(pointer === '' ? null : pointer);
  const node = getAt(doc, pointerToPath(entity.pointer));
  if (!isScenario(doc)) {
    if (entity.kind === 'document') return 'Army list';
    return nameOf(node) || (entity.kind === 'formation' ? 'Army' : `Unnamed ${entity.kind}`);
  }
  const side = /^\/sides\/(\d+)/.exec(entity.pointer);
  const sideLabel = side ? sideName(doc.sides?.[Number(side[1])], `Side ${Number(side[1]) + 1}`) : '';
  switch (entity.kind) {
    case 'unit':
    case 'leader':
      return `${nameOf(node) || `Unnamed ${entity.kind}`} (${sideLabel})`;
    case 'formation':
      // A side's own army is the side to the user: it is edited and named under Sides.
      if (/^\/sides\/\d+\/army$/.test(entity.pointer)) return `${sideLabel} (${SECTION_TITLES.sides})`;
      return `${nameOf(node) || 'Unnamed formation'} (${sideLabel})`;
    case 'deployment':
      return `Deployment zone ${Number(/\d+$/.exec(entity.pointer)![0]) + 1} (${sideLabel})`;
    case 'reinforcement':
      return `Reinforcement ${Number(/\d+$/.exec(entity.pointer)![0]) + 1} (${sideLabel})`;
    case 'side':
      return `${sideLabel} (${SECTION_TITLES.sides})`;
    case 'feature': {
      const id = isRecord(node) && typeof node.id === 'string' ? node.id : '';
      return featureChoices(doc).labels[id] ?? (nameOf(node) || 'Unnamed feature');
    }
    case 'objective':
      return isRecord(node) ? `${objectiveName(doc, node as unknown as Objective)} (${SECTION_TITLES.objectives})` : SECTION_TITLES.objectives;
    case 'document':
      return pointer === '' ? 'Scenario' : SECTION_TITLES[sectionOf(pointer) ?? 'general'];
  }
}

export interface ShownProblem {
  problem: Problem;
  /** The message in the label's words, where the validator named the file's field; otherwise its own message. */
  message: string;
  hint?: string;
  target: FieldTarget | null;
  /** Where the problem is, in the user's words: the control's label, or the named thing or section around it. */
  where: string;
  /** Whether `message` differs from the validator's. */
  relabelled: boolean;
}

/**
 * A problem as the problems panel shows it. Only the validator's sentences that name the file's field are reworded
 * (missing, wrong type, out of bounds, not one of the choices); a sentence that already speaks of the table or the
 * units is left as written.
 */
export function showProblem(doc: AdcDocument | null, problem: Problem): ShownProblem {
  const target = doc ? fieldTarget(doc, problem) : null;
  const where = target ? target.label : placeOf(doc, subjectOf(problem));
  const plain: ShownProblem = { problem, message: problem.message, ...(problem.hint !== undefined ? { hint: problem.hint } : {}), target, where, relabelled: false };
  if (!target || target.relation !== 'same') return plain;
  const missing = MISSING.exec(problem.message);
  if (missing) {
    // "Add "scale"." names the file's field too; the way to add it is the field the click goes to.
    const hint = problem.hint === `Add "${missing[1]!}".` ? 'Click to go to the field.' : problem.hint;
    return { ...plain, message: `${target.label} is missing`, ...(hint !== undefined ? { hint } : {}), relabelled: true };
  }
  const name = fileName(problem.path);
  if (name === '') return plain;
  if (problem.message.startsWith(`${name} `) || problem.message.startsWith(`${name}:`)) {
    return { ...plain, message: `${target.label}${problem.message.slice(name.length)}`, relabelled: true };
  }
  const choice = new RegExp(`^(.+) is not a valid ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).exec(problem.message);
  if (choice) return { ...plain, message: `${target.label} cannot be ${choice[1]!}`, relabelled: true };
  return plain;
}

/**
 * The problem to show under the inspector control at `pointer`: one at that very value, or a missing field the
 * control fills in, worded by its label.
 */
export function problemForField(doc: AdcDocument, problems: readonly Problem[], pointer: string): Problem | undefined {
  const own = problems.find((p) => p.path === pointer);
  if (own) return own;
  for (const p of problems) {
    if (!MISSING.test(p.message)) continue;
    const shown = showProblem(doc, p);
    if (shown.target?.pointer === pointer && shown.relabelled) return { ...p, message: shown.message };
  }
  return undefined;
}
