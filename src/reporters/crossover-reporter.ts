import { resolve } from 'node:path';
import type { Reporter, TestCase, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { CrossoverError } from '../contracts/errors.js';
import { EvidenceSchema, evidenceDigest } from '../contracts/evidence.js';
import { attemptOf, type Receipt, ReceiptSchema, receiptDigestHolds } from '../contracts/receipt.js';
import type { RunSelection } from '../contracts/run-filter.js';
import { planFilesOfReceipts } from '../io/layout.js';
import { writeEvidence } from '../receipts/evidence-store.js';
import { writeReceipt } from '../receipts/store.js';
import { scorePlan } from './score-plan.js';
import { summarizeRun } from './summary.js';
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

  /** `selection`: the run was limited to some tasks or arms (`crossover run --task --arm`). */
  constructor(private readonly options: { selection?: RunSelection } = {}) {}

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
   * Scores the plan a run's tests ran: its plan.json beside its receipts directory (io/layout.ts), whose
   * digest must be the plan id the tests carried. A record that cannot be read (reviews, the corpus card) is a problem of
   * the run, and the scorecard is written without the overlay: `crossover score` refuses it.
   */
  private async score(root: string, seen: PlanSeen) {
    const layout = planFilesOfReceipts(seen.receiptsDir);
    try {
      return await scorePlan({
        root,
        planFile: layout.planFile,
        receiptsDir: seen.receiptsDir,
        outDir: layout.scorecardDir,
        expectedPlanId: seen.planId,
        allowNoReceipts: true,
        ...(this.options.selection ? { selection: this.options.selection } : {}),
        onRecordError: (error, leftOut) =>
          this.problems.push(`${error.message}\n  the scorecard was written without the ${leftOut}`),
      });
    } catch (error) {
      if (!(error instanceof CrossoverError)) throw error;
      this.problems.push(error.message);
      return null;
    }
  }

  async onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    errors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): Promise<void> {
    if (errors.length > 0) this.problems.push(`${errors.length} unhandled error(s) during the run`);
    const cwd = this.vitest?.config.root ?? process.cwd();
    for (const seen of [...this.plans.values()].sort((a, b) => a.planId.localeCompare(b.planId))) {
      const scored = await this.score(cwd, seen);
      if (scored === null) continue;
      const { plan, scorecard, files } = scored;
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
