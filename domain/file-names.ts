// The file name Save As offers for a document that has none yet: its title made safe for every file system the app
// runs on ("Hold the Bridge" → `hold-the-bridge.scenario.json`), with the two-part extension of its kind.
import { isScenario, type AdcDocument } from './model.js';

/** Long enough to tell documents apart, short enough for a dialog's name field and old file systems. */
export const MAX_STEM_CHARS = 60;

/** Names Windows keeps for devices, with any extension: `con.scenario.json` cannot be created there. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * Words of a title joined by hyphens, in lower case: accents dropped, apostrophes closed up ("Ney's" → "neys"),
 * anything but letters and digits (of any script) turned into one hyphen, none at either end. At most
 * `MAX_STEM_CHARS`, cut between words where one ends late enough. Empty when the title has no letter or digit.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const chars = Array.from(words);
  if (chars.length <= MAX_STEM_CHARS) return words;
  const cut = chars.slice(0, MAX_STEM_CHARS).join('');
  const lastBreak = cut.lastIndexOf('-');
  return (lastBreak >= MAX_STEM_CHARS / 2 ? cut.slice(0, lastBreak) : cut).replace(/-+$/, '');
}

/** `hold-the-bridge.scenario.json` or `grande-armee.army.json`; from the id, then `untitled`, for a title with no letters. */
export function suggestedFileName(doc: AdcDocument): string {
  const scenario = isScenario(doc);
  const title: unknown = scenario ? doc.title : doc.name;
  let stem = slugify(typeof title === 'string' ? title : '') || slugify(typeof doc.id === 'string' ? doc.id : '') || 'untitled';
  if (RESERVED.test(stem)) stem = `${stem}-${scenario ? 'scenario' : 'army'}`;
  return `${stem}.${scenario ? 'scenario' : 'army'}.json`;
}
