// What a player reads before and during a test game: each side's briefing, the human's side first, and the
// scenario's description. The victory conditions are worded by domain/victory-words.ts, as the editor and the sheet
// word them.
import type { Scenario } from '../../domain/model.js';
import type { Seat } from './engine-client.js';
import type { SideOrder } from './play-view.js';

export interface BriefingPart {
  side: string;
  name: string;
  text: string;
  human: boolean;
}

/**
 * The sides' briefings in reading order: a side a human plays before one the AI plays, else the scenario's order.
 * A side with no briefing is kept, with empty text, so the reader sees it has none.
 */
export function briefingParts(scenario: Scenario, order: SideOrder, players: Readonly<Record<'red' | 'blue', Seat>> | null): BriefingPart[] {
  const humanAt = new Set<number>();
  if (players?.red === 'human') humanAt.add(order.red);
  if (players?.blue === 'human') humanAt.add(order.blue);
  const parts = scenario.sides.map((s, i) => ({
    side: s.id,
    name: s.name || `Side ${i + 1}`,
    text: (scenario.briefings?.[s.id] ?? '').trim(),
    human: humanAt.has(i),
  }));
  return [...parts.filter((p) => p.human), ...parts.filter((p) => !p.human)];
}
