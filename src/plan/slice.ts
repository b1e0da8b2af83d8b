import type { Surface } from '../contracts/corpus.js';
import { SurfaceSchema } from '../contracts/corpus.js';

/** What the stage rules need to know of a task. */
export interface SliceTask {
  id: string;
  category: string;
  surface: string;
}

/** A stage-1 slice's shape: how many tasks of each surface, and the fewest distinct categories among them. */
export interface SliceShape {
  surfaces: Partial<Record<Surface, number>>;
  minCategories: number;
}

/** The most tasks a derived slice holds, and the most of one surface before every surface has had its share. */
export const COVERAGE = { tasks: 4, perSurface: 2 } as const;

const SURFACE_ORDER: readonly string[] = SurfaceSchema.options;

function byId<T extends SliceTask>(tasks: readonly T[]): T[] {
  return [...tasks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Surfaces in the canonical order (api, browser, cli, library): how a shape is enumerated and named. */
function canonical(surfaces: Iterable<string>): string[] {
  return [...surfaces].sort((a, b) => SURFACE_ORDER.indexOf(a) - SURFACE_ORDER.indexOf(b));
}

/**
 * How many tasks of each surface the coverage rule asks of a corpus: min(4, tasks) in all, the
 * surfaces with the most tasks first (ties in canonical order), at most two of one surface until
 * every surface had its turn, then more of those that have more. The bundled corpus gives 2 browser
 * and 2 api; a 3-task library corpus 3 library.
 */
function surfaceQuota(tasks: readonly SliceTask[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.surface, (counts.get(task.surface) ?? 0) + 1);
  const order = canonical(counts.keys()).sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
  const quota = new Map<string, number>();
  let left = Math.min(COVERAGE.tasks, tasks.length);
  for (const cap of [COVERAGE.perSurface, Number.POSITIVE_INFINITY]) {
    for (const surface of order) {
      const have = quota.get(surface) ?? 0;
      const take = Math.min(cap - have, (counts.get(surface) ?? 0) - have, left);
      if (take > 0) quota.set(surface, have + take);
      left -= Math.max(0, take);
    }
  }
  return quota;
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i <= items.length - size; i++)
    for (const rest of combinations(items.slice(i + 1), size - 1)) out.push([items[i] as T, ...rest]);
  return out;
}

function categoriesOf(tasks: readonly SliceTask[]): number {
  return new Set(tasks.map((t) => t.category)).size;
}

/**
 * Of the slices with `quota` tasks per surface, the first in task-id order (surfaces in canonical
 * order, each surface's choices in id order) that holds the most distinct categories, at least
 * `minCategories`. Exhaustive rather than greedy, so it finds a slice whenever one exists, and
 * depends only on the tasks, never on the order they were read in.
 */
function bestSlice<T extends SliceTask>(tasks: readonly T[], quota: Map<string, number>, minCategories: number) {
  const surfaces = canonical(quota.keys());
  const choices = surfaces.map((s) => combinations(byId(tasks.filter((t) => t.surface === s)), quota.get(s) ?? 0));
  const total = [...quota.values()].reduce((a, b) => a + b, 0);
  const ceiling = Math.min(total, categoriesOf(tasks.filter((t) => quota.has(t.surface))));
  let best: { slice: T[]; categories: number } | null = null;
  const walk = (depth: number, chosen: T[]): boolean => {
    if (depth === choices.length) {
      const categories = categoriesOf(chosen);
      if (categories >= minCategories && (best === null || categories > best.categories))
        best = { slice: chosen, categories };
      return best?.categories === ceiling;
    }
    for (const choice of choices[depth] ?? []) if (walk(depth + 1, [...chosen, ...choice])) return true;
    return false;
  };
  walk(0, []);
  return best as { slice: T[]; categories: number } | null;
}

/**
 * The stage-1 coverage rule over what a corpus has, used when the experiment lists no tasks: the
 * shape `surfaceQuota` gives and the most categories any slice of that shape holds; the slice is
 * the first (task-id order) of that shape with that many. Null for an empty corpus.
 */
export function coverageSlice<T extends SliceTask>(tasks: readonly T[]): { slice: T[]; shape: SliceShape } | null {
  const quota = surfaceQuota(tasks);
  const found = bestSlice(tasks, quota, 1);
  if (found === null) return null;
  return { slice: found.slice, shape: { surfaces: Object.fromEntries(quota), minCategories: found.categories } };
}

/** The first slice (task-id order) of a preregistered shape that holds the most categories, at least its minimum. */
export function sliceOfShape<T extends SliceTask>(tasks: readonly T[], shape: SliceShape): T[] | null {
  const quota = new Map(Object.entries(shape.surfaces).filter(([, n]) => (n ?? 0) > 0) as [string, number][]);
  return bestSlice(tasks, quota, shape.minCategories)?.slice ?? null;
}

/** "a 4-task slice: 2 api, 2 browser, at least 4 categories": how the stage-1 rule names a shape. */
export function describeShape(shape: SliceShape): string {
  const surfaces = canonical(Object.keys(shape.surfaces)).filter((s) => (shape.surfaces[s as Surface] ?? 0) > 0);
  const total = surfaces.reduce((sum, s) => sum + (shape.surfaces[s as Surface] ?? 0), 0);
  const parts = surfaces.map((s) => `${shape.surfaces[s as Surface]} ${s}`);
  const categories = `at least ${shape.minCategories} ${shape.minCategories === 1 ? 'category' : 'categories'}`;
  return `a ${total}-task slice: ${[...parts, categories].join(', ')}`;
}

/** Whether `tasks` has the shape: exactly its count of each surface and no surface beside, and enough categories. */
export function fitsShape(tasks: readonly SliceTask[], shape: SliceShape): boolean {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.surface, (counts.get(task.surface) ?? 0) + 1);
  const wanted = Object.entries(shape.surfaces).filter(([, n]) => (n ?? 0) > 0);
  return (
    counts.size === wanted.length &&
    wanted.every(([surface, n]) => counts.get(surface) === n) &&
    categoriesOf(tasks) >= shape.minCategories
  );
}

/** "4 tasks, 2 api, 2 browser, 3 categories: <id (surface, category)>, …": what a listed slice holds. */
export function describeTasks(tasks: readonly SliceTask[]): string {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.surface, (counts.get(task.surface) ?? 0) + 1);
  const surfaces = canonical(counts.keys()).map((s) => `${counts.get(s)} ${s}`);
  const list = tasks.map((t) => `${t.id} (${t.surface}, ${t.category})`).join(', ');
  return `${[`${tasks.length} tasks`, ...surfaces, `${categoriesOf(tasks)} categories`].join(', ')}: ${list}`;
}
