// The scenario inspector's sections and which part of the file each holds, apart from the component that draws
// them, so the problems panel can name a problem's section without importing the inspector.

export const SECTIONS = ['general', 'sides', 'victory', 'objectives', 'briefings', 'rules', 'settings'] as const;
export type SectionId = (typeof SECTIONS)[number];

/** Each section as its header names it, which is also how a problem with no control of its own is placed. */
export const SECTION_TITLES: Record<SectionId, string> = {
  general: 'General',
  sides: 'Sides',
  victory: 'Victory',
  objectives: 'Objectives',
  briefings: 'Briefings',
  rules: 'Special rules',
  settings: 'Rule settings',
};

/** The section holding the field at `pointer`; everything not listed is General's. */
export function sectionOf(pointer: string | null): SectionId | null {
  if (pointer === null) return null;
  const top = /^\/([^/]+)/.exec(pointer)?.[1] ?? '';
  switch (top) {
    case 'sides':
      return 'sides';
    case 'victory':
      return 'victory';
    case 'objectives':
      return 'objectives';
    case 'briefings':
      return 'briefings';
    case 'specialRules':
      return 'rules';
    case 'ruleOptions':
      return 'settings';
    default:
      return 'general';
  }
}
