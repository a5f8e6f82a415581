// What a test play would lose if its dialog closed now, told to the dialog by the game and the report inside it, and
// the last game of each scenario kept past the dialog, so the next test play offers to resume it. The dialog is
// mounted afresh for every test play: a game kept in its own state would go with it.
import { createContext } from 'react';

/** A game's log as saved on this side, at its ply. */
export interface Checkpoint {
  text: string;
  ply: number;
}

export interface PlayProgress {
  /** A game part played (null when there is none, it is over, or it is only being watched), and how to save it as
   *  it stands now (a run of AI moves stops first). */
  game: (open: { ply: number; keep: () => Promise<void> } | null) => void;
  /** Whether a balance report is being played. */
  report: (running: boolean) => void;
}

/** Unset outside a play dialog (the hooks then tell no one). */
export const PlayProgressContext = createContext<PlayProgress | null>(null);

// For the life of the page, by scenario id: a reload of the app is a fresh start, as for the document itself.
const kept = new Map<string, Checkpoint>();

export function keptGame(scenarioId: string): Checkpoint | null {
  return kept.get(scenarioId) ?? null;
}

export function keepGame(scenarioId: string, checkpoint: Checkpoint | null): void {
  if (checkpoint) kept.set(scenarioId, checkpoint);
  else kept.delete(scenarioId);
}
