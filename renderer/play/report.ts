// The balance report from a simulation's numbers: the verdict sentence, the charts as SVG, and the whole report as
// a self-contained page to print. One set of chart functions serves the dialog and the printed page, so both show
// the same picture. Everything a user typed (side names, the title) goes through escapeHtml.
import type { DecidedByRow, RuleSystemId, SideInfo, SimulationSummary } from '../../domain/engine-protocol.js';
import type { PaperSize } from '../../domain/host-api.js';
import type { Scenario } from '../../domain/model.js';
import { escapeHtml } from '../../domain/sheet/escape.js';
import type { SideColours, SideKey } from './play-view.js';

export interface Losses {
  units: number;
  sp: number;
}

/**
 * The engine's `simulate` reply (domain/engine-protocol.ts), or `adc simulate --json`, which has no scenario,
 * players or decided-by table: the report draws what it is given.
 */
export type Simulation = Pick<SimulationSummary, 'games' | 'wins' | 'winRate' | 'ci95' | 'meanTurns' | 'meanVp'> &
  Partial<Pick<SimulationSummary, 'seconds' | 'vpHistogram' | 'endTurns'>> & {
    scenario?: string;
    seed?: number;
    red?: string;
    blue?: string;
    decidedBy?: DecidedByRow[];
    meanLosses?: Partial<Record<SideKey, Record<string, Losses>>>;
    /** The scenario's rule system: it decides what the loss table's arms are and what its strength counts. */
    system?: RuleSystemId;
  };

type SideName = (k: SideKey) => string;

/** Percent with no decimals, for the verdict and the bars. */
export const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** Chart colours when the scenario gives none. */
export const COLOUR: SideColours = { red: '#b03a2e', blue: '#2e5fa8', draw: '#757575' };

/**
 * The decided-by rows with each condition's side given by the key the engine played it as. The engine's table keeps
 * the scenario's side id there when it is `red` or `blue` and leaves any other id out, which would make a side of
 * "french" read as "Either side"; the scenario's own condition and the engine's sides say which it is.
 */
export function keyedRows(rows: readonly DecidedByRow[], scenario: Scenario, sides: readonly SideInfo[]): DecidedByRow[] {
  const conditions = Array.isArray(scenario.victory) ? scenario.victory : [];
  return rows.map((row) => {
    const c = row.index >= 0 ? (conditions[row.index] as { side?: unknown } | undefined) : undefined;
    if (!c || c.side === undefined) return row;
    if (c.side === 'any') return { ...row, side: 'any' };
    const key = sides.find((x) => x.id === c.side)?.key;
    return key ? { ...row, side: key } : row;
  });
}

/**
 * A decided-by row in a designer's words, with side and objective names, from the row's fields; a row of a kind
 * this page does not know is shown by its label as it came.
 */
export function describeCondition(row: DecidedByRow, sideName: SideName, objectiveName: (id: string) => string = (id) => id): string {
  if (row.kind === 'draw') return 'None: a draw';
  // A named side takes the plural, "either side" the singular, as in the scenario's own victory sentences.
  const named = row.side === 'red' || row.side === 'blue';
  const who = named ? sideName(row.side as SideKey) : 'Either side';
  const verb = (plural: string, singular: string): string => (named ? plural : singular);
  const what =
    row.kind === 'hold'
      ? `${who} ${verb('hold', 'holds')} ${(row.objectives ?? []).map(objectiveName).join(' and ')}`
      : row.kind === 'exit'
        ? `${who} ${verb('leave', 'leaves')} by the ${row.edge ?? ''} edge`
        : row.kind === 'destroy'
          ? `${who} ${verb('destroy', 'destroys')} the enemy`
          : row.kind === 'points'
            ? 'Most VP at the end'
            : null;
  return what === null ? row.condition : `${what} (condition ${row.index + 1})`;
}

const HOW: Record<string, string> = {
  hold: 'by holding their objectives',
  exit: 'by leaving the table',
  destroy: 'by destroying the enemy',
  points: 'on points at the end',
};

/**
 * A sentence from the numbers alone: who wins how often (with the half-width of the 95% interval), how most of
 * those wins came, and the one lever that decided them. Within ten points of each other the sides are called even.
 */
export function verdict(sim: Simulation, sideName: SideName): string {
  if (sim.games === 0) return 'No games were played.';
  const draws = sim.wins.draw / sim.games;
  const drawText = draws > 0 ? `; ${pct(draws)} draws` : '';
  const half = (k: SideKey) => (sim.ci95[k][1] - sim.ci95[k][0]) / 2;
  if (Math.abs(sim.winRate.red - sim.winRate.blue) <= 0.1) {
    return `Close to even: ${sideName('red')} win ${pct(sim.winRate.red)} ± ${pct(half('red'))}, ${sideName('blue')} ${pct(sim.winRate.blue)} ± ${pct(half('blue'))} of ${sim.games} games${drawText}.`;
  }
  const k: SideKey = sim.winRate.red > sim.winRate.blue ? 'red' : 'blue';
  const loser: SideKey = k === 'red' ? 'blue' : 'red';
  const head = `${sideName(k)} win ${pct(sim.winRate[k])} ± ${pct(half(k))} of ${sim.games} games${drawText}`;
  // Which victory condition gave the winner most of its wins: a condition names its side, or (points) serves both.
  const mine = (sim.decidedBy ?? []).filter((d) => d.games > 0 && d.kind in HOW && (d.side === k || d.kind === 'points'));
  const top = mine.sort((a, b) => b.games - a.games)[0];
  if (!top || sim.wins[k] === 0) return `${head}.`;
  const { kind } = top;
  // A side's own condition decides only its wins; points may decide either side's, so it is told of all games.
  const share = kind === 'points' ? top.games / sim.games : Math.min(1, top.games / sim.wins[k]);
  const lever =
    kind === 'points'
      ? `consider more turns, or other objective values, for ${sideName(loser)}`
      : kind === 'destroy'
        ? `consider strengthening ${sideName(loser)}'s force`
        : kind === 'hold'
          ? `consider giving ${sideName(loser)} more time or strength to contest the objectives`
          : `consider making ${sideName(k)}'s way off the table harder`;
  const how = kind === 'points' ? `${pct(share)} of all games decided ${HOW[kind]}` : `${pct(share)} of those ${HOW[kind]}`;
  return `${head}, ${how}: ${lever}.`;
}

// ---- Charts (SVG) ----------------------------------------------------------------------------------------------

const FONT = 'font-family="system-ui, sans-serif" font-size="11"';

/** A bar chart's frame: the SVG element, the base line and the tallest bar's count; bars go in plotW × plotH. */
function barFrame(o: { width: number; height: number; top: number; bottom: number; left: number; right: number; label: string; max: number }): { open: string; plotW: number; plotH: number } {
  const plotW = o.width - o.left - o.right;
  const plotH = o.height - o.top - o.bottom;
  const base = o.top + plotH;
  const open =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}" viewBox="0 0 ${o.width} ${o.height}" ${FONT} role="img" aria-label="${escapeHtml(o.label)}">` +
    `<line x1="${o.left}" y1="${base}" x2="${o.width - 10}" y2="${base}" stroke="#555"/>` +
    `<text x="${o.left - 4}" y="${o.top + 8}" text-anchor="end" fill="#555">${o.max}</text>`;
  return { open, plotW, plotH };
}

/** Win and draw rates as bars, each win rate with its 95% interval drawn across it. */
export function ratesSvg(sim: Simulation, sideName: SideName, colour: SideColours = COLOUR, width = 560): string {
  const rows: { label: string; rate: number; ci?: [number, number]; colour: string; count: number }[] = [
    { label: `${sideName('red')} win`, rate: sim.winRate.red, ci: sim.ci95.red, colour: colour.red, count: sim.wins.red },
    { label: `${sideName('blue')} win`, rate: sim.winRate.blue, ci: sim.ci95.blue, colour: colour.blue, count: sim.wins.blue },
    { label: 'Draws', rate: sim.games ? sim.wins.draw / sim.games : 0, colour: colour.draw, count: sim.wins.draw },
  ];
  // Room for the longest label (side names run long: "Light Division detachment win"), up to about half the
  // chart; a label longer still is cut with an ellipsis and given whole in its tooltip.
  const CHAR = 6.6;
  const longest = Math.max(...rows.map((r) => r.label.length));
  const left = Math.ceil(Math.min(width * 0.45, Math.max(120, longest * CHAR + 12)));
  // The small allowance keeps a label that was given exactly its room from being cut by rounding.
  const fits = Math.floor((left - 12) / CHAR + 1e-6);
  const shown = (label: string) => (label.length <= fits ? label : `${label.slice(0, Math.max(1, fits - 1))}…`);
  const barW = width - left - 95;
  const rowH = 30;
  const h = rows.length * rowH + 24;
  const x = (v: number) => left + v * barW;
  let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}" ${FONT} role="img" aria-label="Win and draw rates">`;
  for (let t = 0; t <= 4; t++) {
    const v = t / 4;
    out += `<line x1="${x(v)}" y1="0" x2="${x(v)}" y2="${h - 18}" stroke="#ddd"/><text x="${x(v)}" y="${h - 5}" text-anchor="middle" fill="#555">${pct(v)}</text>`;
  }
  rows.forEach((r, i) => {
    const y = i * rowH + 4;
    out += `<text x="${left - 8}" y="${y + 15}" text-anchor="end"><title>${escapeHtml(r.label)}</title>${escapeHtml(shown(r.label))}</text>`;
    out += `<rect x="${left}" y="${y + 3}" width="${Math.max(0, r.rate * barW)}" height="16" fill="${r.colour}" data-rate="${r.rate}"/>`;
    if (r.ci) {
      const [lo, hi] = r.ci;
      out += `<g stroke="#111" stroke-width="1.5"><line x1="${x(lo)}" y1="${y + 11}" x2="${x(hi)}" y2="${y + 11}"/><line x1="${x(lo)}" y1="${y + 5}" x2="${x(lo)}" y2="${y + 17}"/><line x1="${x(hi)}" y1="${y + 5}" x2="${x(hi)}" y2="${y + 17}"/></g>`;
    }
    out += `<text x="${x(Math.max(r.rate, r.ci?.[1] ?? 0)) + 6}" y="${y + 15}" fill="#222">${pct(r.rate)} (${r.count})</text>`;
  });
  return `${out}</svg>`;
}

export interface VpBin {
  /** The lowest VP total in the bin, and the highest (the same for a bin of one total). */
  from: number;
  to: number;
  red: number;
  blue: number;
}

const NICE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/**
 * The VP histogram with at most `most` bars per side: each total on its own while they are few, else equal ranges
 * of a round width, so a chart of hundreds of distinct totals still reads.
 */
export function vpBins(hist: readonly { vp: number; red: number; blue: number }[], most = 24): VpBin[] {
  if (hist.length <= most) return hist.map((h) => ({ from: h.vp, to: h.vp, red: h.red, blue: h.blue }));
  const lo = Math.min(...hist.map((h) => h.vp));
  const hi = Math.max(...hist.map((h) => h.vp));
  const width = NICE_STEPS.find((w) => (hi - lo) / w < most) ?? Math.ceil((hi - lo) / most);
  const start = Math.floor(lo / width) * width;
  const out: VpBin[] = [];
  for (let from = start; from <= hi; from += width) out.push({ from, to: from + width - 1, red: 0, blue: 0 });
  for (const h of hist) {
    const b = out[Math.floor((h.vp - start) / width)]!;
    b.red += h.red;
    b.blue += h.blue;
  }
  return out;
}

const binLabel = (b: VpBin): string => (b.from === b.to ? String(b.from) : `${b.from}–${b.to}`);

/** Grouped bars: in how many games each side finished with each VP total (or range of totals). */
export function vpHistogramSvg(sim: Simulation, sideName: SideName, colour: SideColours = COLOUR, width = 560): string {
  const bins = vpBins(sim.vpHistogram ?? []);
  const h = 200;
  const top = 24;
  const left = 40;
  const max = Math.max(1, ...bins.flatMap((b) => [b.red, b.blue]));
  // Room on the right for the last range's label.
  const { open, plotW, plotH } = barFrame({ width, height: h, top, bottom: 36, left, right: 30, label: 'VP distribution', max });
  const slot = bins.length ? plotW / bins.length : plotW;
  const bar = Math.max(1, Math.min(18, slot / 2 - 1));
  let out = `${open}<text x="${left - 4}" y="${top + plotH}" text-anchor="end" fill="#555">0</text>`;
  const every = Math.max(1, Math.ceil(bins.length / 8));
  bins.forEach((b, i) => {
    const cx = left + slot * (i + 0.5);
    for (const [k, dx] of [
      ['red', -bar],
      ['blue', 0],
    ] as const) {
      const v = b[k];
      const bh = (v / max) * plotH;
      out += `<rect x="${cx + dx}" y="${top + plotH - bh}" width="${bar}" height="${bh}" fill="${colour[k]}" data-vp="${b.from}" data-side="${k}" data-games="${v}"><title>${escapeHtml(sideName(k))}: ${v} games with ${binLabel(b)} VP</title></rect>`;
    }
    if (i % every === 0) out += `<text x="${cx}" y="${top + plotH + 13}" text-anchor="middle" fill="#333">${binLabel(b)}</text>`;
  });
  out += `<text x="${left + plotW / 2}" y="${h - 6}" text-anchor="middle" fill="#333">VP at the end of the game</text>`;
  out += `<rect x="${left}" y="2" width="9" height="9" fill="${colour.red}"/><text x="${left + 12}" y="10">${escapeHtml(sideName('red'))}</text>`;
  out += `<rect x="${left + 200}" y="2" width="9" height="9" fill="${colour.blue}"/><text x="${left + 212}" y="10">${escapeHtml(sideName('blue'))}</text>`;
  return `${out}</svg>`;
}

/** Stacked bars: on which turn games ended, and who won them. */
export function endTurnsSvg(sim: Simulation, colour: SideColours = COLOUR, width = 560): string {
  const rows = sim.endTurns ?? [];
  const h = 170;
  const top = 10;
  const left = 40;
  const max = Math.max(1, ...rows.map((r) => r.red + r.blue + r.draw));
  const { open, plotW, plotH } = barFrame({ width, height: h, top, bottom: 30, left, right: 10, label: 'Turn on which games ended', max });
  const slot = rows.length ? plotW / rows.length : plotW;
  const bar = Math.max(2, Math.min(28, slot - 4));
  let out = open;
  rows.forEach((r, i) => {
    const x = left + slot * i + (slot - bar) / 2;
    let y = top + plotH;
    for (const k of ['red', 'blue', 'draw'] as const) {
      const bh = (r[k] / max) * plotH;
      y -= bh;
      if (bh > 0) out += `<rect x="${x}" y="${y}" width="${bar}" height="${bh}" fill="${colour[k]}" data-turn="${r.turn}" data-winner="${k}" data-games="${r[k]}"/>`;
    }
    out += `<text x="${x + bar / 2}" y="${top + plotH + 13}" text-anchor="middle" fill="#333">${r.turn}</text>`;
  });
  out += `<text x="${left + plotW / 2}" y="${h - 3}" text-anchor="middle" fill="#333">Turn on which the game ended</text>`;
  return `${out}</svg>`;
}

// ---- Tables ----------------------------------------------------------------------------------------------------

export interface LossRow {
  arm: string;
  red: Losses | null;
  blue: Losses | null;
}

/**
 * Each system's loss table: its arms in order, as a player names them, and what a loss's `sp` counts (Square
 * Eagles' strength points; Hex Skirmish's men, its `units` being the scenario's units wholly lost; Napoleon's Eagles'
 * figures, a battery's being crew hits).
 */
const LOSS_TABLES: Record<RuleSystemId, { order: string[]; names: Record<string, string>; strength: string }> = {
  'square-eagles': { order: ['Infantry', 'Lights', 'Cavalry', 'Heavy Cavalry', 'Guns', 'Horse Guns'], names: {}, strength: 'SP' },
  'hex-skirmish': {
    order: ['infantry', 'cavalry', 'artillery', 'baggage', 'officer'],
    names: { infantry: 'Infantry', cavalry: 'Cavalry', artillery: 'Artillery', baggage: 'Baggage', officer: 'Officers' },
    strength: 'men',
  },
  'napoleons-eagles': {
    order: ['infantry', 'cavalry', 'artillery', 'train'],
    names: { infantry: 'Infantry', cavalry: 'Cavalry', artillery: 'Artillery', train: 'Train' },
    strength: 'figures',
  },
};

const lossTable = (sim: Simulation) => LOSS_TABLES[sim.system ?? 'square-eagles'] ?? LOSS_TABLES['square-eagles'];

/** One row per unit type either side fielded, in a fixed order. */
export function lossRows(sim: Simulation): LossRow[] {
  const { order, names } = lossTable(sim);
  const red = sim.meanLosses?.red ?? {};
  const blue = sim.meanLosses?.blue ?? {};
  const arms = [...new Set([...Object.keys(red), ...Object.keys(blue)])].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  return arms.map((arm) => ({ arm: names[arm] ?? arm, red: red[arm] ?? null, blue: blue[arm] ?? null }));
}

const fmt = (x: number, d = 1) => x.toFixed(d);
/** A mean loss in words: whole units lost, and the strength (SP or men) lost. */
export const lossText = (sim: Simulation, l: Losses | null): string => (l ? `${fmt(l.units, 2)} units · ${fmt(l.sp)} ${lossTable(sim).strength}` : '—');

/** The report as a page of its own, to print or keep. */
export function reportHtml(
  sim: Simulation,
  title: string,
  sideName: SideName,
  colour: SideColours = COLOUR,
  objectiveName?: (id: string) => string,
  paper: PaperSize = 'a4',
): string {
  const decided = (sim.decidedBy ?? []).map((d) => `<tr><td>${escapeHtml(describeCondition(d, sideName, objectiveName))}</td><td class="n">${d.games}</td><td class="n">${sim.games ? pct(d.games / sim.games) : '–'}</td></tr>`).join('');
  const losses = lossRows(sim)
    .map((r) => `<tr><td>${escapeHtml(r.arm)}</td><td>${lossText(sim, r.red)}</td><td>${lossText(sim, r.blue)}</td></tr>`)
    .join('');
  const players = sim.red && sim.blue ? ` · ${escapeHtml(sideName('red'))}: ${escapeHtml(sim.red)}, ${escapeHtml(sideName('blue'))}: ${escapeHtml(sim.blue)}` : '';
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Balance report: ${escapeHtml(title)}</title><style>` +
    `@page { size: ${paper === 'letter' ? 'Letter' : 'A4'} portrait; margin: 14mm; } body { font-family: system-ui, sans-serif; color: #111; font-size: 12px; }` +
    `h1 { font-size: 18px; margin: 0 0 4px; } h2 { font-size: 13px; margin: 16px 0 4px; } .verdict { font-size: 14px; font-weight: 600; margin: 10px 0; }` +
    `table { border-collapse: collapse; } td, th { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; } .n { text-align: right; }` +
    `html { -webkit-print-color-adjust: exact; print-color-adjust: exact; } section { break-inside: avoid; }` +
    `</style></head><body>` +
    `<h1>Balance report: ${escapeHtml(title)}</h1>` +
    `<div>${sim.games} games, AI against AI${sim.seed !== undefined ? `, seeds from ${sim.seed}` : ''}${players} · mean length ${fmt(sim.meanTurns)} turns · mean VP ${escapeHtml(sideName('red'))} ${fmt(sim.meanVp.red)}, ${escapeHtml(sideName('blue'))} ${fmt(sim.meanVp.blue)}</div>` +
    `<p class="verdict">${escapeHtml(verdict(sim, sideName))}</p>` +
    `<section><h2>Results, with 95% intervals</h2>${ratesSvg(sim, sideName, colour)}</section>` +
    (sim.vpHistogram?.length ? `<section><h2>VP distribution</h2>${vpHistogramSvg(sim, sideName, colour)}</section>` : '') +
    (sim.endTurns?.length ? `<section><h2>When games ended</h2>${endTurnsSvg(sim, colour)}</section>` : '') +
    (decided ? `<section><h2>What decided the games</h2><table><tr><th>Victory condition</th><th class="n">Games</th><th class="n">Share</th></tr>${decided}</table></section>` : '') +
    (losses ? `<section><h2>Mean losses per game, by arm</h2><table><tr><th>Arm</th><th>${escapeHtml(sideName('red'))}</th><th>${escapeHtml(sideName('blue'))}</th></tr>${losses}</table></section>` : '') +
    `</body></html>`
  );
}
