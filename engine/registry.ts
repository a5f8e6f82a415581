// The rules engines this program plays, by rule-system id. Adding a system is one adapter and one line here.
import type { AnyRulesEngine } from './rules-engine.js';
import { squareEaglesEngine } from './square-eagles/engine.js';

const ENGINES: ReadonlyMap<string, AnyRulesEngine> = new Map<string, AnyRulesEngine>([[squareEaglesEngine.system, squareEaglesEngine as AnyRulesEngine]]);

/** The engine that plays `ruleSystem`, or undefined when none does. */
export function engineFor(ruleSystem: unknown): AnyRulesEngine | undefined {
  return typeof ruleSystem === 'string' ? ENGINES.get(ruleSystem) : undefined;
}

/** The rule systems an engine plays, as `ready` lists them. */
export const PLAYABLE_SYSTEMS: readonly string[] = [...ENGINES.keys()];

/** "This engine plays square-eagles; …" — the refusal for a scenario of any other system. */
export function unsupportedSystemMessage(ruleSystem: unknown): string {
  return `This engine plays ${PLAYABLE_SYSTEMS.join(', ')}; the scenario uses ${JSON.stringify(ruleSystem ?? null)}.`;
}
