// Rule-system settings (`ruleOptions`): every name must be one the rule system knows, and every value of the type
// and within the bounds its rule gives, so a misspelt option is an error rather than a rule silently left off.
import { isScenario } from '../model.js';
import { pointer } from '../problems.js';
import { nearestOption, optionProblem } from '../rule-systems/options.js';
import { profileFor } from '../rule-systems/registry.js';
import type { CheckContext } from './context.js';

export function checkRuleOptions(ctx: CheckContext): void {
  const doc = ctx.doc;
  if (!isScenario(doc)) return;
  const all = doc.ruleOptions;
  if (!all || typeof all !== 'object' || Array.isArray(all)) return;
  const sides = (Array.isArray(doc.sides) ? doc.sides : []).filter((s) => s && typeof s.id === 'string');
  const sideIds = sides.map((s) => s.id);
  const sideNames = new Map(sides.flatMap((s) => (typeof s.name === 'string' && s.name.trim() !== '' ? [[s.id, s.name] as const] : [])));
  for (const [system, block] of Object.entries(all)) {
    const profile = profileFor(system);
    const blockPath = pointer('ruleOptions', system);
    // Another program's settings are kept as the format promises, but said to do nothing here.
    if (!profile) {
      ctx.warn(blockPath, `"${system}" is not a rule system this app knows, so these settings do nothing`, 'Known systems: square-eagles, napoleons-eagles, eagles-to-glory, hex-skirmish.');
      continue;
    }
    if (!block || typeof block !== 'object' || Array.isArray(block)) continue;
    for (const [name, value] of Object.entries(block)) {
      const path = pointer('ruleOptions', system, name);
      const spec = profile.options.find((o) => o.name === name);
      if (!spec) {
        const near = nearestOption(profile.options, name);
        const known = profile.options.map((o) => o.name).join(', ');
        ctx.error(
          path,
          `${profile.title} has no option "${name}"${near ? `; did you mean "${near.name}" (${near.label})?` : ''}`,
          known ? `Its options are: ${known}.` : `${profile.title} names no optional rules.`,
        );
        continue;
      }
      const problem = optionProblem(spec, value, sideIds, sideNames);
      if (!problem) continue;
      const at = problem.key === undefined ? path : `${path}${pointer(problem.key)}`;
      if (problem.severity === 'error') ctx.error(at, problem.message, spec.hint);
      else ctx.warn(at, problem.message, spec.hint);
    }
  }
}
