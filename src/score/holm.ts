import { requireProbability } from './require.js';

/**
 * Holm step-down adjusted p-values, in the input order: sorted ascending, the i-th (from 1) is
 * max over j ≤ i of min(1, (m − j + 1)·p(j)). Ties share one adjusted value whatever their order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  for (const [index, p] of pValues.entries()) requireProbability(p, `holmAdjust pValues[${index}]`);
  const m = pValues.length;
  const ascending = pValues.map((_, index) => index).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 0;
  ascending.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
