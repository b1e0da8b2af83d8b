// Before any schema is built: see the module.
import '../contracts/zod-config.js';
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, describe, inject, type TestContext, test } from 'vitest';
import { CrossoverError } from '../contracts/errors.js';
import { type PlannedArm, PlanSchema, plannedTrials, type ScheduledTrial } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import { BrowserSession } from '../grading/browser-session.js';
import { readArtifact } from '../io/json.js';
import { readReceipt } from '../receipts/read.js';
import { receiptFile } from '../receipts/store.js';
import type { TrialMeta } from '../reporters/trial-meta.js';
import { armIsIneligible } from '../score/outcomes.js';
import { AgentSlots } from '../trial/agent-slots.js';
import { loadPlannedTask, runPlannedTrial } from '../trial/run-planned-trial.js';
import { trialPlanOf } from '../trial/trial-plan.js';
import { type ReadyRun, RUN_CONTEXT_KEY } from './run-context.js';
import { withoutStackFrames } from './stackless.js';
import { annotate, evidenceAnnotations, receiptAnnotations } from './trial-annotations.js';

/** Why an arm is never run: its provider's probe excluded or blocked it (the scorecard counts its trials excluded). */
function ineligibleReason(arm: PlannedArm): string | null {
  if (!armIsIneligible(arm)) return null;
  const reasons = arm.provider?.eligibilityReasons.join('; ') ?? '';
  return `provider ${arm.provider?.id} is ${arm.provider?.eligibility}${reasons ? `: ${reasons}` : ''}`;
}

/** How many attempts of a trial are stored: attempts are numbered without gaps, from 1; 0 for none. */
function storedAttempts(receiptsDir: string, trialId: string): number {
  let attempts = 0;
  while (existsSync(receiptFile(receiptsDir, trialId, attempts + 1))) attempts += 1;
  return attempts;
}

/**
 * A trial this run re-attempts runs as its next attempt; any other trial with a stored receipt
 * replays its last attempt (the one the scorecard counts), not its first.
 */
function trialMeta(context: ReadyRun, trial: ScheduledTrial, arm: PlannedArm): TrialMeta {
  const { receiptsDir } = context;
  const reattempt = context.reattempts[trial.id];
  const stored = reattempt === undefined ? storedAttempts(receiptsDir, trial.id) : 0;
  const meta: TrialMeta = {
    planId: context.planId,
    trialId: trial.id,
    taskId: trial.taskId,
    arm: trial.arm,
    repeat: trial.repeat,
    block: trial.block,
    position: trial.position,
    // Relative: meta is copied into Vitest's reports (HTML, JSON, blobs), which must not name this machine's paths.
    receiptsDir: relative(context.root, receiptsDir),
    attempt: reattempt ?? Math.max(stored, 1),
  };
  const excluded = ineligibleReason(arm);
  if (excluded !== null) meta.excluded = `never run: ${excluded}`;
  else if (stored > 0) meta.resumed = 'its receipt already exists: replayed, not run twice';
  return meta;
}

/**
 * Each hidden check is its own soft assertion, so Vitest UI shows which one failed. A failure's
 * message names the check and carries its message; its stack would point only into the harness,
 * and Vitest's main process reads the file and source map of every external frame of every failed
 * assertion, so failures are made without frames.
 */
function assertChecks(context: TestContext, receipt: Receipt): void {
  withoutStackFrames(() => {
    for (const check of receipt.checks) {
      context.expect.soft(check.status, `${check.kind} check ${check.id}: ${check.message}`).toBe('pass');
    }
    const findings = receipt.findings.map((f) => f.kind).join(', ') || 'none';
    context.expect.soft(receipt.status, `trial status (findings: ${findings})`).toBe('passed');
  });
}

/**
 * A trial whose receipt exists is not run again: its recorded checks become the test's assertions
 * and its diagnostics the annotations, so Vitest shows the whole experiment, not only this session.
 * The receipt is read as the scorecard reads it (schema and digest); it is not handed to the
 * reporter, which writes only new receipts and counts this one resumed.
 */
async function replayReceipt(context: TestContext, receiptsDir: string, meta: TrialMeta): Promise<void> {
  const file = receiptFile(receiptsDir, meta.trialId, meta.attempt);
  const receipt = await readReceipt(file, meta.planId);
  if (receipt.trial.id !== meta.trialId)
    throw new CrossoverError('conflict', `${file}: holds the receipt of trial ${receipt.trial.id}`);
  await annotate(context, [[`resumed: ${meta.resumed}`, 'crossover:resumed'], ...receiptAnnotations(receipt)]);
  assertChecks(context, receipt);
}

/**
 * Declares every scheduled trial of one task, in schedule order, as one test `<arm> #<repeat>`: the
 * test runs (or, resumed, replays) the trial's latest attempt, so a re-attempt reruns the same test.
 * The receipt travels in the test's meta, so the reporter writes it, also when sharded runs are merged.
 */
export async function declareTrials(taskId: string): Promise<void> {
  const context = inject(RUN_CONTEXT_KEY);
  if (context.state === 'stopped') throw new Error(`crossover: ${context.stopReason}`);
  const plan = await readArtifact(context.planFile, PlanSchema);
  const trialPlan = trialPlanOf(plan, context.planId);
  // Each task is loaded, and its prompt rendered, once for all of its trials.
  const loaded = await loadPlannedTask(context.root, trialPlan, taskId);
  // Launching Chromium costs more than a browser check: the trials of one task share one.
  const browser = new BrowserSession();
  afterAll(() => browser.close());
  const agentSlots = new AgentSlots(context.agentsPerFile);

  // The reproducibility subset's re-runs come after the schedule, each in a fresh workspace of its own.
  describe.concurrent(taskId, () => {
    for (const { trial, rerunOf } of plannedTrials(plan).filter((t) => t.trial.taskId === taskId)) {
      const arm = plan.arms.find((a) => a.id === trial.arm);
      if (!arm) throw new Error(`crossover: trial ${trial.id} names arm ${trial.arm}, which the plan does not have`);
      const meta = trialMeta(context, trial, arm);
      test(`${trial.arm} #${trial.repeat}${rerunOf === null ? '' : ' re-run'}`, {
        meta: { crossover: meta },
        retry: 0,
        skip: meta.excluded !== undefined,
      }, async (testContext) => {
        if (meta.resumed !== undefined) return replayReceipt(testContext, context.receiptsDir, meta);
        let ownStart = performance.now();
        const { receipt, evidence } = await runPlannedTrial(trialPlan, trial.id, {
          root: context.root,
          providers: context.providers,
          experimentDir: context.experimentDir,
          signal: testContext.signal,
          attempt: meta.attempt,
          loaded,
          browser,
          agentSlots: agentSlots.forTrial(() => {
            ownStart = performance.now();
          }),
          keepEvidence: true,
          deadline: context.deadlineAt,
          ...(context.authHome === null ? {} : { authHome: context.authHome }),
        });
        testContext.task.meta.crossoverReceipt = receipt;
        testContext.task.meta.crossoverSeconds = (performance.now() - ownStart) / 1000;
        if (evidence) testContext.task.meta.crossoverEvidence = evidence;
        await annotate(testContext, [
          ...receiptAnnotations(receipt),
          ...(evidence ? evidenceAnnotations(receipt, evidence) : []),
        ]);
        assertChecks(testContext, receipt);
      });
    }
  });
}
