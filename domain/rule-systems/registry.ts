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
