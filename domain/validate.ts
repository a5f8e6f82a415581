// The one entry point for checking a document: schema first, then the semantic rules.
import { buildContext } from './checks/context.js';
import { checkGeometry } from './checks/geometry.js';
import { checkRuleOptions } from './checks/options.js';
import { checkPlacement } from './checks/placement.js';
import { checkReferences } from './checks/references.js';
import { checkRules } from './checks/rules.js';
import { checkVictory } from './checks/victory.js';
import type { AdcDocument } from './model.js';
import { hasErrors, type Problem } from './problems.js';
import { profileFor } from './rule-systems/registry.js';
import { schemaCheck } from './schema-check.js';

/** Semantic problems past this many are dropped; the first ones are what a user fixes first anyway. */
export const MAX_PROBLEMS = 500;

export function validateDocument(doc: AdcDocument): Problem[] {
  const problems = schemaCheck(doc);
  const structural = hasErrors(problems);
  const ctx = buildContext(doc);
  const profile = profileFor(doc.ruleSystem);
  const checks = [
    () => checkReferences(ctx),
    () => checkGeometry(ctx),
    () => checkRules(ctx, profile),
    () => checkRuleOptions(ctx),
    () => checkPlacement(ctx, profile),
    () => checkVictory(ctx),
  ];
  for (const check of checks) {
    try {
      check();
    } catch (err) {
      // A document that breaks the schema may break a check's assumptions; the schema errors already say why.
      if (!structural) throw err;
    }
  }
  const seen = new Set(problems.map((p) => `${p.path}\u0000${p.message}`));
  for (const p of ctx.problems) {
    const key = `${p.path}\u0000${p.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(p);
    }
  }
  return problems.slice(0, MAX_PROBLEMS);
}
