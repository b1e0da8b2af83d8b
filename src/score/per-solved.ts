import type { PerSolved } from '../contracts/scorecard.js';
import type { TrialOutcome } from './outcomes.js';

const MEASURES = ['costUsd', 'inputTokens', 'outputTokens'] as const;

/**
 * What one success cost, per measure: the measure summed over the valid trials where it is known,
 * over the successes among those same trials, so an unknown cost never counts as free.
 */
export function perSolved(outcomes: Iterable<TrialOutcome>): PerSolved {
  const totals = Object.fromEntries(MEASURES.map((name) => [name, { sum: 0, trials: 0, successes: 0 }]));
  for (const { receipt, class: kind } of outcomes) {
    if (receipt === null || (kind !== 'success' && kind !== 'failure')) continue;
    for (const name of MEASURES) {
      const value = receipt.diagnostics[name];
      if (value === null) continue;
      const total = totals[name]!;
      total.sum += value;
      total.trials += 1;
      if (kind === 'success') total.successes += 1;
    }
  }
  return Object.fromEntries(
    MEASURES.map((name) => {
      const { sum, trials, successes } = totals[name]!;
      return [name, { value: successes === 0 ? null : sum / successes, trials, successes }];
    }),
  ) as PerSolved;
}
