import type { Plan } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import type { Reproducibility, Share } from '../contracts/scorecard.js';
import { wilsonInterval } from './wilson.js';

type Row = Reproducibility['rows'][number];

function share(count: number, of: number): Share {
  return { count, of, share: of === 0 ? null : count / of, wilson: of === 0 ? null : wilsonInterval(count, of) };
}

/** Path → "added/removed" of every changed file: equal maps mean the same files with the same line counts. */
function lineCounts(receipt: Receipt): Map<string, string> {
  return new Map((receipt.changes?.files ?? []).map((f) => [f.path, `${f.added}/${f.removed}`]));
}

function samePaths(a: Receipt, b: Receipt): boolean {
  const left = [...lineCounts(a).keys()].join('\n');
  return left === [...lineCounts(b).keys()].join('\n') && a.changes!.omitted === b.changes!.omitted;
}

function sameLines(a: Receipt, b: Receipt): boolean {
  const left = lineCounts(a);
  const right = lineCounts(b);
  return left.size === right.size && [...left].every(([path, counts]) => right.get(path) === counts);
}

function compare(arm: string, taskId: string, first: string, second: string, a?: Receipt, b?: Receipt): Row {
  const base = { arm, taskId, first, second };
  if (a?.changes === undefined || b?.changes === undefined)
    return { ...base, compared: false, outcome: null, files: null, lines: null, matched: null };
  const outcome = a.status === b.status;
  const files = samePaths(a, b);
  const lines = files && sameLines(a, b);
  return { ...base, compared: true, outcome, files, lines, matched: outcome && files && lines };
}

/**
 * Measured reproducibility (docs/architecture.md, "Score"): each preregistered re-run against the
 * trial it repeats, on status, the set of files changed and each file's changed line counts. A
 * pair without both receipts' changes is listed as not compared, never as a match. Diagnostics
 * only: the re-runs are kept out of every statistic of the comparison. Pure.
 */
export function reproducibility(
  plan: Plan,
  scheduled: ReadonlyMap<string, Receipt>,
  reruns: ReadonlyMap<string, Receipt>,
): Reproducibility | null {
  if (plan.reproducibility === null) return null;
  const armOrder = plan.arms.map((arm) => arm.id);
  const taskOrder = plan.tasks.map((task) => task.id);
  const rows = plan.reproducibility.reruns
    .map(({ of, trial }) => compare(trial.arm, trial.taskId, of, trial.id, scheduled.get(of), reruns.get(trial.id)))
    .sort(
      (x, y) =>
        armOrder.indexOf(x.arm) - armOrder.indexOf(y.arm) || taskOrder.indexOf(x.taskId) - taskOrder.indexOf(y.taskId),
    );
  const matchedOf = (subset: readonly Row[]) =>
    share(subset.filter((row) => row.matched === true).length, subset.filter((row) => row.compared).length);
  return {
    rows,
    arms: armOrder.map((arm) => ({ arm, matched: matchedOf(rows.filter((row) => row.arm === arm)) })),
    matched: matchedOf(rows),
  };
}
