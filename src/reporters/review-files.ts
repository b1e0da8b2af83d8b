import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { digestBytes } from '../contracts/canonical.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import type { Evidence } from '../contracts/evidence.js';
import type { Plan, ScheduledTrial } from '../contracts/plan.js';
import { attemptOf, type Receipt } from '../contracts/receipt.js';
import { type ReadReview, type Review, type ReviewEdit, ReviewSchema, reviewEdits } from '../contracts/review.js';
import { writeNewFileAtomic } from '../io/atomic.js';
import { planKey } from '../io/layout.js';
import { readEvidence } from '../receipts/evidence-store.js';

/** The folder beside the experiment file that holds people's reviews. */
export const REVIEWS_DIR = 'reviews';

/** `<experiment folder>/reviews/<experiment>/<plan key>/`: one plan's reviews, never mixed with another's. */
export function planReviewsDir(root: string, plan: Plan, planId: string): string {
  return join(root, dirname(plan.experiment.file), REVIEWS_DIR, plan.experiment.id, planKey(planId));
}

/** `<task>/<arm>/<repeat>.json` inside the plan's reviews folder (ids never hold "/"). */
export function reviewFile(dir: string, trial: Pick<ScheduledTrial, 'taskId' | 'arm' | 'repeat'>): string {
  return join(dir, trial.taskId, trial.arm, `${trial.repeat}.json`);
}

/** A review's on-disk form: fields in their schema's order, so a person reads the trial before its edits. */
function reviewText(review: Review): string {
  return `${JSON.stringify(review, null, 2)}\n`;
}

/**
 * Writes the review file of one trial, prefilled from its evidence diff with every edit accepted,
 * and returns its path. An existing review is a person's work: it is never replaced.
 */
export async function writeReview(input: {
  root: string;
  plan: Plan;
  planId: string;
  receipt: Receipt;
  evidence: Evidence;
}): Promise<string> {
  const { root, plan, planId, receipt, evidence } = input;
  const { trial } = receipt;
  if (evidence.diff === null)
    throw new CrossoverError(
      'not-found',
      `trial ${trial.id}: its workspace was not examined (the evidence holds no diff): nothing to review`,
    );
  const review: Review = {
    schema: 'crossover.review/1',
    planId,
    trialId: trial.id,
    taskId: trial.taskId,
    arm: trial.arm,
    repeat: trial.repeat,
    evidence: receipt.evidence!,
    edits: reviewEdits(evidence.diff),
  };
  const path = reviewFile(planReviewsDir(root, plan, planId), trial);
  if (!(await writeNewFileAtomic(path, reviewText(parseWith(ReviewSchema, review, path)))))
    throw new CrossoverError(
      'conflict',
      `${relative(root, path)}: a review of this trial exists; edit it, or delete it to start again`,
    );
  return path;
}

/** Every review file below `dir` (temp files of atomic writes start with "." and are skipped). */
async function listReviewFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new CrossoverError('not-found', `${dir}: cannot read the reviews folder (${error.code ?? error.message})`);
  });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The attempt of each trial that counts: the last one stored. */
function countedReceipts(receipts: readonly Receipt[]): Map<string, Receipt> {
  const counted = new Map<string, Receipt>();
  for (const receipt of receipts) {
    const seen = counted.get(receipt.trial.id);
    if (!seen || attemptOf(receipt) > attemptOf(seen)) counted.set(receipt.trial.id, receipt);
  }
  return counted;
}

function refuse(file: string, field: string, detail: string): CrossoverError {
  return new CrossoverError('invalid-input', `${file}: invalid\n  ${field}: ${detail}`);
}

const editKey = (edit: Pick<ReviewEdit, 'file' | 'hunk' | 'header' | 'change'>) =>
  JSON.stringify([edit.file, edit.hunk, edit.header, edit.change]);

/** A review must be of this plan's trial named by its path, of the evidence its counted receipt names now. */
async function checkReview(
  file: string,
  review: Review,
  context: { plan: Plan; planId: string; counted: Map<string, Receipt>; receiptsDir: string; expectedPath: string },
): Promise<void> {
  const { plan, planId, counted, receiptsDir } = context;
  if (review.planId !== planId) throw refuse(file, '$.planId', `is ${review.planId}, expected this plan, ${planId}`);
  const trial = plan.schedule.trials.find((scheduled) => scheduled.id === review.trialId);
  if (!trial) throw refuse(file, '$.trialId', `${review.trialId} is not a trial the plan scheduled`);
  for (const field of ['taskId', 'arm', 'repeat'] as const)
    if (review[field] !== trial[field])
      throw refuse(
        file,
        `$.${field}`,
        `is ${JSON.stringify(review[field])}, but trial ${trial.id} has ${trial[field]}`,
      );
  if (context.expectedPath !== file)
    throw refuse(file, '$.trialId', `the review of trial ${trial.id} belongs in ${context.expectedPath}`);
  const receipt = counted.get(trial.id);
  if (!receipt) throw refuse(file, '$.trialId', `trial ${trial.id} has no stored receipt`);
  if (receipt.evidence !== review.evidence)
    throw refuse(
      file,
      '$.evidence',
      `is ${review.evidence}, but the counted receipt of trial ${trial.id} names ${receipt.evidence ?? 'no evidence'}: review it again`,
    );
  const evidence = await readEvidence(receiptsDir, receipt.evidence);
  const known = new Set(reviewEdits(evidence.diff ?? { files: [], omitted: 0 }).map(editKey));
  review.edits.forEach((edit, index) => {
    if (!known.has(editKey(edit)))
      throw refuse(
        file,
        `$.edits[${index}]`,
        `${edit.file} hunk ${edit.hunk} (${edit.change}) is not an edit of the trial's evidence`,
      );
  });
}

/**
 * Reads and checks every review file of a plan, for the scorecard builder. Each file is parsed
 * with its closed schema and bound to its trial's counted receipt and evidence; a malformed or
 * stale review is refused, naming the file and the field. Paths are root-relative (posix).
 */
export async function readReviews(input: {
  root: string;
  plan: Plan;
  planId: string;
  receipts: readonly Receipt[];
  receiptsDir: string;
}): Promise<ReadReview[]> {
  const { root, plan, planId } = input;
  const dir = planReviewsDir(root, plan, planId);
  const counted = countedReceipts(input.receipts);
  const reads: ReadReview[] = [];
  for (const path of await listReviewFiles(dir)) {
    const file = relative(root, path).split(sep).join('/');
    const bytes = await readFile(path);
    const review = parseWith(ReviewSchema, parseJsonText(bytes.toString('utf8'), file), file);
    const expectedPath = relative(root, reviewFile(dir, review)).split(sep).join('/');
    await checkReview(file, review, { plan, planId, counted, receiptsDir: input.receiptsDir, expectedPath });
    reads.push({ path: file, digest: digestBytes(bytes), review });
  }
  return reads;
}
