import type { Plan } from '../contracts/plan.js';
import type { Gap } from '../contracts/scorecard.js';
import type { ArmFacts } from './arms.js';

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
