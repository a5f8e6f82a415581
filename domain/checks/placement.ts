// Where units start: on terrain they may occupy, one per box where the rules say so, and accounted for by a
// set-up position, a deployment zone or a reinforcement.
import { isPoint } from '../geometry.js';
import { isCellGrid } from '../grid.js';
import type { ForceNode } from '../forces.js';
import type { Feature } from '../model.js';
import { classifyCells, dominantTerrain, terrainLocator } from '../terrain-cells.js';
import { describeFeature, type RuleProfile } from '../rule-systems/profile.js';
import { resolvedOptions, sideIdsOf } from '../rule-systems/options.js';
import type { CheckContext } from './context.js';
import { list } from './context.js';
import { cellNameAt } from '../grid.js';


export function checkPlacement(ctx: CheckContext, profile: RuleProfile | undefined): void {
  const s = ctx.scenario;
  if (!s || !s.table) return;
  const grid = s.grid ?? { kind: 'none' as const };
  const gridded = isCellGrid(grid);
  let cellTerrain: ReturnType<typeof classifyCells> | undefined;
  let locate: ReturnType<typeof terrainLocator> | undefined;
  const featureById = new Map<string, Feature>();
  for (const f of list(s.terrain)) if (f && typeof f.id === 'string') featureById.set(f.id, f);
  const options = resolvedOptions(profile?.options ?? [], s.ruleOptions?.[s.ruleSystem], sideIdsOf(s));

  const terrainAt = (setup: { at?: unknown; cell?: unknown }): { features: Feature[]; cell?: string } | undefined => {
    let cell: string | undefined;
    if (typeof setup.cell === 'string') cell = setup.cell;
    else if (isPoint(setup.at) && gridded && profile?.map !== 'free') cell = cellNameAt(grid, s.table, setup.at) ?? undefined;
    if (cell !== undefined && gridded) {
      cellTerrain ??= classifyCells(s);
      const t = cellTerrain.get(cell);
      if (!t) return undefined;
      return { cell, features: dominantTerrain(t).map((c) => featureById.get(c.id)).filter((f): f is Feature => !!f) };
    }
    if (isPoint(setup.at)) {
      locate ??= terrainLocator(s);
      return { features: locate(setup.at) };
    }
    return undefined;
  };

  // One unit per box on gridded rules; generals are markers and may share (square-eagles "Units and Boxes").
  const occupied = new Map<string, string>();
  const place = (n: Extract<ForceNode, { kind: 'unit' | 'leader' }>) => {
    const { node, path } = n;
    const unit = n.kind === 'unit' ? n.node : undefined;
    const setup = node.setup;
    if (!setup || typeof setup !== 'object') return;
    const where = terrainAt(setup);
    if (!where) return;
    const field = typeof setup.cell === 'string' ? 'cell' : 'at';
    const barrier = profile?.setupBarrier(unit, where.features, options);
    if (barrier) {
      const who = unit ? `"${unit.name}" (${unit.arm})` : `Leader "${node.name}"`;
      ctx.error(
        `${path}/setup/${field}`,
        `${who} is set up in ${describeFeature(barrier.feature)}: ${barrier.why}${profile ? ` in ${profile.title}` : ''}`,
        'Move it to ground it may occupy, or cover it with a deployment zone or reinforcement instead.',
      );
    }
    // On the wrong kind of grid the map error says it all; box rules would only add noise.
    if (unit && where.cell && profile?.oneUnitPerCell && grid.kind === profile.map) {
      const first = occupied.get(where.cell);
      if (first) {
        ctx.error(`${path}/setup/${field}`, `"${node.name}" is set up in box ${where.cell}, already held by "${first}"`, 'One unit per box: move one of them.');
      } else occupied.set(where.cell, node.name);
    }
  };
  for (const n of ctx.forces) {
    if (n.kind === 'unit' || n.kind === 'leader') place(n);
  }

  checkFacing(ctx, profile);
  checkAccountedFor(ctx);
}

function checkFacing(ctx: CheckContext, profile: RuleProfile | undefined): void {
  const s = ctx.scenario!;
  const grid = s.grid;
  let allowed: ((f: number) => boolean) | undefined;
  let hint = '';
  if (profile?.map === 'square') {
    allowed = (f) => f % 90 === 0;
    hint = 'Units face a box side: 0 (north), 90 (east), 180 (south) or 270 (west).';
  } else if (profile?.map === 'hex' && grid?.kind === 'hex') {
    const offset = grid.orientation === 'pointy' ? 30 : 0;
    allowed = (f) => (((f - offset) % 60) + 60) % 60 === 0;
    hint = `Units face a hex side: ${[0, 1, 2, 3, 4, 5].map((k) => k * 60 + offset).join(', ')}.`;
  }
  if (!allowed) return;
  for (const n of ctx.forces) {
    if (n.kind !== 'unit') continue;
    const facing = n.node.setup?.facing;
    if (typeof facing === 'number' && !allowed(facing)) {
      ctx.error(`${n.path}/setup/facing`, `"${n.node.name}" faces ${facing}°, which is not towards a ${profile!.map === 'square' ? 'box' : 'hex'} side`, hint);
    }
  }
}

function checkAccountedFor(ctx: CheckContext): void {
  const s = ctx.scenario!;
  list(s.sides).forEach((side, si) => {
    if (!side || typeof side !== 'object') return;
    const deployments = list(side.deployment);
    const catchAll = deployments.some((d) => d && !Array.isArray(d.units));
    const listed = new Set(deployments.flatMap((d) => list(d?.units)));
    const arriving = new Set(list(side.reinforcements).flatMap((r) => list(r?.units)));
    for (const e of ctx.units) {
      if (e.side !== si) continue;
      const { unit } = e;
      const hasSetup = !!unit.setup && typeof unit.setup === 'object';
      if (hasSetup && arriving.has(unit.id)) {
        ctx.warn(`${e.path}/setup`, `"${unit.name}" has a set-up position but also arrives as a reinforcement`, 'Remove the set-up position, or take it out of the reinforcement.');
      }
      if (!hasSetup && !catchAll && !listed.has(unit.id) && !arriving.has(unit.id)) {
        ctx.error(
          e.path,
          `"${unit.name}" is never placed: it has no set-up position, no deployment zone and no reinforcement`,
          'Give it a set-up position, list it in a deployment zone, or add it to a reinforcement.',
        );
      }
    }
  });
}
