import { REATTEMPTABLE_STATUSES } from '../contracts/experiment.js';
import type { TrialStatus } from '../contracts/receipt.js';
import type { ArmSummary, Infrastructure, InfrastructureStatus } from '../contracts/scorecard.js';
import { fisherExactP } from './fisher.js';
import type { TrialOutcome } from './outcomes.js';

const INFRASTRUCTURE = new Set<TrialStatus>(REATTEMPTABLE_STATUSES);

function isInfrastructure(status: TrialStatus): status is InfrastructureStatus {
  return INFRASTRUCTURE.has(status);
}

/** An arm's infrastructure faults over every attempt of its trials; the differential is set against the baseline later. */
export function countInfrastructure(outcomes: Iterable<TrialOutcome>): Infrastructure {
  const counts: Infrastructure = { trials: 0, faulted: 0, byStatus: {}, unresolved: 0, differential: null };
  for (const outcome of outcomes) {
    if (outcome.receipt === null) continue;
    counts.trials += 1;
    const faults = outcome.attempts.filter(isInfrastructure);
    if (faults.length > 0) counts.faulted += 1;
    for (const status of faults) counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
    if (isInfrastructure(outcome.receipt.status)) counts.unresolved += 1;
  }
  return counts;
}

/**
 * Each non-baseline arm's fault rate against the baseline's, by Fisher's exact two-sided test at α:
 * an arm whose trials fault more (or less) often drops a different set of tasks from its pairs, which
 * biases Δ however the faults are re-attempted. A flag, not a gate: the verdict's reasons carry it.
 */
export function flagDifferentials(arms: readonly ArmSummary[], alpha: number): ArmSummary[] {
  const baseline = arms.find((arm) => arm.role === 'baseline')?.infrastructure;
  return arms.map((arm) => {
    if (arm.role === 'baseline' || baseline === undefined) return arm;
    const { faulted, trials } = arm.infrastructure;
    const p = fisherExactP(faulted, trials, baseline.faulted, baseline.trials);
    return {
      ...arm,
      infrastructure: {
        ...arm.infrastructure,
        differential: { method: 'fisher-exact', p, alpha, flagged: p <= alpha },
      },
    };
  });
}
