import type { PassAtK } from '../contracts/scorecard.js';
import { requireCount } from './require.js';

/** C(m, k) / C(n, k) as the product Π (m − i)/(n − i) over i < k: stable, and 0 when m < k. */
function chooseRatio(m: number, n: number, k: number): number {
  let ratio = 1;
  for (let i = 0; i < k; i += 1) ratio *= (m - i) / (n - i);
  return Math.max(0, ratio);
}

/** One task: n valid repeats, c of them successes. */
export interface RepeatCount {
  successes: number;
  valid: number;
}

/**
 * pass@k and pass^k over tasks, for k = 1..maxK: per task the unbiased estimators from its n valid
 * repeats with c successes (Chen et al. 2021: pass@k = 1 − C(n − c, k)/C(n, k); pass^k = C(c, k)/C(n, k)),
 * then the mean over the tasks with at least k valid repeats. Descriptive: no verdict reads them.
 */
export function passAtK(tasks: readonly RepeatCount[], maxK: number): PassAtK[] {
  requireCount(maxK, 'passAtK maxK');
  return Array.from({ length: maxK }, (_, index) => {
    const k = index + 1;
    const eligible = tasks.filter((task) => task.valid >= k);
    if (eligible.length === 0) return { k, tasks: 0, passAtK: null, passHatK: null };
    let at = 0;
    let all = 0;
    for (const { successes: c, valid: n } of eligible) {
      at += 1 - chooseRatio(n - c, n, k);
      all += chooseRatio(c, n, k);
    }
    return { k, tasks: eligible.length, passAtK: at / eligible.length, passHatK: all / eligible.length };
  });
}
