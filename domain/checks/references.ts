// Every id a document mentions must name something of the right kind.
import type { CheckContext, IdEntry, IdKind } from './context.js';
import { pointer } from '../problems.js';
import { list } from './context.js';

/** "a unit", "an objective" ("u" is left out on purpose: every word here that starts with it sounds like "you"). */
const an = (word: string): string => `${/^[aeio]/i.test(word) ? 'an' : 'a'} ${word}`;

/** What `id` names when it is of one of `kinds` (and, for a feature, of `featureKinds`); else reports why not. */
function expectRef(
  ctx: CheckContext,
  path: string,
  id: unknown,
  kinds: IdKind[],
  what: string,
  featureKinds?: string[],
): IdEntry | undefined {
  if (typeof id !== 'string') return undefined;
  const entry = ctx.ids.get(id);
  if (!entry) {
    ctx.error(path, `No ${what} has the id "${id}"`, `Use the id of an existing ${what}, or add it.`);
    return undefined;
  }
  if (!kinds.includes(entry.kind)) {
    ctx.error(path, `"${id}" is ${an(entry.kind)}, not ${an(what)}`, `Use the id of ${an(what)}.`);
    return undefined;
  }
  const kind = entry.kind === 'feature' ? entry.node.kind : undefined;
  if (featureKinds && !featureKinds.includes(String(kind))) {
    ctx.error(path, `"${id}" is ${an(String(kind))}, not ${an(what)}`, `Use the id of ${an(what)}.`);
    return undefined;
  }
  return entry;
}

export function checkReferences(ctx: CheckContext): void {
  const s = ctx.scenario;
  if (!s) return;
  const sideIds = list(s.sides).map((side) => side?.id);

  if (s.turns && typeof s.turns === 'object' && s.turns.first !== undefined && !sideIds.includes(s.turns.first)) {
    ctx.error('/turns/first', `"${s.turns.first}" is not one of the sides`, `Use ${sideIds.map((i) => `"${i}"`).join(' or ')}.`);
  }

  list(s.sides).forEach((side, si) => {
    if (!side || typeof side !== 'object') return;
    const inReinforcement = new Map<string, string>();
    const checkUnitRef = (path: string, id: unknown) => {
      const entry = expectRef(ctx, path, id, ['unit', 'leader'], 'unit');
      if (!entry) return;
      if (entry.side !== si) {
        ctx.error(path, `"${String(id)}" belongs to the other side`, `List only ${side.name ?? side.id}'s own units here.`);
      }
    };
    list(side.deployment).forEach((d, di) => {
      list(d?.units).forEach((u, ui) => checkUnitRef(`/sides/${si}/deployment/${di}/units/${ui}`, u));
    });
    const limit = s.turns && typeof s.turns.limit === 'number' ? s.turns.limit : undefined;
    list(side.reinforcements).forEach((r, ri) => {
      // A reinforcement that can only come after the game ends never plays; that is nearly always a slip.
      const arrives = typeof r?.turn === 'number' ? { at: 'turn', n: r.turn } : typeof r?.roll?.from === 'number' ? { at: 'roll/from', n: r.roll.from } : undefined;
      if (limit !== undefined && arrives && arrives.n > limit) {
        ctx.warn(`/sides/${si}/reinforcements/${ri}/${arrives.at}`, `This reinforcement ${arrives.at === 'turn' ? 'arrives' : 'may arrive only'} on turn ${arrives.n}, after the last turn (${limit})`, `Bring it in by turn ${limit}, or lengthen the game.`);
      }
      list(r?.units).forEach((u, ui) => {
        const path = `/sides/${si}/reinforcements/${ri}/units/${ui}`;
        checkUnitRef(path, u);
        if (typeof u !== 'string') return;
        const first = inReinforcement.get(u);
        if (first) {
          ctx.error(path, `"${u}" is already in the reinforcement at ${first}`, 'A unit arrives in one reinforcement only.');
        } else inReinforcement.set(u, `/sides/${si}/reinforcements/${ri}`);
      });
    });
  });

  list(s.terrain).forEach((f, fi) => {
    if (!f || typeof f !== 'object') return;
    if (f.kind === 'bridge' || f.kind === 'ford') {
      expectRef(ctx, `/terrain/${fi}/river`, f.river, ['feature'], 'river', ['river']);
    }
    if (f.kind === 'building-block' && f.town !== undefined) {
      const town = expectRef(ctx, `/terrain/${fi}/town`, f.town, ['feature'], 'town', ['town']);
      if (town?.kind === 'feature') {
        const blocks = town.node.blocks;
        if (Array.isArray(blocks) && !blocks.includes(f.id)) {
          ctx.warn(`/terrain/${fi}/town`, `Block "${f.id}" names town "${f.town}", but the town does not list it`, `Add "${f.id}" to the town's "blocks".`);
        }
      }
    }
    if (f.kind === 'town') {
      list(f.blocks).forEach((b, bi) => {
        expectRef(ctx, `/terrain/${fi}/blocks/${bi}`, b, ['feature'], 'building block', ['building-block']);
      });
    }
  });

  list(s.objectives).forEach((o, oi) => {
    if (!o || typeof o !== 'object') return;
    if (o.feature !== undefined) expectRef(ctx, `/objectives/${oi}/feature`, o.feature, ['feature'], 'terrain feature');
    if (o.heldBy !== undefined && !sideIds.includes(o.heldBy)) {
      ctx.error(`/objectives/${oi}/heldBy`, `"${o.heldBy}" is not one of the sides`, `Use ${sideIds.map((i) => `"${i}"`).join(' or ')}.`);
    }
  });

  list(s.victory).forEach((v, vi) => {
    if (!v || typeof v !== 'object') return;
    if (v.side !== undefined && v.side !== 'any' && !sideIds.includes(v.side)) {
      ctx.error(`/victory/${vi}/side`, `"${v.side}" is not one of the sides`, `Use ${[...sideIds, 'any'].map((i) => `"${i}"`).join(', ')}.`);
    }
    if (v.kind === 'hold') {
      list(v.objectives).forEach((o, oi) => expectRef(ctx, `/victory/${vi}/objectives/${oi}`, o, ['objective'], 'objective'));
    }
  });

  for (const key of Object.keys(s.briefings ?? {})) {
    if (key !== 'umpire' && !sideIds.includes(key)) {
      ctx.warn(pointer('briefings', key), `Briefing "${key}" is for no side`, `Key briefings by side id (${sideIds.join(', ')}) or "umpire".`);
    }
  }
}
