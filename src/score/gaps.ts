import type { Plan } from '../contracts/plan.js';
import type { ArmSummary, Gap } from '../contracts/scorecard.js';
import type { ArmFacts } from './arms.js';
import { formatP } from './format.js';

/**
 * Infrastructure faults are gaps even when a re-attempt made the trial valid: they say the machine
 * or a service failed while the experiment ran, so "Evidence gaps" is never "none" while any exist.
 */
function infrastructureGaps({ id, infrastructure, trials }: ArmSummary): Gap[] {
  const gaps: Gap[] = [];
  if (infrastructure.faulted > 0) {
    const statuses = Object.entries(infrastructure.byStatus).map(([status, n]) => `${status} ${n}`);
    gaps.push({
      kind: 'infrastructure',
      arm: id,
      count: infrastructure.faulted,
      detail: `${infrastructure.faulted} of ${infrastructure.trials} trials hit an infrastructure fault (attempts: ${statuses.join(', ')}); ${trials.reattempts} re-attempts made, ${infrastructure.unresolved} still invalid`,
    });
  }
  const differential = infrastructure.differential;
  if (differential?.flagged) {
    gaps.push({
      kind: 'differential-infrastructure',
      arm: id,
      count: infrastructure.faulted,
      detail: `its infrastructure-fault rate differs from the baseline's (Fisher's exact test p = ${formatP(differential.p)} ≤ α = ${differential.alpha}): the tasks its faults drop can bias Δ`,
    });
  }
  return gaps;
}

function armGaps({ summary, diagnostics }: ArmFacts): Gap[] {
  const gaps: Gap[] = [];
  const { id, trials } = summary;
  if (summary.eligibility && summary.eligibility.status !== 'eligible') {
    gaps.push({
      kind: 'ineligible',
      arm: id,
      count: trials.scheduled,
      detail: `${summary.eligibility.status}: ${summary.eligibility.reasons.join('; ') || 'no reason given'}`,
    });
  }
  if (trials.missing > 0) {
    gaps.push({
      kind: 'missing',
      arm: id,
      count: trials.missing,
      detail: `${trials.missing} of ${trials.scheduled} scheduled trials have no receipt`,
    });
  }
  const invalidByStatus = Object.entries(summary.invalidByStatus);
  if (invalidByStatus.length > 0) {
    const count = invalidByStatus.reduce((sum, [, n]) => sum + n, 0);
    gaps.push({
      kind: 'invalid',
      arm: id,
      count,
      detail: invalidByStatus.map(([status, n]) => `${status}: ${n}`).join(', '),
    });
  }
  if (trials.unsupportedPass > 0) {
    gaps.push({
      kind: 'unsupported-pass',
      arm: id,
      count: trials.unsupportedPass,
      detail: `${trials.unsupportedPass} receipts say passed but their checks do not show it; counted as invalid`,
    });
  }
  gaps.push(...infrastructureGaps(summary));
  if (diagnostics.partlyUnknown > 0) {
    const unknown = Object.entries(summary.diagnostics)
      .filter(([name, measure]) => name !== 'relevantFileRecall' && measure.known < diagnostics.receipts)
      .map(([name, measure]) => `${name} ${diagnostics.receipts - measure.known}`);
    gaps.push({
      kind: 'unknown-diagnostics',
      arm: id,
      count: diagnostics.partlyUnknown,
      detail: `measures unknown in ${diagnostics.partlyUnknown} of ${diagnostics.receipts} receipts (${unknown.join(', ')})`,
    });
  }
  return gaps;
}

/** What the evidence lacks, per arm and for the corpus: shown next to the verdicts, never hidden. */
export function evidenceGaps(plan: Plan, arms: readonly ArmFacts[]): Gap[] {
  const gaps = arms.flatMap(armGaps);
  const withoutRecall = plan.tasks.filter((task) => task.relevantFiles === null).length;
  if (withoutRecall > 0) {
    gaps.push({
      kind: 'recall-not-preregistered',
      arm: null,
      count: withoutRecall,
      detail: `relevant-file recall is not computed for ${withoutRecall} of ${plan.tasks.length} tasks: no relevant files were preregistered`,
    });
  }
  return gaps;
}
