import { relative } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import { type Plan, PlanSchema } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import type { RunSelection } from '../contracts/run-filter.js';
import type { Scorecard } from '../contracts/scorecard.js';
import { readCorpusFacts } from '../corpus/corpus-facts.js';
import { readArtifact } from '../io/json.js';
import { readReceipts } from '../receipts/read.js';
import { buildScorecard } from '../score/scorecard.js';
import { readReviews } from './review-files.js';
import { type ScorecardPaths, writeScorecard } from './write-scorecard.js';

export interface ScorePlanInput {
  /** the project root review files are read below, and messages are relative to */
  root: string;
  planFile: string;
  receiptsDir: string;
  /** where the scorecard and its trial pages are written */
  outDir: string;
  /** the plan id the caller ran (a run's test meta): a plan file whose digest is another is refused */
  expectedPlanId?: string;
  /** a run scores what it has, even nothing; `crossover score` refuses to score no receipts */
  allowNoReceipts?: boolean;
  /**
   * A record read beside the receipts that cannot be read (a review file, the corpus's records for
   * its card): absent, the error is thrown (`crossover score` refuses); given, it is told what was
   * left out and the scorecard is written without it (a run's results never wait on a record).
   */
  onRecordError?: (error: CrossoverError, leftOut: string) => void;
  /** the run that scores was limited to some tasks or arms: the scorecard says what it left out */
  selection?: RunSelection;
}

export interface ScoredPlan {
  plan: Plan;
  planId: string;
  receipts: Receipt[];
  scorecard: Scorecard;
  files: ScorecardPaths;
}

/** A record the scorecard reads beside the receipts, or `fallback` when the caller takes its error. */
async function record<T>(input: ScorePlanInput, read: () => Promise<T>, fallback: T, leftOut: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof CrossoverError) || input.onRecordError === undefined) throw error;
    input.onRecordError(error, leftOut);
    return fallback;
  }
}

/**
 * The one way a scorecard is made: the plan read and its id taken from its own bytes, its receipts
 * (of that plan only) and reviews read, the scorecard built and written in every format with the
 * trial pages. Used by `crossover score` and by the reporter at the end of a run.
 */
export async function scorePlan(input: ScorePlanInput): Promise<ScoredPlan> {
  const plan = await readArtifact(input.planFile, PlanSchema);
  const planId = digestOf(plan);
  if (input.expectedPlanId !== undefined && input.expectedPlanId !== planId)
    throw new CrossoverError(
      'conflict',
      `${relative(input.root, input.planFile)}: is plan ${planId}, not the plan ${input.expectedPlanId} the run ran`,
    );
  const receipts = await readReceipts(input.receiptsDir, planId);
  // A scorecard of nothing would read as a result (Δ n/a, p = 1): there is nothing to score.
  if (receipts.length === 0 && !input.allowNoReceipts)
    throw new CrossoverError(
      'not-found',
      `${relative(input.root, input.receiptsDir) || '.'}: holds no receipts of plan ${planId}; nothing to score (run the plan first)`,
    );
  const reviews = await record(
    input,
    () => readReviews({ root: input.root, plan, planId, receipts, receiptsDir: input.receiptsDir }),
    [],
    'review overlay',
  );
  const corpus = await record(input, () => readCorpusFacts(input.root, plan), null, 'corpus card');
  const scorecard = buildScorecard({
    plan,
    planId,
    receipts,
    reviews,
    corpus,
    ...(input.selection ? { selection: input.selection } : {}),
  });
  const files = await writeScorecard(input.outDir, scorecard, { plan, receipts, receiptsDir: input.receiptsDir });
  return { plan, planId, receipts, scorecard, files };
}
