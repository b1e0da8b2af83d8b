import { dirname, join, resolve } from 'node:path';
import type { Reporter, TestCase, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { CrossoverError } from '../contracts/errors.js';
import { EvidenceSchema, evidenceDigest } from '../contracts/evidence.js';
import { type Plan, PlanSchema } from '../contracts/plan.js';
import { attemptOf, type Receipt, ReceiptSchema, receiptDigestHolds } from '../contracts/receipt.js';
import { readCorpusFacts } from '../corpus/corpus-facts.js';
import { readArtifact } from '../io/json.js';
import { writeEvidence } from '../receipts/evidence-store.js';
import { readReceipts } from '../receipts/read.js';
import { writeReceipt } from '../receipts/store.js';
import { buildScorecard } from '../score/scorecard.js';
import { readReviews } from './review-files.js';
import { summarizeRun } from './summary.js';
import { writeScorecard } from './write-scorecard.js';
import './trial-meta.js';

interface PlanSeen {
  planId: string;
  receiptsDir: string;
}

/**
 * Writes each trial's receipt as soon as its test ends, and at the end of the run scores every
 * receipt of each plan on disk (not just this run's). Infrastructure problems are collected so that
 * `crossover run` can tell them from trial failures, which are data.
 */
export default class CrossoverReporter implements Reporter {
  private vitest: Vitest | undefined;
  private readonly plans = new Map<string, PlanSeen>();
  readonly problems: string[] = [];
  readonly scorecards: string[] = [];
  written = 0;
  resumed = 0;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  private log(text: string): void {
    if (this.vitest) this.vitest.logger.log(text);
    else process.stdout.write(`${text}\n`);
  }

  async onTestCaseResult(testCase: TestCase): Promise<void> {
    const meta = testCase.meta();
    const trial = meta.crossover;
    if (!trial) return;
    // Meta names the receipts directory relative to the project's root (an older run's, absolute: kept).
    const receiptsDir = resolve(testCase.project.config.root, trial.receiptsDir);
    this.plans.set(trial.planId, { planId: trial.planId, receiptsDir });
    const state = testCase.result().state;
    if (!meta.crossoverReceipt) {
      // A replayed trial passes or fails as its receipt did; its receipt is already stored.
      if (trial.resumed) this.resumed += 1;
      else if (state !== 'skipped')
        this.problems.push(`${trial.taskId} ${trial.arm} #${trial.repeat}: ended ${state} without a receipt`);
      return;
    }
    const parsed = ReceiptSchema.safeParse(meta.crossoverReceipt);
    const receipt = parsed.success ? parsed.data : null;
    if (
      !receipt ||
      !receiptDigestHolds(receipt) ||
      receipt.trial.id !== trial.trialId ||
      attemptOf(receipt) !== trial.attempt ||
      receipt.planId !== trial.planId
    ) {
      this.problems.push(
        `${trial.taskId} ${trial.arm} #${trial.repeat}: its receipt does not match its trial or digest`,
      );
      return;
    }
    try {
      // Evidence first: a receipt on disk never names evidence that is not there.
      if (!(await this.storeEvidence(receiptsDir, receipt, meta.crossoverEvidence))) return;
      await writeReceipt(receiptsDir, receipt);
      this.written += 1;
    } catch (error) {
      if (!(error instanceof CrossoverError)) throw error;
      this.problems.push(error.message);
    }
  }

  /** Stores the evidence the receipt names; false (a problem noted, no receipt written) when it does not match. */
  private async storeEvidence(receiptsDir: string, receipt: Receipt, evidence: unknown): Promise<boolean> {
    if (receipt.evidence === undefined) return true;
    const parsed = EvidenceSchema.safeParse(evidence);
    if (!parsed.success || evidenceDigest(parsed.data) !== receipt.evidence) {
      const { taskId, arm, repeat } = receipt.trial;
      this.problems.push(`${taskId} ${arm} #${repeat}: the evidence its receipt names did not arrive intact`);
      return false;
    }
    await writeEvidence(receiptsDir, parsed.data);
    return true;
  }

  /**
   * The plan's review files; a malformed one is a problem of the run, and the scorecard is written
   * without the overlay (the oracle's results never wait on a review): `crossover score` refuses it.
   */
  private async reviewsOf(root: string, plan: Plan, seen: PlanSeen, receipts: readonly Receipt[]) {
    try {
      return await readReviews({ root, plan, planId: seen.planId, receipts, receiptsDir: seen.receiptsDir });
    } catch (error) {
      if (!(error instanceof CrossoverError)) throw error;
      this.problems.push(`${error.message}\n  the scorecard was written without the review overlay`);
      return [];
    }
  }

  /** A record the scorecard reads beside the receipts that cannot be read: a problem of the run, the scorecard written without it. */
  private problem(error: unknown, what: string): null {
    if (!(error instanceof CrossoverError)) throw error;
    this.problems.push(`${error.message}\n  the scorecard was written without the ${what}`);
    return null;
  }

  async onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    errors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): Promise<void> {
    if (errors.length > 0) this.problems.push(`${errors.length} unhandled error(s) during the run`);
    const cwd = this.vitest?.config.root ?? process.cwd();
    for (const seen of [...this.plans.values()].sort((a, b) => a.planId.localeCompare(b.planId))) {
      const planDir = dirname(seen.receiptsDir);
      const plan = await readArtifact(join(planDir, 'plan.json'), PlanSchema);
      const receipts = await readReceipts(seen.receiptsDir, seen.planId);
      const reviews = await this.reviewsOf(cwd, plan, seen, receipts);
      const corpus = await readCorpusFacts(cwd, plan).catch((error: unknown) => this.problem(error, 'corpus card'));
      const scorecard = buildScorecard({ plan, planId: seen.planId, receipts, reviews, corpus });
      const files = await writeScorecard(planDir, scorecard, { plan, receipts, receiptsDir: seen.receiptsDir });
      this.scorecards.push(files.json);
      this.log(
        summarizeRun({
          plan,
          scorecard,
          written: this.written,
          resumed: this.resumed,
          reason,
          scorecardFiles: files,
          cwd,
        }),
      );
    }
    for (const problem of this.problems) this.log(`crossover: ${problem}`);
  }
}
