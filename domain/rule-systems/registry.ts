// The rule systems this studio knows, by id.
import type { RuleSystem } from '../model.js';
import { eaglesToGlory } from './eagles-to-glory.js';
import { hexSkirmish } from './hex-skirmish.js';
import { napoleonsEagles } from './napoleons-eagles.js';
import type { RuleProfile } from './profile.js';
import { squareEagles } from './square-eagles.js';

export const PROFILES: Record<RuleSystem, RuleProfile> = {
  'square-eagles': squareEagles,
  'napoleons-eagles': napoleonsEagles,
  'eagles-to-glory': eaglesToGlory,
  'hex-skirmish': hexSkirmish,
};

export function profileFor(system: unknown): RuleProfile | undefined {
  return typeof system === 'string' && Object.hasOwn(PROFILES, system) ? PROFILES[system as RuleSystem] : undefined;
}

/** The systems the app can test-play, in the order they are named to the user. */
export function testPlayableSystems(): RuleProfile[] {
  return Object.values(PROFILES).filter((p) => p.testPlay);
}

/**
 * Why the document cannot be test-played, in a sentence for the user, or null when it can. Said before anything
 * starts, naming the systems that can be played.
 */
export function testPlayProblem(doc: { type?: unknown; ruleSystem?: unknown } | null): string | null {
  if (!doc || doc.type !== 'aide-de-camp/scenario') return 'Test play needs a scenario: open or create one first.';
  const profile = profileFor(doc.ruleSystem);
  if (profile?.testPlay) return null;
  const playable = testPlayableSystems().map((p) => p.title);
  const list = playable.length > 1 ? `${playable.slice(0, -1).join(', ')} and ${playable.at(-1)}` : (playable[0] ?? 'none');
  const which = profile ? `${profile.title} scenarios` : 'scenarios without a known rule system';
  return `Test play is not available for ${which} yet: the bundled engine plays ${list}.`;
}
