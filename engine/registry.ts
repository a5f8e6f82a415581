// The rules engines this program plays, by rule-system id. Adding a system is one adapter and one line here.
import { profileFor } from '../domain/rule-systems/registry.js';
import type { AnyRulesEngine } from './rules-engine.js';
import { hexSkirmishEngine } from './hex-skirmish/engine.js';
import { napoleonsEaglesEngine } from './napoleons-eagles/engine.js';
import { squareEaglesEngine } from './square-eagles/engine.js';

const ENGINES: ReadonlyMap<string, AnyRulesEngine> = new Map<string, AnyRulesEngine>([
  [squareEaglesEngine.system, squareEaglesEngine],
  [hexSkirmishEngine.system, hexSkirmishEngine],
  [napoleonsEaglesEngine.system, napoleonsEaglesEngine],
]);

/** The engine that plays `ruleSystem`, or undefined when none does. */
export function engineFor(ruleSystem: unknown): AnyRulesEngine | undefined {
  return typeof ruleSystem === 'string' ? ENGINES.get(ruleSystem) : undefined;
}

/** The rule systems an engine plays, as `ready` lists them. */
export const PLAYABLE_SYSTEMS: readonly string[] = [...ENGINES.keys()];

/** "This engine plays square-eagles, hex-skirmish; …" — the refusal for a scenario of any other system. */
export function unsupportedSystemMessage(ruleSystem: unknown): string {
  return `This engine plays ${PLAYABLE_SYSTEMS.join(', ')}; the scenario uses ${JSON.stringify(ruleSystem ?? null)}.`;
}

const titleOf = (id: unknown): string => profileFor(id)?.title ?? (typeof id === 'string' ? id : 'no known rule system');

/** "an Eagles to Glory scenario; the bundled engine plays Square Eagles, Hex Skirmish only": for people, by the systems' titles. */
export function unplayableSystemWords(ruleSystem: unknown): string {
  const title = titleOf(ruleSystem);
  return `${/^[AEIOU]/i.test(title) ? 'an' : 'a'} ${title} scenario; the bundled engine plays ${PLAYABLE_SYSTEMS.map(titleOf).join(', ')} only`;
}
