import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { ReadReview } from '../contracts/review.js';
import type { ReviewOverlay } from '../contracts/scorecard.js';
import type { OutcomeTable, TrialOutcome } from './outcomes.js';

type OverlayTrial = ReviewOverlay['trials'][number];

/** Each review by the scheduled outcome it reviews; a review of a trial without a receipt is refused. */
function reviewedOutcomes(
  outcomes: OutcomeTable,
  reviews: readonly ReadReview[],
): Map<string, { read: ReadReview; outcome: TrialOutcome }> {
  const byTrial = new Map<string, TrialOutcome>();
  for (const tasks of outcomes.values())
    for (const cell of tasks.values()) for (const outcome of cell) byTrial.set(outcome.trial.id, outcome);
  const found = new Map<string, { read: ReadReview; outcome: TrialOutcome }>();
  for (const read of reviews) {
    const outcome = byTrial.get(read.review.trialId);
    if (outcome?.receipt == null)
      throw new CrossoverError(
        'invalid-input',
        `${read.path}: $.trialId ${read.review.trialId} is not a scheduled trial with a receipt`,
      );
    const twin = found.get(read.review.trialId);
    if (twin)
      throw new CrossoverError(
        'conflict',
        `${read.path}: trial ${read.review.trialId} is reviewed in ${twin.read.path} too`,
      );
    found.set(read.review.trialId, { read, outcome });
  }
  return found;
}

function rejectedOf(read: ReadReview): OverlayTrial['rejected'] {
  return read.review.edits
    .filter((edit) => edit.verdict === 'rejected')
    .map((edit) => ({ file: edit.file, hunk: edit.hunk, reason: edit.reason ?? '' }));
}

/**
 * The human review overlay (docs/architecture.md, "Score"): per arm, the oracle's passes beside the
 * passes no reviewer objected to, and the corrections left. It reads the outcomes and never changes
 * them: no verdict, rate or gate rests on a review. Null when no review was read. Pure.
 */
export function reviewOverlay(
  plan: Plan,
  outcomes: OutcomeTable,
  reviews: readonly ReadReview[],
): ReviewOverlay | null {
  if (reviews.length === 0) return null;
  const reviewed = reviewedOutcomes(outcomes, reviews);
  const trials: OverlayTrial[] = [];
  for (const trial of plan.schedule.trials) {
    const entry = reviewed.get(trial.id);
    const rejected = entry ? rejectedOf(entry.read) : [];
    if (!entry || rejected.length === 0) continue;
    const { taskId, arm, repeat } = trial;
    trials.push({ trialId: trial.id, taskId, arm, repeat, status: entry.outcome.receipt!.status, rejected });
  }
  const arms = plan.arms.map((arm) => {
    const cells = [...outcomes.get(arm.id)!.values()].flat();
    const ofArm = [...reviewed.values()].filter(({ outcome }) => outcome.trial.arm === arm.id);
    const passed = cells.filter((outcome) => outcome.class === 'success').length;
    const passedWithRejections = ofArm.filter(
      ({ read, outcome }) => outcome.class === 'success' && rejectedOf(read).length > 0,
    ).length;
    return {
      arm: arm.id,
      passed,
      reviewed: ofArm.length,
      passedWithRejections,
      reviewAdjustedPassed: passed - passedWithRejections,
      rejectedEdits: ofArm.reduce((sum, { read }) => sum + rejectedOf(read).length, 0),
    };
  });
  const files = reviews
    .map(({ path, digest, review }) => ({ path, digest, trialId: review.trialId }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, arms, trials };
}
